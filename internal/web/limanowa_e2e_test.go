package web_test

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	_ "sandtable/internal/games/limanowa"
)

// limCentreJS defines limCentre(id), a hex's centre in hex sizes (rulings-
// data D1: columns A..AR, the even ones half a hex lower).
const limCentreJS = `var limCentre = (id) => {
  const m = /^([A-Z]+)(\d+)$/.exec(id), l = m[1], c = l.length === 2 ? 26 + l.charCodeAt(1) - 64 : l.charCodeAt(0) - 64, r = +m[2];
  return [1.5 * c, Math.sqrt(3) * (r - (c % 2 ? 0.5 : 0))];
};
`

// limSetUp plays a hot-seat Limanowa game through the API from the page
// until the Austro-Hungarians may issue a command (5.21): every unit set
// up formed in the hex of its area nearest Limanowa's N17, so that the
// sides meet, and the Russians passing. It returns the side.
const limSetUp = limCentreJS + `(async () => {
  const me = await (await fetch('/api/me')).json();
  const id = location.pathname.split('/')[2];
  for (let i = 0; i < 100; i++) {
    const v = await (await fetch('/api/games/' + id)).json();
    if (v.view.step === 'command' && v.side === 'central') return v.side;
    const far = (a) => { const x = limCentre(a.action.split(' ')[2]), n = limCentre('N17'); return Math.hypot(x[0] - n[0], x[1] - n[1]); };
    const places = v.actions.filter((a) => a.action.endsWith(' formed'));
    const pass = v.actions.find((a) => a.action === 'pass');
    const act = places.length ? places.reduce((m, a) => (far(a) < far(m) ? a : m)) : pass || v.actions[0];
    await fetch('/api/games/' + id + '/actions', { method: 'POST', headers: { 'Content-Type': 'application/json', 'X-CSRF-Token': me.csrf },
      body: JSON.stringify({ side: v.side, move: v.move, action: act.action }) });
  }
  return '';
})()`

// limNearest names, for the side given, its counter that may be
// commanded nearest an enemy unit; with lit, the lit hex nearest an enemy
// unit that unit may enter without crossing a stream (which would end
// its move, 8.7) unless the hex is next to the enemy.
const limNearest = limCentreJS + `(async (side, lit, unit) => {
  const v = await (await import('/static/js/api.js')).request('GET', '/api/games/' + location.pathname.split('/')[2] + '?side=' + side); // with its map sheet
  const at = { get: limCentre };
  const units = v.view.units.filter((u) => u.where === 'map');
  const enemies = units.filter((u) => u.side !== side).map((u) => at.get(u.hex));
  const gap = (hex) => Math.min(...enemies.map((e) => Math.hypot(at.get(hex)[0] - e[0], at.get(hex)[1] - e[1])));
  if (lit) {
    const from = units.find((u) => u.id === unit).hex;
    const wet = new Set(v.view.map.streams.map(([a, b]) => a + '/' + b));
    const dests = [...document.querySelectorAll('.mapscroll path.hex.dest')].map((p) => p.dataset.hex).filter((x) => gap(x) < 1.8 || !wet.has(from + '/' + x) && !wet.has(x + '/' + from));
    return dests.sort((a, b) => gap(a) - gap(b))[0] || '';
  }
  const mine = units.filter((u) => u.side === side && v.actions.some((a) => a.action === 'activate ' + u.id));
  return (mine.sort((a, b) => gap(a.hex) - gap(b.hex))[0] || { id: '' }).id;
})`

// limView is the game's step as side sees it and the number of its actions.
func limView(side string) string {
	return `fetch('/api/games/' + location.pathname.split('/')[2] + '?side=` + side + `').then((r) => r.json()).then((v) => v.view.step + ' ' + v.actions.length)`
}

// limSeed is the seed of the game TestBrowserLimanowa plays.
const limSeed = "1"

// TestBrowserLimanowa opens a Limanowa game in the browser: the map with
// its levels, contour lines, villages, woods, roads, streams and bridges,
// the counters and the turn record track; a command given by selecting a
// counter, a move played one hex a click on the lit hexes until the other
// side may fire, the reaction prompt in place with the odds, passed with
// one click; then the line-of-sight tool on a seen and a blocked line.
func TestBrowserLimanowa(t *testing.T) {
	ctx, base := browser(t)
	err := chromedp.Do(ctx, chromedp.EmulateViewport(1400, 900),
		newGuestGame(base, "limanowa"),
		chromedp.WaitVisible(css(`svg.map.lim path.hex`)),
		js(`localStorage.setItem('curtain', 'off')`),
	)
	if err != nil {
		t.Fatal(err)
	}
	// The game to play: one of a known seed, so that the walk below meets
	// the enemy the same way every time.
	id, err := chromedp.Run(ctx, chromedp.Evaluate[string](`(async () => {
  const me = await (await fetch('/api/me')).json();
  const r = await fetch('/api/games', { method: 'POST', headers: { 'Content-Type': 'application/json', 'X-CSRF-Token': me.csrf },
    body: JSON.stringify({ game: 'limanowa', mode: 'hotseat', seed: `+limSeed+` }) });
  return (await r.json()).id;
})()`, chromedp.EvalAwaitPromise))
	if err != nil || id == "" {
		t.Fatalf("a seeded game: %q %v", id, err)
	}
	if err := chromedp.Do(ctx, chromedp.Navigate(base+"/play/"+id), chromedp.WaitVisible(css(`svg.map.lim path.hex`)), limShots("lim-setup")); err != nil {
		t.Fatal(err)
	}
	counts, err := chromedp.Run(ctx, chromedp.Evaluate[[]int](`[".mapscroll path.hex", ".mapscroll .contour", ".mapscroll .village", ".mapscroll .woods", ".mapscroll .road", ".mapscroll .stream", ".mapscroll .bridge", ".mapscroll .place", ".lim-track .slot", ".notice"].map((q) => document.querySelectorAll(q).length)`))
	if err != nil {
		t.Fatal(err)
	}
	if counts[0] != 44*25 || counts[1] < 50 || counts[2] < 10 || counts[3] < 10 || counts[4] < 2 || counts[5] < 30 || counts[6] < 2 || counts[7] < 2 || counts[8] != 6 || counts[9] != 1 {
		t.Fatalf("map: hexes, contours, villages, woods, roads, streams, bridges, names, turn slots, notice = %v", counts)
	}
	// The first unit to set up starts selected, its hexes lit; a lit hex
	// asks formed or dispersed.
	err = chromedp.Do(ctx, chromedp.WaitVisible(css(`.mapscroll path.hex.dest`)), viewShot("lim-setup-lit"),
		mouseClick(`.mapscroll path.hex.dest`), chromedp.WaitVisible(css(`.chooser button[data-action$=" formed"]`)),
		chromedp.Click(css(`.chooser button[data-action$=" formed"]`)), chromedp.WaitVisible(css(`.mapscroll g.counter`)))
	if err != nil {
		t.Fatal(err)
	}
	side, err := chromedp.Run(ctx, chromedp.Evaluate[string](limSetUp, chromedp.EvalAwaitPromise))
	if err != nil || side == "" {
		t.Fatalf("set-up did not reach a command: %q %v", side, err)
	}
	other := map[string]string{"central": "russian", "russian": "central"}[side]
	if err := chromedp.Do(ctx, chromedp.Navigate(base+"/play/"+gameID(t, ctx)+"?side="+side), chromedp.WaitVisible(css(`.mapscroll g.counter.actionable`))); err != nil {
		t.Fatal(err)
	}
	noStrayText(t, ctx)
	if n, _ := chromedp.Run(ctx, chromedp.Evaluate[int](`document.querySelectorAll("aside .buttons button").length`)); n > 12 {
		t.Fatalf("the page lists %d action buttons beside the board", n)
	}
	// The standing reaction order, set from the board (6.71).
	if err := chromedp.Do(ctx, js(`const p = document.querySelector('select[name=policy]'); p.value = 'mg-fire'; p.dispatchEvent(new Event('change'))`)); err != nil {
		t.Fatal(err)
	}
	// Wait (a bound, not a timing assertion) for the order to be given.
	n, _ := chromedp.Run(ctx, chromedp.Evaluate[string](`(async () => {
  let p = '';
  for (let i = 0; i < 50 && p !== 'mg-fire'; i++) {
    p = (await (await fetch('/api/games/' + location.pathname.split('/')[2] + '?side=`+side+`')).json()).view.policy;
    await new Promise((ok) => setTimeout(ok, 100));
  }
  return p;
})()`, chromedp.EvalAwaitPromise))
	if n != "mg-fire" {
		t.Fatalf("the standing order after the choice: %q", n)
	}
	// The command: select the counter nearest the enemy, command it, move.
	unit, err := chromedp.Run(ctx, chromedp.Evaluate[string](fmt.Sprintf(`%s(%q, false, "")`, limNearest, side), chromedp.EvalAwaitPromise))
	if err != nil || unit == "" {
		t.Fatalf("no counter of %s to command: %v", side, err)
	}
	err = chromedp.Do(ctx, mouseClick(`.mapscroll g.counter[data-unit="`+unit+`"]`),
		chromedp.WaitVisible(css(`.unitinfo button[data-action="activate `+unit+`"]`)), viewShot("lim-selected"),
		chromedp.Click(css(`.unitinfo button[data-action="activate `+unit+`"]`)),
		chromedp.WaitVisible(css(`.unitinfo button[data-action="move `+unit+`"]`)),
		chromedp.Click(css(`.unitinfo button[data-action="move `+unit+`"]`)),
		chromedp.WaitVisible(css(`.mapscroll path.hex.dest`)), viewShot("lim-move"))
	if err != nil {
		t.Fatal(err)
	}
	// One hex a click toward the enemy, until the other side may fire.
	reacted := false
	for i := 0; i < 12 && !reacted; i++ {
		hex, err := chromedp.Run(ctx, chromedp.Evaluate[string](fmt.Sprintf(`%s(%q, true, %q)`, limNearest, side, unit), chromedp.EvalAwaitPromise))
		if err != nil || hex == "" {
			t.Fatalf("step %d: no lit hex for %s: %v", i, unit, err)
		}
		if err := chromedp.Do(ctx, mouseClick(`.mapscroll path.hex.dest[data-hex="`+hex+`"]`), chromedp.Sleep(400*time.Millisecond)); err != nil {
			t.Fatal(err)
		}
		st, _ := chromedp.Run(ctx, chromedp.Evaluate[string](limView(other), chromedp.EvalAwaitPromise))
		if strings.HasPrefix(st, "react ") {
			reacted = true
			break
		}
		if st, _ := chromedp.Run(ctx, chromedp.Evaluate[string](limView(side), chromedp.EvalAwaitPromise)); !strings.HasPrefix(st, "move ") {
			dump, _ := chromedp.Run(ctx, chromedp.Evaluate[string](`fetch('/api/games/' + location.pathname.split('/')[2]).then((r) => r.json()).then((v) => JSON.stringify(v.view.units.map((u) => u.id + '@' + u.hex + (u.spent ? 's' : ''))) + v.log.slice(-12).map((e) => e.text).join(' | '))`, chromedp.EvalAwaitPromise))
			t.Fatalf("step %d to %s: the move ended (%s) before any reaction: %s", i, hex, st, dump)
		}
		if err := chromedp.Do(ctx, chromedp.WaitVisible(css(`.mapscroll path.hex.dest`))); err != nil {
			t.Fatal(err)
		}
	}
	if !reacted {
		t.Fatal("no reaction window in twelve steps")
	}
	// The reaction prompt in place: the movers, who may fire, the odds; a
	// one-click hold hands the move back.
	err = chromedp.Do(ctx, chromedp.Navigate(base+"/play/"+gameID(t, ctx)+"?side="+other),
		chromedp.WaitVisible(css(`.lim-react button.hold`)), chromedp.WaitVisible(css(`.mapscroll .oddsmark`)), limShots("lim-reaction"))
	if err != nil {
		t.Fatal(err)
	}
	prompt, _ := pageText(ctx, ".lim-react")
	if !strings.Contains(prompt, unit[:4]) && !strings.Contains(strings.ToLower(prompt), strings.Split(unit, "-")[0]) || !strings.Contains(prompt, "%") {
		t.Fatalf("the reaction prompt does not show the mover and the odds: %q", prompt)
	}
	noStrayText(t, ctx)
	// The standing order given at this first window, from its prompt
	// (6.71): "machine guns fire" leaves the window open (no machine gun
	// here), the order the reactor's own.
	if err := chromedp.Do(ctx, chromedp.WaitVisible(css(`.lim-panel select[name=policy]`)),
		js(`const p = document.querySelector('.lim-panel select[name=policy]'); p.value = 'mg-fire'; p.dispatchEvent(new Event('change'))`)); err != nil {
		t.Fatal(err)
	}
	got, _ := chromedp.Run(ctx, chromedp.Evaluate[string](`(async () => {
  let v = {};
  for (let i = 0; i < 50 && (v.view || {}).policy !== 'mg-fire'; i++) {
    v = await (await fetch('/api/games/' + location.pathname.split('/')[2] + '?side=`+other+`')).json();
    await new Promise((ok) => setTimeout(ok, 100));
  }
  return v.view.policy + ' ' + v.view.step + ' ' + v.interrupt;
})()`, chromedp.EvalAwaitPromise))
	if got != "mg-fire react true" {
		t.Fatalf("the order given at the window: policy, step, interrupt = %q", got)
	}
	if err := chromedp.Do(ctx, chromedp.WaitVisible(css(`.lim-react button.hold`)), chromedp.Click(css(`.lim-react button.hold`)), chromedp.WaitNotPresent(css(`.lim-react`))); err != nil {
		t.Fatal(err)
	}
	// The move goes on, or, the mover's points spent, the next command.
	if st, _ := chromedp.Run(ctx, chromedp.Evaluate[string](limView(side), chromedp.EvalAwaitPromise)); !strings.HasPrefix(st, "move ") && !strings.HasPrefix(st, "command ") {
		t.Fatalf("after the hold: %s", st)
	}
	// Line of sight: a seen line, then one a village blocks (O17).
	for _, c := range []struct{ from, to, want string }{{"J20", "L20", "seen"}, {"N17", "AF13", "blocked"}} {
		err := chromedp.Do(ctx, chromedp.Click(css(`button.lim-sight-tool`)), chromedp.WaitVisible(css(`.lim-sight`)),
			js(`for (const h of ['`+c.from+`', '`+c.to+`']) document.querySelector('.mapscroll path.hex[data-hex="' + h + '"]').dispatchEvent(new MouseEvent('click', { bubbles: true }))`),
			chromedp.WaitVisible(css(`.lim-sight .verdict.`+c.want)), chromedp.WaitVisible(css(`.mapscroll line.los.`+c.want)))
		if err != nil {
			t.Fatalf("line of sight %s-%s: %v", c.from, c.to, err)
		}
		text, _ := pageText(ctx, ".lim-sight")
		if c.want == "blocked" && (!strings.Contains(text, "O17") || !strings.Contains(text, "village")) {
			t.Fatalf("the blocked line does not name its blocker: %q", text)
		}
		if err := chromedp.Do(ctx, chromedp.ScrollIntoView(css(`.mapscroll line.los`)), viewShot("lim-sight-"+c.want), chromedp.Click(css(`button.lim-sight-tool`))); err != nil {
			t.Fatal(err)
		}
	}
	// In Italian: the board's words from the catalog's client section.
	if err := chromedp.Do(ctx, js(`localStorage.setItem('lang', 'it')`), chromedp.Reload(), chromedp.WaitVisible(css(`button.lim-sight-tool`)), limShots("lim-it")); err != nil {
		t.Fatal(err)
	}
	if b, _ := pageText(ctx, "button.lim-sight-tool"); b != "Linea di vista" {
		t.Fatalf("the line-of-sight tool in Italian: %q", b)
	}
	noStrayText(t, ctx)
}

// TestBrowserLimanowaArtillery plays scenario 2 (Counter Attack) through
// the API to a command that may call off-map artillery, then calls it on
// the map: the group's vertices are lit, a click on one asks shell or
// smoke, and the cross hair stands there with its hourglass on the turn
// record track (6.1, 7.221).
func TestBrowserLimanowaArtillery(t *testing.T) {
	ctx, base := browser(t)
	err := chromedp.Do(ctx, chromedp.EmulateViewport(1400, 900), newGuestGame(base, "limanowa"), chromedp.WaitVisible(css(`svg.map.lim path.hex`)),
		js(`localStorage.setItem('curtain', 'off')`))
	if err != nil {
		t.Fatal(err)
	}
	side, err := chromedp.Run(ctx, chromedp.Evaluate[string](`(async () => {
  const me = await (await fetch('/api/me')).json();
  const post = (path, body) => fetch(path, { method: 'POST', headers: { 'Content-Type': 'application/json', 'X-CSRF-Token': me.csrf }, body: JSON.stringify(body) });
  const g = await (await post('/api/games', { game: 'limanowa', mode: 'hotseat', scenario: 'counter-attack', seed: 1 })).json();
  history.replaceState(null, '', '/play/' + g.id);
  for (let i = 0; i < 200; i++) {
    const v = await (await fetch('/api/games/' + g.id)).json();
    if (v.actions.some((a) => a.action.startsWith('call '))) return v.side;
    const a = v.actions.find((x) => x.action.endsWith(' formed')) || v.actions.find((x) => x.action === 'pass') || v.actions[0];
    if (!a) return '';
    await post('/api/games/' + g.id + '/actions', { side: v.side, move: v.move, action: a.action });
  }
  return '';
})()`, chromedp.EvalAwaitPromise))
	if err != nil || side == "" {
		t.Fatalf("no call of off-map artillery came: %q %v", side, err)
	}
	err = chromedp.Do(ctx, chromedp.Navigate(base+"/play/"+gameID(t, ctx)+"?side="+side), chromedp.WaitVisible(css(`.mapscroll circle.vlit`)),
		chromedp.ScrollIntoView(css(`.mapscroll circle.vlit`)), viewShot("lim-call"),
		js(`document.querySelector('.mapscroll circle.vlit').dispatchEvent(new MouseEvent('click', { bubbles: true }))`),
		chromedp.WaitVisible(css(`.chooser button[data-action$=" shell"]`)), chromedp.Click(css(`.chooser button[data-action$=" shell"]`)),
		chromedp.WaitVisible(css(`.mapscroll g.crosshair`)), chromedp.WaitVisible(css(`.lim-track .slot .glass`)),
		chromedp.ScrollIntoView(css(`.mapscroll g.crosshair`)), viewShot("lim-crosshair"))
	if err != nil {
		t.Fatal(err)
	}
	noStrayText(t, ctx)
}

// TestBrowserLimanowaCampaign plays High Water Mark's first day through
// the API to the attack's first command, then shows the day on the board:
// the day track with each day's date, the parts of the day with the
// attack and its turn under way, the turn record track of the attack's
// twelve turns, and both sides' friendly edges, where lines of
// communication end (11.02, 11.4).
func TestBrowserLimanowaCampaign(t *testing.T) {
	ctx, base := browser(t)
	err := chromedp.Do(ctx, chromedp.EmulateViewport(1400, 900), newGuestGame(base, "limanowa"), chromedp.WaitVisible(css(`svg.map.lim path.hex`)),
		js(`localStorage.setItem('curtain', 'off')`))
	if err != nil {
		t.Fatal(err)
	}
	side, err := chromedp.Run(ctx, chromedp.Evaluate[string](limCentreJS+`(async () => {
  const me = await (await fetch('/api/me')).json();
  const post = (path, body) => fetch(path, { method: 'POST', headers: { 'Content-Type': 'application/json', 'X-CSRF-Token': me.csrf }, body: JSON.stringify(body) });
  const g = await (await post('/api/games', { game: 'limanowa', mode: 'hotseat', scenario: 'high-water-mark', seed: 1 })).json();
  history.replaceState(null, '', '/play/' + g.id);
  const far = (a) => { const x = limCentre(a.action.split(' ')[2]), n = limCentre('N17'); return Math.hypot(x[0] - n[0], x[1] - n[1]); };
  for (let i = 0; i < 400; i++) {
    const v = await (await fetch('/api/games/' + g.id)).json();
    if (v.view.step === 'command' && v.view.campaign.segment === 'attack') return v.side;
    const places = v.actions.filter((a) => /^(place|arrive) .* formed$/.test(a.action));
    const a = places.length ? places.reduce((m, x) => (far(x) < far(m) ? x : m)) : v.actions.find((x) => !x.action.startsWith('policy '));
    if (!a) return '';
    await post('/api/games/' + g.id + '/actions', { side: v.side, move: v.move, action: a.action });
  }
  return '';
})()`, chromedp.EvalAwaitPromise))
	if err != nil || side == "" {
		t.Fatalf("the attack never began: %q %v", side, err)
	}
	err = chromedp.Do(ctx, chromedp.Navigate(base+"/play/"+gameID(t, ctx)+"?side="+side), chromedp.WaitVisible(css(`.lim-day .lim-parts li.now`)),
		limShots("lim-campaign"))
	if err != nil {
		t.Fatal(err)
	}
	counts, err := chromedp.Run(ctx, chromedp.Evaluate[[]int](`[".lim-days .slot", ".lim-days .slot.now", ".lim-parts li", ".lim-track .slot", ".mapscroll path.edge.central", ".mapscroll path.edge.russian"].map((q) => document.querySelectorAll(q).length)`))
	if err != nil {
		t.Fatal(err)
	}
	if counts[0] != 4 || counts[1] != 1 || counts[2] != 6 || counts[3] != 12 || counts[4] < 5 || counts[5] < 5 {
		t.Fatalf("days, today, parts of the day, turn slots, Central and Russian edge hexes = %v", counts)
	}
	now, _ := pageText(ctx, ".lim-parts li.now")
	if !strings.Contains(now, "Attack") || !strings.Contains(now, "1/12") {
		t.Fatalf("the part of the day under way: %q", now)
	}
	noStrayText(t, ctx)
	// In Italian: the day's words from the catalog, the dates in Italian.
	if err := chromedp.Do(ctx, js(`localStorage.setItem('lang', 'it')`), chromedp.Reload(), chromedp.WaitVisible(css(`.lim-day .lim-parts li.now`)), viewShot("lim-campaign-it")); err != nil {
		t.Fatal(err)
	}
	if now, _ := pageText(ctx, ".lim-parts li.now"); !strings.Contains(now, "Attacco") {
		t.Fatalf("the part of the day in Italian: %q", now)
	}
	if day, _ := pageText(ctx, ".lim-days .slot.now"); !strings.Contains(day, "dic") {
		t.Fatalf("the day's date in Italian: %q", day)
	}
	noStrayText(t, ctx)
}

// limShots takes the screenshots the project looks at (with
// SANDTABLE_SCREENSHOTS set): the page at 390x844 and at 1400x900.
func limShots(name string) chromedp.Action[chromedp.Void] {
	return chromedp.Steps(
		chromedp.EmulateViewport(390, 844, chromedp.EmulateMobile, chromedp.EmulateTouch), chromedp.Reload(), chromedp.WaitVisible(css(`svg.map.lim path.hex`)), chromedp.Sleep(300), viewShot(name+"-390"),
		chromedp.ScrollIntoView(css(`.mapwrap`)), chromedp.Sleep(200), viewShot(name+"-390-map"),
		chromedp.EmulateViewport(1400, 900), chromedp.Reload(), chromedp.WaitVisible(css(`svg.map.lim path.hex`)), chromedp.Sleep(300), viewShot(name+"-1400"),
		chromedp.ScrollIntoView(css(`.mapwrap`)), chromedp.Sleep(200), viewShot(name+"-map"))
}
