package web_test

import (
	"context"
	"fmt"
	"math"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// toMove plays the page's hot-seat game through the API until a move is
// open (toMovement) and returns that move's record text and the page's
// address.
func toMove(t *testing.T, ctx context.Context) (string, string) {
	t.Helper()
	move, err := chromedp.Run(ctx, chromedp.Evaluate[string](toMovement, chromedp.EvalAwaitPromise))
	if err != nil || len(strings.Fields(move)) != 3 {
		t.Fatalf("no move became legal (got %q, %v)", move, err)
	}
	url, err := chromedp.Run(ctx, chromedp.Location())
	if err != nil {
		t.Fatal(err)
	}
	return move, url
}

// click dispatches a click on the element sel, wherever it is on the page,
// once it is there (a page drawn after its data arrives may not have it yet).
func click(sel string) chromedp.Action[chromedp.Void] {
	return chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		if _, err := chromedp.WaitReady(css(sel))(ctx, tg); err != nil {
			return err
		}
		_, err := js(`document.querySelector('`+sel+`').dispatchEvent(new MouseEvent('click', {bubbles: true}))`)(ctx, tg)
		return err
	})
}

// frameState reads the map frame: the zoom (the map's width over the
// frame's), its scroll, and how many of the given counters show in it.
const frameState = `(() => {
  const f = document.querySelector('.mapscroll'), m = f.querySelector('svg.map');
  const r = f.getBoundingClientRect();
  const inside = (sel) => Array.from(document.querySelectorAll(sel)).filter((g) => {
    const c = g.getBoundingClientRect();
    return c.right > r.left && c.left < r.right && c.bottom > r.top && c.top < r.bottom;
  }).length;
  return [m.clientWidth / f.clientWidth, f.scrollLeft, f.scrollTop, inside('svg.map g.counter.actionable')];
})()`

// counterSize measures the first counter on the map: its height, and the
// height of its name's and its values' letters (the font size as drawn).
func counterSize(t *testing.T, ctx context.Context) []float64 {
	t.Helper()
	v, err := chromedp.Run(ctx, chromedp.Evaluate[[]float64](`(() => {
  const g = document.querySelector('svg.map g.counter');
  const m = g.getScreenCTM().a;
  const font = (sel) => { const e = g.querySelector(sel); return e ? parseFloat(getComputedStyle(e).fontSize) * m : 0; };
  return [g.querySelector('rect').getBoundingClientRect().height, font('.cname, .csize'), font('.cvmc, .cvals')];
})()`))
	if err != nil {
		t.Fatal(err)
	}
	return v
}

func readFrame(t *testing.T, ctx context.Context) []float64 {
	t.Helper()
	v, err := chromedp.Run(ctx, chromedp.Evaluate[[]float64](frameState))
	if err != nil {
		t.Fatal(err)
	}
	return v
}

// playFromAPI posts action for the page's game from outside the page's own
// requests, as the other player or the computer would: the page hears of
// it by the event stream and redraws.
func playFromAPI(action string) chromedp.Action[chromedp.Void] {
	return js(fmt.Sprintf(`(async () => {
  const me = await (await fetch('/api/me')).json();
  const id = location.pathname.split('/')[2];
  const v = await (await fetch('/api/games/' + id)).json();
  const r = await fetch('/api/games/' + id + '/actions', { method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-CSRF-Token': me.csrf },
    body: JSON.stringify({ side: v.side, move: v.move, action: %q }) });
  if (!r.ok) throw new Error(await r.text());
})()`, action))
}

// TestBrowserCompassPhoneKeepsPlace plays Compass on a phone (390x844,
// touch): the map starts zoomed for a finger whatever zoom a desk saved,
// opens on the player's own units, keeps its place when a move comes by
// the event stream, zooms with the wheel about the pointer, and the
// centre control brings the player's units back into view.
func TestBrowserCompassPhoneKeepsPlace(t *testing.T) {
	ctx, base := browser(t)
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(390, 844, chromedp.EmulateTouch),
		newGuestGame(base, "compass"), chromedp.WaitVisible(css(`svg.map path.area`)),
		// A zoom saved on a desk is the desk's: the phone keeps its own.
		js(`localStorage.setItem('compass-zoom-desk', '1')`)); err != nil {
		t.Fatal(err)
	}
	move, url := toMove(t, ctx)
	if err := chromedp.Do(ctx, chromedp.Navigate(url), chromedp.WaitVisible(css(`svg.map g.counter.actionable`)), viewShot("compass-phone-open")); err != nil {
		t.Fatal(err)
	}
	f := readFrame(t, ctx)
	if math.Abs(f[0]-4) > 0.05 {
		t.Errorf("the phone's map starts at zoom %.2f, want 4", f[0])
	}
	// A counter is big enough for a finger, its name big enough to read.
	if size := counterSize(t, ctx); size[0] < 36 || size[1] < 7.5 {
		t.Errorf("on a phone a counter is %.0f px high, its name %.1f px: too small to tap or read", size[0], size[1])
	}
	if f[3] == 0 {
		t.Errorf("the map opens where none of the player's units that may move shows (scroll %v, %v)", f[1], f[2])
	}

	// The player scrolls elsewhere; a move made elsewhere redraws the page,
	// which stays where the player was.
	before := gameMove(t, ctx)
	if err := chromedp.Do(ctx, js(`(() => { const f = document.querySelector('.mapscroll'); f.scrollLeft = 123; f.scrollTop = 45; })()`)); err != nil {
		t.Fatal(err)
	}
	left := readFrame(t, ctx)
	if err := chromedp.Do(ctx, playFromAPI(move), chromedp.WaitVisible(xpath(fmt.Sprintf(`//h1/small[contains(., "Move %d ")]`, before+1)))); err != nil {
		t.Fatal(err)
	}
	f = readFrame(t, ctx)
	if left[1] != 123 || math.Abs(f[1]-left[1]) > 1 || math.Abs(f[2]-left[2]) > 1 {
		t.Errorf("after a live update the map is at %v, %v; the player left it at %v, %v", f[1], f[2], left[1], left[2])
	}

	// The wheel zooms about the pointer; the centre control comes back to
	// the player's units.
	if err := chromedp.Do(ctx, js(`(() => {
  const f = document.querySelector('.mapscroll'), r = f.getBoundingClientRect();
  f.dispatchEvent(new WheelEvent('wheel', { deltaY: -100, clientX: r.left + 100, clientY: r.top + 100, bubbles: true, cancelable: true }));
})()`)); err != nil {
		t.Fatal(err)
	}
	if z := readFrame(t, ctx)[0]; z <= 4.05 {
		t.Errorf("the wheel left the zoom at %.2f", z)
	}
	// Two fingers spread apart zoom in (a pinch), about their midpoint;
	// from further out than the wheel left it (the zoom stops at 5).
	if err := chromedp.Do(ctx, js(`for (let i = 0; i < 4; i++) document.querySelector('.zoom button').click()`)); err != nil {
		t.Fatal(err)
	}
	z0 := readFrame(t, ctx)[0]
	if err := chromedp.Do(ctx, js(`(() => {
  const f = document.querySelector('.mapscroll'), r = f.getBoundingClientRect();
  const x = r.left + r.width / 2, y = r.top + 150;
  const touch = (id, dx) => new Touch({ identifier: id, target: f, clientX: x + dx, clientY: y });
  const ev = (type, d) => new TouchEvent(type, { touches: [touch(1, -d), touch(2, d)], bubbles: true, cancelable: true });
  f.dispatchEvent(ev('touchstart', 20));
  f.dispatchEvent(ev('touchmove', 30));
  f.dispatchEvent(ev('touchmove', 40));
  f.dispatchEvent(new TouchEvent('touchend', { touches: [], bubbles: true }));
})()`)); err != nil {
		t.Fatal(err)
	}
	if z := readFrame(t, ctx)[0]; z0 > 3 || z < z0*1.5 {
		t.Errorf("a pinch spreading two fingers from 40 to 80 px took the zoom from %.2f to %.2f", z0, z)
	}
	if err := chromedp.Do(ctx, js(`(() => { const f = document.querySelector('.mapscroll'); f.scrollLeft = 0; f.scrollTop = 0; })()`),
		tap(`.zoom button.centre`), viewShot("compass-phone-centred")); err != nil {
		t.Fatal(err)
	}
	if f := readFrame(t, ctx); f[3] == 0 {
		t.Errorf("after the centre control no unit of the player's that may move shows (scroll %v, %v)", f[1], f[2])
	}
	// Selecting a unit tells it above the map, with the actions that name
	// no area (Motor Convoy, a step loss) as buttons there: no popup
	// covers the map.
	unit := strings.Fields(move)[1]
	if err := chromedp.Do(ctx, js(`document.querySelector('svg.map g.counter[data-unit="`+unit+`"]').dispatchEvent(new MouseEvent('click', {bubbles: true}))`),
		chromedp.WaitVisible(css(`.unitinfo`))); err != nil {
		t.Fatal(err)
	}
	if open, _ := chromedp.Run(ctx, chromedp.Evaluate[bool](`!document.querySelector('.chooser').hidden`)); open {
		t.Errorf("selecting %s opened a popup over the map", unit)
	}
	// When the page asks which action (a "Choose:" popup), the zoom buttons
	// do not cover it on a phone.
	covered, err := chromedp.Run(ctx, chromedp.Evaluate[int](`(() => {
  const c = document.querySelector('.chooser');
  c.hidden = false;
  c.append(Object.assign(document.createElement('button'), { textContent: 'a long action to choose among several' }));
  document.querySelector('.mapscroll').scrollIntoView();
  const r = c.getBoundingClientRect();
  let n = 0;
  for (let x = r.left + 2; x < r.right; x += 10) for (let y = r.top + 2; y < r.bottom; y += 10) {
    const e = document.elementFromPoint(x, y);
    if (e && !c.contains(e)) n++;
  }
  return n;
})()`))
	if err != nil {
		t.Fatal(err)
	}
	if err := chromedp.Do(ctx, viewShot("compass-phone-chooser")); err != nil {
		t.Fatal(err)
	}
	if covered > 0 {
		t.Errorf("%d points of the Choose popup are covered on a phone", covered)
	}
	// Back on a desk's window, the desk's zoom.
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(1400, 900), chromedp.Navigate(url), chromedp.WaitVisible(css(`svg.map path.area`))); err != nil {
		t.Fatal(err)
	}
	if z := readFrame(t, ctx)[0]; math.Abs(z-1) > 0.05 {
		t.Errorf("the desk's map opens at zoom %.2f, want the 1 it saved", z)
	}
	// Where a desk saved none, its own start: counters readable.
	if err := chromedp.Do(ctx, js(`localStorage.removeItem('compass-zoom-desk')`), chromedp.Navigate(url), chromedp.WaitVisible(css(`svg.map path.area`)), viewShot("compass-desk-open")); err != nil {
		t.Fatal(err)
	}
	if z := readFrame(t, ctx)[0]; math.Abs(z-1.4) > 0.05 {
		t.Errorf("the desk's map opens at zoom %.2f, want 1.4", z)
	}
	if size := counterSize(t, ctx); size[1] < 8 || size[2] < 12 {
		t.Errorf("on a desk a counter's name is %.1f px high, its values %.1f px: too small to read", size[1], size[2])
	}
}

// toWDFBattle plays a hot-seat WDF game through the API, in Italian, from
// the page, until an attack is being built (its support and resolve to
// decide): each side moves the units that may come nearest an enemy
// (hex distance on the view's map), declares the first attack offered and
// ends every other step. It returns "", or why it stopped short.
const toWDFBattle = `(async () => {
  const me = await (await fetch('/api/me')).json();
  const id = location.pathname.split('/')[2];
  const axial = (h) => { const q = h.col; return [q, h.row - (q + (q & 1)) / 2]; };
  const dist = (a, b) => { const dq = a[0] - b[0], dr = a[1] - b[1]; return (Math.abs(dq) + Math.abs(dr) + Math.abs(dq + dr)) / 2; };
  let moves = 0;
  const tried = new Set(); // the units chosen in this phase (a move is pick, then move: ruling W38)
  for (let i = 0; i < 400; i++) {
    const v = await (await import('/static/js/api.js')).request('GET', '/api/games/' + id + '?lang=it'); // with its map sheet
    if (v.actions.some((a) => a.action.startsWith('resolve '))) return '';
    if (v.actions.length === 0) return 'no actions: ' + v.prompt;
    const hex = new Map(v.view.map.hexes.map((h) => [h.id, axial(h)]));
    const enemy = v.view.units.filter((u) => u.where === 'map' && v.view.map.units[u.id].side !== v.side && hex.has(u.hex)).map((u) => hex.get(u.hex));
    const near = (h) => Math.min(...enemy.map((e) => dist(e, hex.get(h))));
    let a = v.actions.find((a) => a.action.startsWith('attack '));
    if (!a && moves < 12) {
      let best = null, bd = 1e9;
      for (const x of v.actions) {
        const f = x.action.split(' ');
        if (f[0] !== 'move' || !hex.has(f[2])) continue;
        const from = v.view.units.find((u) => u.id === f[1]);
        const d = near(f[2]) - (from && hex.has(from.hex) ? near(from.hex) : 99);
        if (near(f[2]) >= 1 && d < 0 && near(f[2]) < bd) { bd = near(f[2]); best = x; }
      }
      if (best) { a = best; moves++; }
      else a = v.actions.find((x) => x.action.startsWith('pick ') && !tried.has(x.action));
      if (a && a.action.startsWith('pick ')) tried.add(a.action);
    }
    if (!a) { a = v.actions.find((a) => a.action === 'done') || v.actions[0]; moves = 0; tried.clear(); }
    const r = await fetch('/api/games/' + id + '/actions', { method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-CSRF-Token': me.csrf },
      body: JSON.stringify({ side: v.side, move: v.move, action: a.action }) });
    if (!r.ok) return a.action + ': ' + await r.text();
  }
  return 'none';
})()`

// TestBrowserWDFPlayOnMap checks that WDF is played on the map, not from a
// list: at the Allied movement (over a thousand legal moves) the panel
// lists a few buttons at most and "done" is in the prompt bar, in sight on
// a phone wherever the page is scrolled; in an attack being built, every
// choice is a button in Italian words, none in record text, and resolving
// without an Attack Point says what it costs.
func TestBrowserWDFPlayOnMap(t *testing.T) {
	ctx, base := browser(t)
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(390, 844, chromedp.EmulateTouch),
		newGuestGame(base, "wdf"), chromedp.WaitVisible(css(`svg.map.wdf path.hex`))); err != nil {
		t.Fatal(err)
	}
	_, url := toMove(t, ctx)
	if err := chromedp.Do(ctx, chromedp.Navigate(url), chromedp.WaitVisible(css(`svg.map g.counter.actionable`)),
		js(`document.querySelector('.mapwrap').scrollIntoView()`), viewShot("wdf-phone-map"),
		js(`window.scrollTo(0, document.body.scrollHeight)`), viewShot("wdf-phone-movement")); err != nil {
		t.Fatal(err)
	}
	got, err := chromedp.Run(ctx, chromedp.Evaluate[[]int](`(() => {
  const d = document.querySelector('.prompt button[data-action="done"]');
  const r = d ? d.getBoundingClientRect() : null;
  return [document.querySelectorAll('.actions button[data-action]').length, r && r.top >= 0 && r.bottom <= innerHeight ? 1 : 0];
})()`))
	if err != nil {
		t.Fatal(err)
	}
	if text, _ := pageText(ctx, `.actions`); strings.Contains(text, "null") {
		t.Errorf("the actions panel shows stray text: %q", text)
	}
	if got[0] > 12 {
		t.Errorf("the movement step lists %d buttons; the moves belong on the map", got[0])
	}
	if size := counterSize(t, ctx); size[0] < 28 || size[2] < 9 {
		t.Errorf("on a phone a WDF counter is %.0f px high, its values %.1f px: too small to tap or read", size[0], size[2])
	}
	if got[1] != 1 {
		t.Errorf("'done' is not in sight in the prompt bar on a phone scrolled to the page's end")
	}

	why, err := chromedp.Run(ctx, chromedp.Evaluate[string](toWDFBattle, chromedp.EvalAwaitPromise))
	if err != nil || why != "" {
		t.Fatalf("no attack came to be built: %s %v", why, err)
	}
	if err := chromedp.Do(ctx, js(`localStorage.setItem('lang', 'it')`), chromedp.Navigate(url),
		chromedp.WaitVisible(css(`.actions button[data-action^="resolve "]`)), viewShot("wdf-phone-attack-it")); err != nil {
		t.Fatal(err)
	}
	labels, err := chromedp.Run(ctx, chromedp.Evaluate[[]string](`Array.from(document.querySelectorAll('.actions button[data-action], .prompt button[data-action]')).map((b) => b.dataset.action + ' => ' + b.textContent)`))
	if err != nil {
		t.Fatal(err)
	}
	if len(labels) > 12 {
		t.Errorf("building an attack offers %d buttons", len(labels))
	}
	for _, l := range labels {
		rec, label, _ := strings.Cut(l, " => ")
		if label == rec || strings.Contains(label, "no-ap") || !strings.ContainsAny(label, "àèéìòù") && strings.Contains(label, " the ") {
			t.Errorf("the button %q reads %q: not in Italian words", rec, label)
		}
		if rec == "resolve no-ap" && !strings.Contains(label, "-2") {
			t.Errorf("resolving without an Attack Point does not say its -2: %q", label)
		}
		if strings.HasPrefix(rec, "resolve ") && !strings.Contains(label, "travolgente") {
			t.Errorf("the button %q tells no odds: %q", rec, label)
		}
	}
	t.Logf("buttons: %q", labels)
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(1400, 900), chromedp.Navigate(url),
		chromedp.WaitVisible(css(`.actions button[data-action^="resolve "]`)), viewShot("wdf-desk-attack-it")); err != nil {
		t.Fatal(err)
	}
	if size := counterSize(t, ctx); size[0] < 32 || size[2] < 11 {
		t.Errorf("on a desk a WDF counter is %.0f px high, its values %.1f px: too small to read", size[0], size[2])
	}
	// The attack being built shows each unit's strength with its
	// modifiers and their rules (the printed CS, terrain, supply...).
	rows, err := chromedp.Run(ctx, chromedp.Evaluate[[]int](`[document.querySelectorAll('.wdf-battle table.combat tbody tr').length, document.querySelectorAll('.wdf-battle table.combat .mod .rule').length]`))
	if err != nil {
		t.Fatal(err)
	}
	if rows[0] < 2 || rows[1] < rows[0] {
		t.Errorf("the attack being built shows %d rows and %d modifiers with a rule", rows[0], rows[1])
	}
	// Resolved, the combat stays on the page: each die, the hits.
	before := gameMove(t, ctx)
	if err := chromedp.Do(ctx, js(`document.querySelector('.actions button[data-action^="resolve "]').click()`)); err != nil {
		t.Fatal(err)
	}
	waitMove(t, ctx, before)
	if err := chromedp.Do(ctx, chromedp.Navigate(url), chromedp.WaitVisible(css(`details.lastcombat`)),
		js(`document.querySelector('details.lastcombat').open = true`), chromedp.WaitVisible(css(`details.lastcombat table.combat`))); err != nil {
		t.Fatal(err)
	}
	if err := chromedp.Do(ctx, js(`document.querySelector('details.lastcombat').scrollIntoView()`), viewShot("wdf-desk-combat-resolved")); err != nil {
		t.Fatal(err)
	}
	got2, err := chromedp.Run(ctx, chromedp.Evaluate[[]int](`(() => {
  const d = document.querySelector('details.lastcombat');
  const dice = d.querySelectorAll('.die').length;
  const finals = Array.from(d.querySelectorAll('table.combat caption')).map((c) => +(/(\d+)$/.exec(c.textContent) || [0, -1])[1]);
  return [dice, finals[0] + (d.querySelector('summary').textContent.includes('travolgente') ? 0 : finals[1])];
})()`))
	if err != nil {
		t.Fatal(err)
	}
	if got2[0] != got2[1] {
		t.Errorf("the last combat shows %d dice for final strengths totalling %d", got2[0], got2[1])
	}
}

// TestBrowserDocsPage opens the Compass rulings as a player following a
// rule link would: a page of HTML with the rulings' table, the linked
// ruling marked, readable on a desk and on a phone.
func TestBrowserDocsPage(t *testing.T) {
	ctx, base := browser(t)
	for _, size := range [][2]int64{{1400, 900}, {390, 844}} {
		if err := chromedp.Do(ctx, chromedp.EmulateViewport(size[0], size[1]),
			chromedp.Navigate(base+"/docs/compass/rulings.md#C-9"), chromedp.WaitVisible(css(`main.doc tr#C-9`)),
			viewShot(fmt.Sprintf("docs-rulings-%d", size[0]))); err != nil {
			t.Fatal(err)
		}
		text, err := pageText(ctx, `main.doc`)
		if err != nil {
			t.Fatal(err)
		}
		if strings.Contains(text, "|---|") || strings.HasPrefix(text, "# ") || !strings.Contains(text, "Compass: rulings") {
			t.Errorf("the rulings page is not rendered: %.200q", text)
		}
	}
}

// TestBrowserUnknownGame: a play page for a game that does not exist says
// so and opens no event stream.
func TestBrowserUnknownGame(t *testing.T) {
	ctx, base := browser(t)
	if err := chromedp.Do(ctx, chromedp.Navigate(base+"/"), chromedp.Click(xpath(`//button[text()="Play as a guest"]`)),
		chromedp.WaitVisible(css(`select[name=game]`)),
		chromedp.Navigate(base+"/play/0123456789abcdef"), chromedp.WaitVisible(css(`.play .msg.bad`)), chromedp.Sleep(300*time.Millisecond)); err != nil {
		t.Fatal(err)
	}
	streams, err := chromedp.Run(ctx, chromedp.Evaluate[int](`performance.getEntriesByType('resource').filter((e) => e.name.includes('/events')).length`))
	if err != nil {
		t.Fatal(err)
	}
	if streams != 0 {
		t.Errorf("the page of an unknown game opened %d event streams", streams)
	}
}

// TestBrowserAutoForced: in a hot-seat game a player who opted in has the
// choices with one answer answered for him (Compass 6.1.B's "done with
// replacements" with no point to spend), told on the page with why it is
// only offered where no other person watches; the other choices wait for
// him.
func TestBrowserAutoForced(t *testing.T) {
	ctx, base := browser(t)
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(1400, 900), newGuestGame(base, "compass"), chromedp.WaitVisible(css(`svg.map path.area`)),
		chromedp.WaitVisible(css(`input[name=autoforced]`)), viewShot("auto-forced-offer"),
		chromedp.Click(css(`input[name=autoforced]`))); err != nil {
		t.Fatal(err)
	}
	// Choose in the page's stead every choice with several answers; the
	// page must answer the others itself.
	why, err := chromedp.Run(ctx, chromedp.Evaluate[string](`(async () => {
  const me = await (await fetch('/api/me')).json();
  const id = location.pathname.split('/')[2];
  let waited = 0;
  for (let i = 0; i < 200; i++) {
    const v = await (await fetch('/api/games/' + id)).json();
    if (v.actions.some((a) => a.action.startsWith('move '))) return '';
    if (v.actions.length === 1) {
      if (++waited > 30) return 'the page did not answer ' + v.prompt;
      await new Promise((r) => setTimeout(r, 100));
      continue;
    }
    waited = 0;
    await fetch('/api/games/' + id + '/actions', { method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-CSRF-Token': me.csrf },
      body: JSON.stringify({ side: v.side, move: v.move, action: v.actions[0].action }) });
  }
  return 'no movement';
})()`, chromedp.EvalAwaitPromise))
	if err != nil || why != "" {
		t.Fatalf("%s %v", why, err)
	}
	if err := chromedp.Do(ctx, chromedp.WaitVisible(css(`.autodone li`)), viewShot("auto-forced-done")); err != nil {
		t.Fatal(err)
	}
	text, _ := chromedp.Run(ctx, chromedp.Evaluate[string](`(() => { const d = document.querySelector('.autoforced details'); d.open = true; return document.querySelector('.autoforced').innerText; })()`))
	if !strings.Contains(text, "Answered for you") || !strings.Contains(text, "no other person") {
		t.Errorf("the page does not tell what it answered and why: %q", text)
	}
}

// toItalianMove plays on through the API (from the page, as the other
// player) with "done" wherever it may, until the Italian player may move a
// unit; it makes that move and returns its record text.
const toItalianMove = `(async () => {
  const me = await (await fetch('/api/me')).json();
  const id = location.pathname.split('/')[2];
  const post = (v, action) => fetch('/api/games/' + id + '/actions', { method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-CSRF-Token': me.csrf },
    body: JSON.stringify({ side: v.side, move: v.move, action }) });
  for (let i = 0; i < 200; i++) {
    const v = await (await fetch('/api/games/' + id)).json();
    if (v.actions.length === 0) return '';
    const mv = v.side === 'italian' && v.actions.find((a) => a.action.startsWith('move '));
    if (mv) { await post(v, mv.action); return mv.action; }
    await post(v, (v.actions.find((a) => a.action === 'done') || v.actions[0]).action);
  }
  return '';
})()`

// TestBrowserOpponentMarked: after the player's move, what the other side
// does (here an Italian move, made elsewhere) is marked on his map with an
// arrow from where the unit was, listed since his last move, with a link
// that steps through it in the replay viewer; the marks go once he clears
// them.
func TestBrowserOpponentMarked(t *testing.T) {
	ctx, base := browser(t)
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(1400, 900), newGuestGame(base, "compass"), chromedp.WaitVisible(css(`svg.map path.area`))); err != nil {
		t.Fatal(err)
	}
	move, url := toMove(t, ctx)
	f := strings.Fields(move)
	before := gameMove(t, ctx)
	// The Allied player moves on his page.
	if err := chromedp.Do(ctx, chromedp.Navigate(url+"?side=allied"), chromedp.WaitVisible(css(`svg.map g.counter[data-unit="`+f[1]+`"].actionable`)),
		click(`svg.map g.counter[data-unit="`+f[1]+`"]`), chromedp.WaitVisible(css(`svg.map path.area.dest[data-area="`+f[2]+`"]`)),
		click(`svg.map path.area[data-area="`+f[2]+`"]`)); err != nil {
		t.Fatal(err)
	}
	if _, err := chromedp.Run(ctx, chromedp.Evaluate[bool](`!document.querySelector('.chooser').hidden && document.querySelector('.chooser button').click()`)); err != nil {
		t.Fatal(err)
	}
	waitMove(t, ctx, before)
	if n, _ := chromedp.Run(ctx, chromedp.Evaluate[int](`document.querySelectorAll('svg.map .lastmove').length`)); n != 0 {
		t.Errorf("the player's own move is marked as the other side's")
	}
	italian, err := chromedp.Run(ctx, chromedp.Evaluate[string](toItalianMove, chromedp.EvalAwaitPromise))
	if err != nil || italian == "" {
		t.Fatalf("no Italian move (%v)", err)
	}
	unit := strings.Fields(italian)[1]
	if err := chromedp.Do(ctx, chromedp.WaitVisible(css(`svg.map .lastmove[data-unit="`+unit+`"]`)),
		chromedp.WaitVisible(css(`details.since`)), viewShot("compass-opponent-marked")); err != nil {
		t.Fatalf("the Italian move %q is not marked: %v", italian, err)
	}
	link, err := chromedp.Run(ctx, chromedp.Evaluate[string](`document.querySelector('details.since a').getAttribute('href')`))
	if err != nil || !strings.Contains(link, "/replay/") || !strings.Contains(link, "at=") {
		t.Errorf("the step-through link is %q (%v)", link, err)
	}
	if err := chromedp.Do(ctx, chromedp.Click(css(`details.since button`)), chromedp.WaitNotPresent(css(`svg.map .lastmove`))); err != nil {
		t.Fatal(err)
	}
	// The link opens the replay at the player's last move.
	if err := chromedp.Do(ctx, chromedp.Navigate(base+link), chromedp.WaitVisible(css(`.vcr .where`))); err != nil {
		t.Fatal(err)
	}
	where, _ := pageText(ctx, `.vcr .where`)
	if !strings.Contains(where, fmt.Sprintf("Move %d ", before+1)) {
		t.Errorf("the replay opens at %q, want move %d", where, before+1)
	}
}

// TestBrowserHelp: the computer levels are explained where they are
// chosen and the default is the fair one, not the weakest; the event
// markers are explained beside them; each rule reference in the log links
// to the rulings that cite it.
func TestBrowserHelp(t *testing.T) {
	ctx, base := browser(t)
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(1400, 900), chromedp.Navigate(base+"/"), chromedp.Click(xpath(`//button[text()="Play as a guest"]`)),
		chromedp.WaitVisible(css(`select[name=game]`)), chromedp.SetValue(css(`select[name=mode]`), "computer"),
		js(`document.querySelector('select[name=mode]').dispatchEvent(new Event('change'))`), chromedp.Sleep(300*time.Millisecond)); err != nil {
		t.Fatal(err)
	}
	if err := chromedp.Do(ctx, chromedp.WaitVisible(css(`.levelhelp`)), viewShot("lobby-levels")); err != nil {
		t.Fatal(err)
	}
	level, err := chromedp.Run(ctx, chromedp.Evaluate[[]string](`[document.querySelector('select[name=computer]').value, document.querySelector('.levelhelp').textContent]`))
	if err != nil {
		t.Fatal(err)
	}
	if level[0] != "normal" || !strings.Contains(level[1], "second") {
		t.Errorf("the computer level starts at %q, explained %q", level[0], level[1])
	}
	if err := chromedp.Do(ctx, chromedp.SetValue(css(`select[name=game]`), "compass"), chromedp.SetValue(css(`select[name=mode]`), "hotseat"),
		chromedp.Click(xpath(`//button[text()="Create"]`)), chromedp.WaitVisible(css(`svg.map path.area`))); err != nil {
		t.Fatal(err)
	}
	n, err := chromedp.Run(ctx, chromedp.Evaluate[int](`document.querySelectorAll('.evhelp dt').length`))
	if err != nil || n != 8 {
		t.Errorf("the event markers' help tells %d markers (%v)", n, err)
	}
	href, err := chromedp.Run(ctx, chromedp.Evaluate[string](`(document.querySelector('ol.log a.rule') || {}).href || ''`))
	if err != nil || !strings.Contains(href, "/docs/compass/rulings.md?rule=") {
		t.Fatalf("a log line's rule links to %q (%v)", href, err)
	}
	// A rule that a ruling cites (6.2.E.7, the retreat: rulings C-12, C-15, C-16).
	if err := chromedp.Do(ctx, chromedp.Navigate(base+"/docs/compass/rulings.md?rule=6.2.E.7"), chromedp.WaitVisible(css(`main.doc .citenote`)),
		viewShot("docs-rule-cited")); err != nil {
		t.Fatal(err)
	}
	cited, err := chromedp.Run(ctx, chromedp.Evaluate[[]string](`Array.from(document.querySelectorAll('main.doc tr.cited')).map((r) => r.id)`))
	if err != nil || len(cited) < 2 || !strings.Contains(strings.Join(cited, " "), "C-12") {
		t.Errorf("the rulings citing 6.2.E.7 marked: %v (%v)", cited, err)
	}
}

// TestBrowserTurnNotification: a player who asked for notifications is
// told by one when the other side's move makes it his turn while his tab
// is in the background (the Notification API and the tab's visibility
// are stood in for: a headless browser has no desktop to show them on).
func TestBrowserTurnNotification(t *testing.T) {
	ctx, base := browser(t)
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(1400, 900), newGuestGame(base, "compass"), chromedp.WaitVisible(css(`svg.map path.area`))); err != nil {
		t.Fatal(err)
	}
	url, err := chromedp.Run(ctx, chromedp.Location())
	if err != nil {
		t.Fatal(err)
	}
	// The page as the Allied player, with notifications granted and the
	// tab hidden.
	if err := chromedp.Do(ctx, chromedp.Navigate(url+"?side=allied"), chromedp.WaitVisible(css(`svg.map path.area`)),
		js(`window.__notes = [];
window.Notification = class { constructor(title, o) { window.__notes.push(title + ' | ' + o.body); } };
window.Notification.permission = 'granted';
window.Notification.requestPermission = async () => 'granted';
Object.defineProperty(document, 'hidden', { get: () => true });
localStorage.setItem('notify', 'on');`)); err != nil {
		t.Fatal(err)
	}
	// Both sides play on elsewhere until the decision has left the Allied
	// player and come back to him.
	why, err := chromedp.Run(ctx, chromedp.Evaluate[string](`(async () => {
  const me = await (await fetch('/api/me')).json();
  const id = location.pathname.split('/')[2];
  let left = false;
  for (let i = 0; i < 60; i++) {
    const v = await (await fetch('/api/games/' + id)).json();
    if (v.side === 'italian') left = true;
    if (left && v.side === 'allied') return '';
    await fetch('/api/games/' + id + '/actions', { method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-CSRF-Token': me.csrf },
      body: JSON.stringify({ side: v.side, move: v.move, action: (v.actions.find((a) => a.action === 'done') || v.actions[0]).action }) });
    await new Promise((r) => setTimeout(r, 150));
  }
  return 'the decision never came back to the Allied player';
})()`, chromedp.EvalAwaitPromise))
	if err != nil || why != "" {
		t.Fatalf("%s %v", why, err)
	}
	if _, err := chromedp.Run(ctx, chromedp.Poll[bool](`window.__notes.length > 0`, chromedp.WithPollingTimeout(5*time.Second))); err != nil {
		t.Fatalf("no notification when the turn came back: %v", err)
	}
	notes, _ := chromedp.Run(ctx, chromedp.Evaluate[[]string](`window.__notes`))
	if !strings.Contains(notes[0], "Your turn") {
		t.Errorf("the notification reads %q", notes)
	}
}

// TestBrowserKeyboard plays a Compass move from the keyboard alone: every
// counter and area of the map has a name for screen readers, Enter on a
// counter selects it, the focus is visible on the map, Enter on a lit
// area moves the unit there.
func TestBrowserKeyboard(t *testing.T) {
	ctx, base := browser(t)
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(1400, 900), newGuestGame(base, "compass"), chromedp.WaitVisible(css(`svg.map path.area`))); err != nil {
		t.Fatal(err)
	}
	move, url := toMove(t, ctx)
	f := strings.Fields(move)
	if err := chromedp.Do(ctx, chromedp.Navigate(url), chromedp.WaitVisible(css(`svg.map g.counter[data-unit="`+f[1]+`"].actionable`))); err != nil {
		t.Fatal(err)
	}
	// Names: each element a player can reach on the map says what it is.
	unnamed, err := chromedp.Run(ctx, chromedp.Evaluate[[]string](`Array.from(document.querySelectorAll('svg.map [role=button]')).filter((e) => {
  const name = e.getAttribute('aria-label') || ((e.querySelector(':scope > title') || {}).textContent || '');
  return name.trim() === '';
}).map((e) => e.outerHTML.slice(0, 80))`))
	if err != nil {
		t.Fatal(err)
	}
	if len(unnamed) > 0 {
		t.Errorf("%d map elements have no name for a screen reader: %q", len(unnamed), unnamed[0])
	}
	before := gameMove(t, ctx)
	counter := `svg.map g.counter[data-unit="` + f[1] + `"]`
	area := `svg.map path.area[data-area="` + f[2] + `"]`
	// The Tab key brings the keyboard to the page; the counter is then
	// reached as Tab would reach it (its turn in the order is a long walk).
	if err := chromedp.Do(ctx, chromedp.KeyEvent("\t"), js(`document.querySelector('`+counter+`').focus()`), chromedp.KeyEvent("\r"),
		chromedp.WaitVisible(css(counter+`.selected`)), chromedp.WaitVisible(css(area+`.dest`)),
		js(`document.querySelector('`+area+`').focus()`)); err != nil {
		t.Fatal(err)
	}
	focus, err := chromedp.Run(ctx, chromedp.Evaluate[[]string](`(() => {
  const a = document.querySelector('`+area+`');
  return [document.activeElement === a ? 'focused' : 'not focused', a.matches(':focus-visible') ? getComputedStyle(a).strokeDasharray : 'no focus ring'];
})()`))
	if err != nil {
		t.Fatal(err)
	}
	if focus[0] != "focused" || focus[1] == "none" || focus[1] == "no focus ring" {
		t.Errorf("the keyboard's place on the map is not shown: %v", focus)
	}
	if err := chromedp.Do(ctx, viewShot("compass-keyboard-focus"), chromedp.KeyEvent("\r")); err != nil {
		t.Fatal(err)
	}
	// Several actions may fit: the chooser's first button takes the focus.
	if open, _ := chromedp.Run(ctx, chromedp.Evaluate[bool](`!document.querySelector('.chooser').hidden`)); open {
		if err := chromedp.Do(ctx, chromedp.WaitVisible(css(`.chooser button:focus`)), chromedp.KeyEvent("\r")); err != nil {
			t.Fatalf("the chooser is not reached from the keyboard: %v", err)
		}
	}
	waitMove(t, ctx, before)
	if n := gameMove(t, ctx); n != before+1 {
		t.Fatalf("the keyboard's move was not played: move %d, was %d", n, before)
	}
}

// TestBrowserOddsExact checks the odds module against odds worked out by
// hand: Compass, two dice hitting on 3 (1/2 each) against one on 2 (1/3),
// a 6 never hitting and a unit at 0 not rolling; WDF, one die on 5-6
// against one on 6.
func TestBrowserOddsExact(t *testing.T) {
	ctx, base := browser(t)
	if err := chromedp.Do(ctx, chromedp.Navigate(base+"/")); err != nil {
		t.Fatal(err)
	}
	got, err := chromedp.Run(ctx, chromedp.Evaluate[[]float64](`import('/static/js/odds.js').then((m) => {
  const o = m.compassOdds([[{ target: 3 }, { target: 3 }], [{ target: 2 }, { target: 0 }]], 2);
  const w = m.wdfOdds([1, 0], [0, 1], 1);
  return [...o.att, ...o.def, o.retreat, o.tie, o.worse, o.wipe, m.compassHit(9), m.compassHit(0), ...w.att, ...w.def, w.over, w.more, w.meanAtt, w.meanDef];
})`, chromedp.EvalAwaitPromise))
	if err != nil {
		t.Fatal(err)
	}
	// Attacker: 0, 1, 2 hits with 1/4, 1/2, 1/4; defender: 0, 1 with 2/3,
	// 1/3. Retreat: a > d = 1/2·2/3 + 1/4·1 = 7/12; tie: 1/4·2/3 + 1/2·1/3
	// = 1/3; fewer: 1/4·1/3 = 1/12; both defending levels lost: 1/4.
	// WDF: one attacking die on 5-6 against one defending die on 6, the
	// defender's CS 1: overwhelming needs 2 hits (never); more hits: 1/3·5/6.
	want := []float64{0.25, 0.5, 0.25, 2.0 / 3, 1.0 / 3, 0, 7.0 / 12, 1.0 / 3, 1.0 / 12, 0.25, 5.0 / 6, 0,
		2.0 / 3, 1.0 / 3, 5.0 / 6, 1.0 / 6, 0, 5.0 / 18, 1.0 / 3, 1.0 / 6}
	if len(got) != len(want) {
		t.Fatalf("got %v", got)
	}
	for i := range want {
		if math.Abs(got[i]-want[i]) > 1e-12 {
			t.Fatalf("odds %v, want %v", got, want)
		}
	}
}

// TestBrowserWhyNot: a unit selected, a click on an area it may not enter
// says why (not next to it; or the rules' reason the engine gives, as the
// MP it lacks) and keeps the unit selected.
func TestBrowserWhyNot(t *testing.T) {
	ctx, base := browser(t)
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(1400, 900), newGuestGame(base, "compass"), chromedp.WaitVisible(css(`svg.map path.area`))); err != nil {
		t.Fatal(err)
	}
	move, url := toMove(t, ctx)
	unit := strings.Fields(move)[1]
	if err := chromedp.Do(ctx, chromedp.Navigate(url), chromedp.WaitVisible(css(`svg.map g.counter[data-unit="`+unit+`"].actionable`)),
		click(`svg.map g.counter[data-unit="`+unit+`"]`), click(`svg.map path.area[data-area="el-agheila"]`),
		chromedp.WaitVisible(css(`.unitinfo .whynot`)), viewShot("compass-whynot")); err != nil {
		t.Fatal(err)
	}
	why, _ := pageText(ctx, `.unitinfo .whynot`)
	sel, _ := chromedp.Run(ctx, chromedp.Evaluate[bool](`!!document.querySelector('svg.map g.counter.selected[data-unit="`+unit+`"]')`))
	if !strings.Contains(why, "is not next to") || !sel {
		t.Errorf("why not El Agheila: %q (unit still selected: %v)", why, sel)
	}
	// An area next to it that the rules bar, if there is one (at the
	// game's start there seldom is; TestBlockedReasons checks every
	// reason): the engine's reason ("why UNIT", as the page asks it) is
	// what the page says.
	blocked, err := chromedp.Run(ctx, chromedp.Evaluate[[]string](`(async () => {
  const id = location.pathname.split('/')[2];
  const v = await (await fetch('/api/games/' + id)).json();
  const why = await (await fetch('/api/games/' + id + '/ask?q=' + encodeURIComponent('why `+unit+`') + '&side=' + v.side)).json();
  const k = Object.keys(why).find((x) => x !== '*');
  return k ? [k, why[k]] : [];
})()`, chromedp.EvalAwaitPromise))
	if err != nil {
		t.Fatal(err)
	}
	if len(blocked) == 2 {
		if err := chromedp.Do(ctx, click(`svg.map path.area[data-area="`+blocked[0]+`"]`),
			chromedp.WaitVisible(xpath(`//*[contains(@class,"whynot")][contains(., "`+blocked[1][:20]+`")]`))); err != nil {
			why, _ := pageText(ctx, `.unitinfo .whynot`)
			t.Fatalf("why may %s not enter %s: the page says %q, the engine %q (%v)", unit, blocked[0], why, blocked[1], err)
		}
	}
}
