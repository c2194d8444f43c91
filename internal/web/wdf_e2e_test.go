package web_test

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"sandtable/internal/engine"
	_ "sandtable/internal/games/wdf"
)

// TestBrowserWDFMoveByClicks creates a Western Desert Force hot-seat game
// from the lobby, waits for the hex map, checks its marks and stacks
// (wdfFortresses, wdfHitNumbers, wdfStackFans), plays through the API up to the first
// open move (a unit chosen, ruling W38, shown selected), then chooses
// another unit by clicking its counter (which shows its supply and lights
// its destinations), clicks a hex it may not enter (the page says why,
// by rule) and a lit hex, and checks the game recorded the choice and the
// move; then opens the game's replay, which draws the same map.
func TestBrowserWDFMoveByClicks(t *testing.T) {
	if !wdfViewHasMap(t) {
		t.Fatal("the wdf map sheet carries no hexes: the web client cannot draw the board")
	}
	ctx, base := browser(t)
	err := chromedp.Do(ctx,
		newGuestGame(base, "wdf"),
		chromedp.WaitVisible(css(`svg.map.wdf path.hex`)),
		viewShot("wdf-start"),
	)
	if err != nil {
		t.Fatal(err)
	}
	counts, err := chromedp.Run(ctx, chromedp.Evaluate[[]int](`[document.querySelectorAll("svg.map path.hex").length, document.querySelectorAll("svg.map g.counter").length, document.querySelectorAll("svg.map line.road").length]`))
	if err != nil {
		t.Fatal(err)
	}
	names, err := chromedp.Run(ctx, chromedp.Evaluate[string](`Array.from(document.querySelectorAll("svg.map text.place.fortress")).map(e => e.textContent).join("|")`))
	if err != nil {
		t.Fatal(err)
	}
	if counts[0] < 100 || counts[1] == 0 || counts[2] == 0 || !strings.Contains(names, "Tobruk") {
		t.Fatalf("wdf map: %d hexes, %d counters, %d road segments; fortresses %q", counts[0], counts[1], counts[2], names)
	}
	noStrayText(t, ctx)
	// The boxes off the map are named in words, never by their ids.
	boxes, err := pageText(ctx, ".wdf-boxes")
	if err != nil || !strings.Contains(boxes, "Turn Record Track") || strings.Contains(boxes, "turn-track") {
		t.Fatalf("off-map boxes: %q %v", boxes, err)
	}
	if err := chromedp.Do(ctx, chromedp.ScrollIntoView(css(`.wdf-boxes`)), viewShot("wdf-boxes"),
		chromedp.EmulateViewport(390, 844), chromedp.ScrollIntoView(css(`.wdf-boxes`)), viewShot("wdf-boxes-390"), chromedp.EmulateViewport(1400, 900)); err != nil {
		t.Fatal(err)
	}
	wdfFortresses(t, ctx)
	wdfHitNumbers(t, ctx)
	wdfStackFans(t, ctx)
	noStrayText(t, ctx)

	// The road zones toggle tints the zone hexes.
	err = chromedp.Do(ctx,
		chromedp.Click(css(`.zonetoggle input`)),
		chromedp.WaitVisible(css(`svg.map path.zone`)),
		viewShot("wdf-zones"),
		chromedp.Click(css(`.zonetoggle input`)),
		chromedp.WaitNotPresent(css(`svg.map path.zone`)),
	)
	if err != nil {
		t.Fatal(err)
	}

	move, err := chromedp.Run(ctx, chromedp.Evaluate[string](toMovement, chromedp.EvalAwaitPromise))
	if err != nil {
		t.Fatal(err)
	}
	f := strings.Fields(move)
	if len(f) != 3 {
		t.Fatalf("no move became legal (got %q)", move)
	}
	url, err := chromedp.Run(ctx, chromedp.Location())
	if err != nil {
		t.Fatal(err)
	}
	// The first move is two decisions (ruling W38): clicking a counter
	// chooses the unit ("pick UNIT"), which lights the hexes it may go
	// to; a hex it may not go to says why; a lit hex moves it.
	if err := chromedp.Do(ctx, chromedp.Navigate(url), chromedp.WaitVisible(css(`svg.map g.counter.selected[data-unit="`+f[1]+`"]`))); err != nil {
		t.Fatalf("the chosen unit %s is not selected: %v", f[1], err)
	}
	unit, err := chromedp.Run(ctx, chromedp.Evaluate[string](`fetch('/api/games/' + location.pathname.split('/')[2]).then(r => r.json()).then(v => {
  const p = v.actions.map((a) => a.action.split(' ')).find((a) => a[0] === 'pick' && document.querySelector('svg.map g.counter[data-unit="' + a[1] + '"]'));
  return p ? p[1] : '';
})`, chromedp.EvalAwaitPromise))
	if err != nil || unit == "" {
		t.Fatalf("no other unit to choose: %v", err)
	}
	before := gameMove(t, ctx)
	err = chromedp.Do(ctx,
		chromedp.WaitVisible(css(`svg.map g.counter[data-unit="`+unit+`"].actionable`)),
		js(`document.querySelector('svg.map g.counter[data-unit="`+unit+`"]').scrollIntoView({block: 'center', inline: 'center'})`),
		click(`svg.map g.counter[data-unit="`+unit+`"]`),
		chromedp.WaitVisible(xpath(`//h1/small[contains(., "Move `+strconv.Itoa(before+1)+` ")]`)),
		chromedp.WaitVisible(css(`svg.map g.counter.selected[data-unit="`+unit+`"]`)),
		chromedp.WaitVisible(css(`svg.map path.hex.dest`)),
		chromedp.WaitVisible(css(`.unitinfo`)),
		viewShot("wdf-selected"),
	)
	if err != nil {
		t.Fatal(err)
	}
	info, err := pageText(ctx, `.unitinfo`)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(info, "supply") && !strings.Contains(info, "SUPPLY") {
		t.Fatalf("the selected unit's line says nothing of supply: %q", info)
	}
	// Its supply path, asked of the engine ("supply UNIT"), is drawn.
	if strings.Contains(info, "in supply") {
		if err := chromedp.Do(ctx, chromedp.WaitVisible(css(`svg.map.wdf polyline.supplypath`))); err != nil {
			t.Fatalf("no supply path drawn for %s: %v", unit, err)
		}
		if info, _ = pageText(ctx, `.unitinfo`); !strings.Contains(info, "supply path:") {
			t.Errorf("the selected unit's line gives no path length: %q", info)
		}
	}
	// Why can't I? A hex near it that it may not go to, by the engine's
	// answer to "why UNIT" (what the page asks when such a hex is clicked).
	bar, err := chromedp.Run(ctx, chromedp.Evaluate[string](`fetch('/api/games/' + location.pathname.split('/')[2] + '/ask?q=' + encodeURIComponent('why `+unit+`')).then(r => r.json()).then(why => {
  return Object.keys(why).find((k) => document.querySelector('svg.map path.hex[data-hex="' + k + '"]')) || '';
})`, chromedp.EvalAwaitPromise))
	if err != nil || bar == "" {
		t.Fatalf("the engine gives no reason for any hex near the chosen unit: %v", err)
	}
	err = chromedp.Do(ctx,
		js(`document.querySelector('svg.map path.hex[data-hex="`+bar+`"]').scrollIntoView({block: 'center', inline: 'center'})`),
		click(`svg.map path.hex[data-hex="`+bar+`"]`),
		chromedp.WaitVisible(css(`.unitinfo .whynot`)),
		viewShot("wdf-whynot"),
	)
	if err != nil {
		t.Fatal(err)
	}
	why, err := pageText(ctx, `.unitinfo .whynot`)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(why, "Why not?") || !strings.Contains(why, "(9.") && !strings.Contains(why, "(11.") {
		t.Fatalf("clicking %s, which %s may not enter, says %q", bar, unit, why)
	}
	hex, err := chromedp.Run(ctx, chromedp.Evaluate[string](`document.querySelector('svg.map path.hex.dest').dataset.hex`))
	if err != nil {
		t.Fatal(err)
	}
	if err := chromedp.Do(ctx,
		js(`document.querySelector('svg.map path.hex[data-hex="`+hex+`"]').scrollIntoView({block: 'center', inline: 'center'})`),
		click(`svg.map path.hex[data-hex="`+hex+`"]`)); err != nil {
		t.Fatal(err)
	}
	// Several actions may name the unit and the hex (a move and a
	// strategic move): then the page asks; take the plain move.
	move = "move " + unit + " " + hex
	chooser, err := chromedp.Run(ctx, chromedp.Evaluate[bool](`!!document.querySelector('.chooser:not([hidden]) button[data-action="`+move+`"]')`))
	if err != nil {
		t.Fatal(err)
	}
	if chooser {
		if err := chromedp.Do(ctx, viewShot("wdf-chooser"), click(`.chooser button[data-action="`+move+`"]`)); err != nil {
			t.Fatal(err)
		}
	}
	if err := chromedp.Do(ctx, chromedp.WaitVisible(xpath(`//h1/small[contains(., "Move `+strconv.Itoa(before+2)+` ")]`)), viewShot("wdf-moved")); err != nil {
		t.Fatal(err)
	}
	rec, err := chromedp.Run(ctx, chromedp.Evaluate[string](`fetch('/api/games/' + location.pathname.split('/')[2] + '/record').then(r => r.json()).then(r => r.actions.slice(-2).map((a) => a.action).join(' / '))`, chromedp.EvalAwaitPromise))
	if err != nil {
		t.Fatal(err)
	}
	if want := "pick " + unit + " / "; !strings.HasPrefix(rec, want) || !strings.HasSuffix(rec, " "+unit+" "+hex) {
		t.Fatalf("clicked %s then %s; the game recorded %q, want pick then its move", unit, hex, rec)
	}
	// A unit with MP left may go on (ruling W36): reloaded, the page
	// shows it selected, its next hexes lit.
	moving, err := chromedp.Run(ctx, chromedp.Evaluate[string](toLegs, chromedp.EvalAwaitPromise))
	if err != nil {
		t.Fatal(err)
	}
	if moving == "" {
		t.Fatal("no move left a unit part way through its move")
	}
	if err := chromedp.Do(ctx, chromedp.Navigate(url), chromedp.WaitVisible(css(`svg.map g.counter.selected[data-unit="`+moving+`"]`)),
		chromedp.WaitVisible(css(`svg.map path.hex.dest`)), viewShot("wdf-legs")); err != nil {
		t.Fatalf("%s, part way through its move, is not selected with its next hexes lit: %v", moving, err)
	}
	// On a phone the chosen unit is selected and its hexes lit the same.
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(390, 844, chromedp.EmulateTouch), chromedp.Navigate(url),
		chromedp.WaitVisible(css(`svg.map g.counter.selected[data-unit="`+moving+`"]`)),
		chromedp.WaitVisible(css(`svg.map path.hex.dest`)), viewShot("wdf-phone-legs"),
		chromedp.EmulateViewport(1400, 900), chromedp.Navigate(url), chromedp.WaitVisible(css(`svg.map path.hex.dest`))); err != nil {
		t.Fatalf("on a phone, %s is not selected with its next hexes lit: %v", moving, err)
	}
	noStrayText(t, ctx)
	wdfItalian(t, ctx)
	// The replay viewer draws the same map, and a unit selected there has
	// its supply path at the move shown, asked of the game as it was: a
	// unit on the map and in supply there (the Allied reserve, 7.8, may
	// have taken any of them off it). The replay page's own board
	// (.replay), not the play page's before the navigation is done.
	unit, err = chromedp.Run(ctx, chromedp.Evaluate[string](`fetch('/api/games/' + location.pathname.split('/')[2] + '/replay').then((r) => r.json()).then((v) => (v.view.units.find((u) => u.where === 'map' && u.supplied) || {}).id || '')`, chromedp.EvalAwaitPromise))
	if err != nil || unit == "" {
		t.Fatalf("no unit on the map and in supply at the replay's last move (%v)", err)
	}
	if err := chromedp.Do(ctx, chromedp.Navigate(strings.Replace(url, "/play/", "/replay/", 1)),
		chromedp.WaitVisible(css(`.replay svg.map g.counter[data-unit="`+unit+`"]`))); err != nil {
		t.Fatalf("the replay does not draw %s: %v", unit, err)
	}
	if err := chromedp.Do(ctx, click(`.replay svg.map g.counter[data-unit="`+unit+`"]`),
		chromedp.WaitVisible(css(`.replay svg.map.wdf polyline.supplypath`)), viewShot("wdf-replay")); err != nil {
		state, _ := chromedp.Run(ctx, chromedp.Evaluate[string](`document.querySelector('.replay .unitinfo') ? document.querySelector('.replay .unitinfo').textContent : 'no unit shown'`))
		t.Fatalf("%s selected in the replay, no supply path (%s): %v", unit, state, err)
	}
}

// wdfItalian switches the page to Italian and checks that the game's own
// texts (date, phase, prompt, log, reconstruction notice) follow, not only
// the interface's words.
func wdfItalian(t *testing.T, ctx context.Context) {
	t.Helper()
	toItalian(t, ctx, "Turno 1/23", viewShot("wdf-it"), "dicembre 1940", "Fase: movimento regolare", "turno del giocatore alleato", "RICOSTRUZIONE")
	if prompt, _ := pageText(ctx, `.prompt .text`); !strings.Contains(prompt, "muovi") && !strings.Contains(prompt, "in attesa") {
		t.Errorf("the WDF prompt is not in Italian: %q", prompt)
	}
	// How the server words a finished game, as the lobby and the prompt bar
	// show it in Italian.
	ends, err := chromedp.Run(ctx, chromedp.Evaluate[string](`import('/static/js/i18n.js').then((m) => ['axis resigned', 'allied wins', 'draw', 'italian ran out of time', 'odd'].map(m.result).join('|'))`, chromedp.EvalAwaitPromise))
	if err != nil {
		t.Fatal(err)
	}
	if want := "abbandono: Asse|vittoria: Alleati|pareggio|tempo scaduto: Italiani|odd"; ends != want {
		t.Errorf("results in Italian: %q, want %q", ends, want)
	}
	noStrayText(t, ctx)
}

// viewShot saves what the window shows to $SANDTABLE_SCREENSHOTS when it
// is set: a full-page capture relayouts the page and loses the map's
// scroll position.
func viewShot(name string) chromedp.Action[chromedp.Void] {
	return chromedp.Func(func(ctx context.Context, t *chromedp.Target) error {
		dir := os.Getenv("SANDTABLE_SCREENSHOTS")
		if dir == "" {
			return nil
		}
		b, err := chromedp.CaptureScreenshot()(ctx, t)
		if err != nil {
			return err
		}
		return os.WriteFile(filepath.Join(dir, name+".png"), b, 0o644)
	})
}

// toLegs plays short moves (to the listed hex nearest the unit) until one
// leaves its unit part way through its move (ruling W36), and returns
// that unit.
const toLegs = `(async () => {
  const me = await (await fetch('/api/me')).json();
  const id = location.pathname.split('/')[2];
  const far = (a, b) => Math.abs(+a.slice(0, 2) - +b.slice(0, 2)) + Math.abs(+a.slice(2) - +b.slice(2));
  for (let i = 0; i < 20; i++) {
    const v = await (await fetch('/api/games/' + id)).json();
    if (v.view.moving) return v.view.moving;
    const at = new Map(v.view.units.map((u) => [u.id, u.hex]));
    let best = null, bestD = 1e9;
    // With no unit chosen, choose one (ruling W38) and look again.
    if (!v.view.chosen) best = (v.actions.find((a) => a.action.startsWith('pick ') && at.get(a.action.split(' ')[1])) || {}).action;
    for (const a of v.actions) {
      const f = a.action.split(' ');
      if (f[0] !== 'move' || !v.view.chosen) continue;
      const d = far(at.get(f[1]), f[2]);
      if (d < bestD) { best = a.action; bestD = d; }
    }
    if (!best) return '';
    await fetch('/api/games/' + id + '/actions', { method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-CSRF-Token': me.csrf },
      body: JSON.stringify({ side: v.side, move: v.move, action: best }) });
  }
  return '';
})()`

// wdfStartView decodes the observer's view of a new wdf campaign into v.
func wdfStartView(t *testing.T, v any) {
	t.Helper()
	g, err := engine.Lookup("wdf")
	if err != nil {
		t.Fatal(err)
	}
	st, err := g.New(engine.Setup{Scenario: "campaign", Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	b, err := json.Marshal(st.View(engine.Observer, "en"))
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(b, v); err != nil {
		t.Fatal(err)
	}
}

// wdfSheet decodes the registered wdf game's sheet, which its views name
// (engine.Sheeted), into v.
func wdfSheet(t *testing.T, v any) {
	t.Helper()
	g, err := engine.Lookup("wdf")
	if err != nil {
		t.Fatal(err)
	}
	sg, ok := g.(engine.Sheets)
	if !ok {
		t.Fatal("the wdf game has no sheet")
	}
	sheet, err := sg.Sheet("campaign", "en")
	if err != nil {
		t.Fatal(err)
	}
	b, _ := json.Marshal(sheet)
	if err := json.Unmarshal(b, v); err != nil {
		t.Fatal(err)
	}
}

// wdfViewHasMap reports whether the registered wdf game's sheet carries
// the hex map the renderer draws (map.hexes).
func wdfViewHasMap(t *testing.T) bool {
	t.Helper()
	var m struct {
		Hexes []json.RawMessage `json:"hexes"`
	}
	wdfSheet(t, &m)
	return len(m.Hexes) > 0
}

// wdfFortresses checks that each fortress hex carries a tag with the
// status the view reports for it (16.1), clear of the counters, and that
// the client draws every status: the page's own renderer, fed the same
// view with Tobruk reduced and Bardia destroyed, tags and rings them so.
func wdfFortresses(t *testing.T, ctx context.Context) {
	t.Helper()
	got, err := chromedp.Run(ctx, chromedp.Evaluate[[]string](`(async () => {
  const v = (await (await import('/static/js/api.js')).request('GET', '/api/games/' + location.pathname.split('/')[2])).view; // with its map sheet
  const out = [];
  const tags = (root, fortress) => {
    const counters = [...root.querySelectorAll('svg.map g.counter rect.face')].map((c) => c.getBoundingClientRect());
    for (const x of v.map.hexes.filter((x) => x.fortress)) {
      const status = fortress[x.place.toLowerCase()] || 'none';
      const tag = root.querySelector('svg.map g.fortmark[data-fortress="' + x.id + '"]');
      const ring = root.querySelector('svg.map path.fortress-ring.' + status);
      if (!tag) { out.push(x.place + ' ' + status + ': no tag'); continue; }
      const r = tag.querySelector('rect').getBoundingClientRect();
      const covered = counters.some((c) => c.left < r.right && r.left < c.right && c.top < r.bottom && r.top < c.bottom);
      out.push(x.place + ' ' + status + ': ' + tag.querySelector('text').textContent + (ring ? ', ring' : ', no ring') + (covered ? ', under a counter' : ''));
    }
  };
  tags(document, v.fortress);
  const m = await import('/static/js/wdf.js');
  const el = document.createElement('div');
  document.body.append(el);
  const fortress = { tobruk: 'reduced', bardia: 'destroyed' };
  m.render(el, { ...v, fortress }, { lang: 'en', actions: [], highlight() {}, play() {} });
  tags(el, fortress);
  el.remove();
  return out;
})()`, chromedp.EvalAwaitPromise))
	if err != nil {
		t.Fatal(err)
	}
	want := []string{
		"Tobruk intact: INTACT, ring", "Bardia intact: INTACT, ring",
		"Tobruk reduced: REDUCED, ring", "Bardia destroyed: DESTROYED, ring",
	}
	if strings.Join(got, "|") != strings.Join(want, "|") {
		t.Fatalf("fortress marks on the map:\n got %q\nwant %q", got, want)
	}
}

// wdfHitNumbers checks the numbers a unit's dice hit on, attacking and
// defending (10.21): in the view, German infantry hits on 6 attacking and
// on 5-6 defending; on the page, the garrison of Tobruk, an intact
// fortress (16.2), is shown hitting on 6 attacking and on 5-6 defending.
func wdfHitNumbers(t *testing.T, ctx context.Context) {
	t.Helper()
	var v struct {
		Units []struct {
			ID            string
			HitsOn        string `json:"hits_on"`
			HitsOnDefense string `json:"hits_on_defense"`
		} `json:"units"`
	}
	wdfStartView(t, &v)
	var sheet struct {
		Units map[string]struct{ Nation, Type string } `json:"units"` // the counters' printed values
	}
	wdfSheet(t, &sheet)
	germans := 0
	for _, u := range v.Units {
		if c := sheet.Units[u.ID]; c.Nation == "german" && c.Type == "infantry" {
			germans++
			if u.HitsOn != "6" || u.HitsOnDefense != "5-6" {
				t.Errorf("German infantry %s: hits on %q attacking, %q defending; want 6 and 5-6 (10.21)", u.ID, u.HitsOn, u.HitsOnDefense)
			}
		}
	}
	if germans == 0 {
		t.Error("no German infantry in the view")
	}

	unit, err := chromedp.Run(ctx, chromedp.Evaluate[string](`(async () => {
  const v = (await (await import('/static/js/api.js')).request('GET', '/api/games/' + location.pathname.split('/')[2])).view; // with its map sheet
  const tobruk = v.map.hexes.find((x) => x.place === 'Tobruk');
  const u = v.units.find((u) => u.where === 'map' && u.hex === tobruk.id);
  return u ? u.id : '';
})()`, chromedp.EvalAwaitPromise))
	if err != nil || unit == "" {
		t.Fatalf("no unit in Tobruk at the start (%v)", err)
	}
	counter := `svg.map g.counter[data-unit="` + unit + `"]`
	err = chromedp.Do(ctx,
		js(`document.querySelector('`+counter+`').scrollIntoView({block: 'center', inline: 'center'})`),
		js(`document.querySelector('`+counter+`').dispatchEvent(new MouseEvent('click', {bubbles: true}))`),
		chromedp.WaitVisible(css(`.unitinfo`)),
		viewShot("wdf-tobruk-garrison"),
	)
	if err != nil {
		t.Fatal(err)
	}
	info, err := pageText(ctx, `.unitinfo`)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(info, "hits on 6 attacking, 5-6 defending") {
		t.Errorf("the garrison of Tobruk, an intact fortress, should hit on 6 attacking and 5-6 defending (10.21, 16.2): %q", info)
	}
	if err := chromedp.Do(ctx, js(`document.querySelector('`+counter+`').dispatchEvent(new MouseEvent('click', {bubbles: true}))`),
		chromedp.WaitNotVisible(css(`.unitinfo`))); err != nil {
		t.Fatal(err)
	}
}

// wdfStackFans checks that the largest stack on the map, a pile in its
// hex, fans out as the Compass map's stacks do (stack.js): under the
// mouse, every counter apart, larger and clickable, piled again when the
// mouse leaves; when one of its counters has the keyboard's focus; and on
// a first tap on a touch screen, the next tap selecting a counter.
func wdfStackFans(t *testing.T, ctx context.Context) {
	t.Helper()
	hex, err := chromedp.Run(ctx, chromedp.Evaluate[string](`[...document.querySelectorAll('svg.map g.stack')]
  .sort((a, b) => b.querySelectorAll('g.counter').length - a.querySelectorAll('g.counter').length)[0].dataset.stack`))
	if err != nil {
		t.Fatal(err)
	}
	pile := `svg.map g.stack[data-stack="` + hex + `"]`
	const measure = `((pile) => {
  const cs = Array.from(document.querySelectorAll(pile + ' g.counter'));
  const r = cs.map((c) => c.querySelector('rect.face').getBoundingClientRect());
  let overlap = 0, hittable = 0;
  for (let i = 0; i < r.length; i++) {
    for (let j = i + 1; j < r.length; j++) if (r[i].left < r[j].right - 1 && r[j].left < r[i].right - 1 && r[i].top < r[j].bottom - 1 && r[j].top < r[i].bottom - 1) overlap++;
    if (cs[i].contains(document.elementFromPoint(r[i].left + r[i].width / 2, r[i].top + r[i].height / 2))) hittable++;
  }
  return [cs.length, overlap, hittable, Math.round(r[0].width)];
})(%q)`
	closed, err := chromedp.Run(ctx, chromedp.Evaluate[[]int](fmt.Sprintf(measure, pile)))
	if err != nil {
		t.Fatal(err)
	}
	if closed[0] < 3 || closed[1] == 0 {
		t.Fatalf("the largest stack, in %s: %d counters, %d overlapping pairs; want a pile of three or more", hex, closed[0], closed[1])
	}
	if err := chromedp.Do(ctx, mouseHover(pile), chromedp.WaitVisible(css(pile+`.fanned`)), viewShot("wdf-fanned")); err != nil {
		t.Fatal(err)
	}
	fanned, err := chromedp.Run(ctx, chromedp.Evaluate[[]int](fmt.Sprintf(measure, pile)))
	if err != nil {
		t.Fatal(err)
	}
	if fanned[0] != closed[0] || fanned[1] != 0 || fanned[2] != fanned[0] || fanned[3] < closed[3]*5/4 {
		t.Fatalf("fanned stack in %s: %d counters, %d overlapping pairs, %d clickable, %d px wide (piled %d px)", hex, fanned[0], fanned[1], fanned[2], fanned[3], closed[3])
	}
	err = chromedp.Do(ctx,
		chromedp.MouseEvent(chromedp.MouseMoved, 5, 5), chromedp.WaitNotPresent(css(pile+`.fanned`)),
		// The keyboard: a counter of the stack takes the focus.
		js(`document.querySelector('`+pile+` g.counter').focus()`), chromedp.WaitVisible(css(pile+`.fanned`)),
		js(`document.activeElement.blur()`), chromedp.WaitNotPresent(css(pile+`.fanned`)),
	)
	if err != nil {
		t.Fatal(err)
	}
	// A finger: the first tap opens the pile and selects nothing, the
	// next picks the counter tapped and closes the pile.
	unit, err := chromedp.Run(ctx, chromedp.Evaluate[string](`document.querySelector('`+pile+` g.counter').dataset.unit`))
	if err != nil {
		t.Fatal(err)
	}
	counter := pile + ` g.counter[data-unit="` + unit + `"]`
	// Touch is emulated at the window's own size, and turned off after.
	size, err := chromedp.Run(ctx, chromedp.Evaluate[[]int64](`[window.innerWidth, window.innerHeight]`))
	if err != nil {
		t.Fatal(err)
	}
	err = chromedp.Do(ctx,
		chromedp.EmulateViewport(size[0], size[1], chromedp.EmulateTouch),
		tap(counter), chromedp.WaitVisible(css(pile+`.fanned`)),
		viewShot("wdf-tapped"),
	)
	if err != nil {
		t.Fatal(err)
	}
	if sel, _ := chromedp.Run(ctx, chromedp.Evaluate[bool](`!!document.querySelector('svg.map g.counter.selected')`)); sel {
		t.Error("the first tap on a pile selected a counter; it should only open the pile")
	}
	err = chromedp.Do(ctx,
		tap(counter), chromedp.WaitVisible(css(counter+`.selected`)), chromedp.WaitNotPresent(css(pile+`.fanned`)),
		chromedp.WaitVisible(css(`.unitinfo`)),
		js(`document.querySelector('`+counter+`').dispatchEvent(new MouseEvent('click', {bubbles: true}))`),
		chromedp.WaitNotVisible(css(`.unitinfo`)),
		chromedp.EmulateViewport(size[0], size[1]),
	)
	if err != nil {
		t.Fatal(err)
	}
}
