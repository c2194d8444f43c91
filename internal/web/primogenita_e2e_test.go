package web_test

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"sandtable/internal/engine"
	"sandtable/internal/games/primogenita"
)

// La Primogenita registers itself once its registration lands (issue 25);
// until then the test registers it.
func init() {
	if _, err := engine.Lookup("primogenita"); err != nil {
		engine.Register(primogenita.Game{})
	}
}

// primPlayUntil plays a hot-seat game through the API from the page, each
// time the first legal action of the side the server shows (or of side,
// if given, or the other side when this one may only take its commit back;
// the first action starting with one of prefer, if any), until
// an action starting with one of prefixes is open to
// that side; it returns the side and that action ("" if none came).
const primPlayUntil = `(async (side, prefixes, prefer) => {
  const me = await (await fetch('/api/me')).json();
  const id = location.pathname.split('/')[2];
  for (let i = 0; i < 600; i++) {
    let v = await (await fetch('/api/games/' + id + (side ? '?side=' + side : ''))).json();
    if (!side && v.actions.every((a) => a.action === 'uncommit')) v = await (await fetch('/api/games/' + id + '?side=' + (v.side === 'allied' ? 'italian' : 'allied'))).json();
    const hit = v.actions.find((a) => prefixes.some((p) => a.action.startsWith(p)));
    if (hit) return v.side + ' ' + hit.action;
    if (v.actions.length === 0) return '';
    await fetch('/api/games/' + id + '/actions', { method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-CSRF-Token': me.csrf },
      body: JSON.stringify({ side: v.side, move: v.move, action: (prefer.map((p) => v.actions.find((a) => a.action.startsWith(p))).find(Boolean) || v.actions[0]).action }) });
  }
  return '';
})`

func primPlay(ctx context.Context, side string, prefer []string, prefixes ...string) (string, error) {
	list := func(a []string) string { return `["` + strings.Join(a, `","`) + `"]` }
	q := fmt.Sprintf(`%s(%q, %s, %s)`, primPlayUntil, side, list(prefixes), list(prefer))
	return chromedp.Run(ctx, chromedp.Evaluate[string](q, chromedp.EvalAwaitPromise))
}

// primShots takes the screenshots the project looks at (with
// SANDTABLE_SCREENSHOTS set): the page drawn afresh at 390x844 and at
// 1400x900, and the map at both.
func primShots(name string) chromedp.Action[chromedp.Void] {
	return chromedp.Steps(
		chromedp.EmulateViewport(390, 844), chromedp.Reload(), chromedp.WaitVisible(css(`svg.map.prim path.hex`)), chromedp.Sleep(300), viewShot(name+"-390"),
		chromedp.ScrollIntoView(css(`.mapwrap`)), chromedp.Sleep(200), viewShot(name+"-390-map"),
		chromedp.EmulateViewport(1400, 900), chromedp.Reload(), chromedp.WaitVisible(css(`svg.map.prim path.hex`)), chromedp.Sleep(300), viewShot(name+"-1400"),
		chromedp.ScrollIntoView(css(`.mapwrap`)), chromedp.Sleep(200), viewShot(name+"-map"))
}

// TestBrowserPrimogenita plays La Primogenita's first Orders in a hot-seat
// game: the map with its towns, roads, railway, cliffs, Entry arrows and
// counters; the Allied order sheet, four Orders picked by clicking them
// (the boxes fill, weights shown), the choice committed and kept while
// the Italian side chooses; the reveal of the eight Orders on the Order
// Track; a move by clicking a counter and a lit hex. Set-up happens on
// the map (primSetupOnMap).
func TestBrowserPrimogenita(t *testing.T) {
	ctx, base := browser(t)
	err := chromedp.Do(ctx, chromedp.EmulateViewport(1400, 900),
		newGuestGame(base, "primogenita"),
		chromedp.WaitVisible(css(`svg.map.prim path.hex`)),
		primShots("prim-setup"),
	)
	if err != nil {
		t.Fatal(err)
	}
	counts, err := chromedp.Run(ctx, chromedp.Evaluate[[]int](`[".mapscroll path.hex", ".mapscroll .road", ".mapscroll .rail", ".mapscroll .cliff", ".mapscroll .arrow", ".mapscroll .townname", ".mapscroll rect.hex.entry", ".prim-gt .slot", ".prim-vp span"].map((q) => document.querySelectorAll(q).length)`))
	if err != nil {
		t.Fatal(err)
	}
	if counts[0] < 300 || counts[1] == 0 || counts[2] != 1 || counts[3] < 10 || counts[4] < 5 || counts[5] < 10 || counts[6] != 5 || counts[7] != 10 || counts[8] < 21 {
		t.Fatalf("map: hexes, roads, rail, cliffs, arrows, towns, entries, GT slots, VP boxes = %v", counts)
	}
	primSetupOnMap(t, ctx)
	if a, err := primPlay(ctx, "", nil, "pick "); err != nil || a == "" {
		t.Fatalf("setup did not reach the Order choice: %q %v", a, err)
	}
	if err := chromedp.Do(ctx, chromedp.Navigate(base+"/play/"+gameID(t, ctx)+"?side=allied"), chromedp.WaitVisible(css(`.prim-sheet.allied button.order.can`))); err != nil {
		t.Fatal(err)
	}
	noStrayText(t, ctx)
	// The board and the sheet take their actions: the page's own list keeps
	// only what they cannot show (never every pick and place).
	if n, _ := chromedp.Run(ctx, chromedp.Evaluate[int](`document.querySelectorAll("aside .buttons button").length`)); n > 12 {
		t.Fatalf("the page lists %d action buttons beside the order sheet", n)
	}
	// Four Orders, by clicking them on the sheet.
	for i := 0; i < 4; i++ {
		before, _ := chromedp.Run(ctx, chromedp.Evaluate[int](`document.querySelectorAll(".prim-choice .slot.full").length`))
		if err := chromedp.Do(ctx, chromedp.Click(css(`.prim-sheet.allied button.order.can`)),
			chromedp.WaitVisible(css(fmt.Sprintf(`.prim-choice .slots .slot.full:nth-child(%d)`, before+1)))); err != nil {
			t.Fatal(err)
		}
	}
	if err := chromedp.Do(ctx, primShots("prim-choice"), chromedp.Click(css(`.prim-choice button[data-action=commit]`)),
		chromedp.WaitVisible(css(`.prim-choice button[data-action=uncommit]`))); err != nil {
		t.Fatal(err)
	}
	chosen, _ := pageText(ctx, ".prim-choice .slots")
	// Italy chooses through the API; the Allied page still shows its four.
	if a, err := primPlay(ctx, "italian", nil, "commit"); err != nil || a != "italian commit" {
		t.Fatalf("Italy could not choose: %q %v", a, err)
	}
	if got, _ := pageText(ctx, ".prim-choice .slots"); got != chosen {
		t.Fatalf("the Allied choice changed while Italy chose: %q, was %q", got, chosen)
	}
	me, err := chromedp.Run(ctx, chromedp.Evaluate[string](`(async () => {
  const me = await (await fetch('/api/me')).json();
  const id = location.pathname.split('/')[2];
  const v = await (await fetch('/api/games/' + id + '?side=italian')).json();
  const r = await fetch('/api/games/' + id + '/actions', { method: 'POST', headers: { 'Content-Type': 'application/json', 'X-CSRF-Token': me.csrf },
    body: JSON.stringify({ side: 'italian', move: v.move, action: 'commit' }) });
  return String(r.status);
})()`, chromedp.EvalAwaitPromise))
	if err != nil || me != "200" {
		t.Fatalf("the Italian commit: %q %v", me, err)
	}
	// The reveal: both sides' Orders on the Order Track.
	if err := chromedp.Do(ctx, chromedp.WaitVisible(css(`.prim-track .col.italian .order`)), primShots("prim-reveal")); err != nil {
		t.Fatal(err)
	}
	n, _ := chromedp.Run(ctx, chromedp.Evaluate[int](`document.querySelectorAll(".prim-track .order").length`))
	if n != 8 {
		t.Fatalf("the reveal shows %d Orders, not the eight", n)
	}

	// A move on the map: the counter, then a lit hex.
	mv, err := primPlay(ctx, "", nil, "move ")
	f := strings.Fields(mv)
	if err != nil || len(f) != 4 {
		t.Fatalf("no move became legal: %q %v", mv, err)
	}
	side, unit, hex := f[0], f[2], f[3]
	before, _ := chromedp.Run(ctx, chromedp.Evaluate[int](`fetch('/api/games/' + location.pathname.split('/')[2]).then(r => r.json()).then(v => v.move)`, chromedp.EvalAwaitPromise))
	err = chromedp.Do(ctx, chromedp.Navigate(base+"/play/"+gameID(t, ctx)+"?side="+side),
		chromedp.WaitVisible(css(`.mapscroll g.counter[data-unit="`+unit+`"]`)),
		primShots("prim-move"),
		mouseClick(`.mapscroll g.counter[data-unit="`+unit+`"]`),
		chromedp.WaitVisible(css(`.mapscroll path.hex.dest[data-hex="`+hex+`"]`)),
		viewShot("prim-move-selected"),
		mouseClick(`.mapscroll .hex.dest[data-hex="`+hex+`"]`),
	)
	if err != nil {
		t.Fatal(err)
	}
	after, _ := chromedp.Run(ctx, chromedp.Evaluate[int](`new Promise((ok) => setTimeout(() => fetch('/api/games/' + location.pathname.split('/')[2]).then(r => r.json()).then(v => ok(v.move)), 500))`, chromedp.EvalAwaitPromise))
	if after != before+1 {
		t.Fatalf("the click on %s did not move %s (move %d, then %d)", hex, unit, before, after)
	}

	// Further than one hex: the reach is lit; a click on a far hex walks
	// the unit there, step by step (4.1).
	far, err := chromedp.Run(ctx, chromedp.Evaluate[string](`(async () => {
  const v = await (await fetch('/api/games/' + location.pathname.split('/')[2] + '?side=`+side+`')).json();
  const r = (v.view.reach || {})[`+"`"+unit+"`"+`] || {};
  return Object.keys(r).find((h) => r[h] !== h) || '';
})()`, chromedp.EvalAwaitPromise))
	if err != nil || far == "" {
		t.Fatalf("no hex beyond the next step for %s: %q %v", unit, far, err)
	}
	err = chromedp.Do(ctx,
		chromedp.WaitVisible(css(`.mapscroll path.hex.reach[data-hex="`+far+`"]`)),
		viewShot("prim-move-reach"),
		mouseClick(`.mapscroll path.hex.reach[data-hex="`+far+`"]`),
	)
	if err != nil {
		t.Fatal(err)
	}
	// The steps are played one per redraw: wait (a bound, not a timing
	// assertion) until the unit stands there.
	there, err := chromedp.Run(ctx, chromedp.Evaluate[bool](`(async () => {
  for (let i = 0; i < 100; i++) {
    const v = await (await fetch('/api/games/' + location.pathname.split('/')[2])).json();
    if (v.view.units.find((u) => u.id === `+"`"+unit+"`"+`).hex === `+"`"+far+"`"+`) return true;
    await new Promise((ok) => setTimeout(ok, 100));
  }
  return false;
})()`, chromedp.EvalAwaitPromise))
	if err != nil || !there {
		t.Fatalf("%s did not walk to %s: %v", unit, far, err)
	}
}

// TestBrowserPrimogenitaAssaultByPlay reaches an Assault by play in a
// hot-seat game: both sides choose Assault and Move Orders (through the
// API, as the order sheet's clicks are TestBrowserPrimogenita's), the
// Orders are revealed and drawn, Italy's Limited Assault (19) comes up;
// on the board the hex to assault is lit and clicked, the attacking
// counters are clicked and sent in, the panel shows the odds column and
// every shift with its reason before the roll; after "resolve" the die's
// row of the final column and the result, as the view has them.
func TestBrowserPrimogenitaAssaultByPlay(t *testing.T) {
	ctx, base := browser(t)
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(1400, 900), newGuestGame(base, "primogenita"),
		chromedp.WaitVisible(css(`svg.map.prim path.hex`))); err != nil {
		t.Fatal(err)
	}
	prefer := []string{"pick 9", "pick 31", "pick 26", "pick 36", "pick 28", "pick 19", "pick 5", "commit", "execute"}
	got, err := primPlay(ctx, "", prefer, "target ")
	f := strings.Fields(got)
	if err != nil || len(f) != 3 {
		t.Fatalf("no Assault came up: %q %v", got, err)
	}
	side, target := f[0], f[2]
	// view fetches side's view of the game as JSON text.
	view := func(expr string) string {
		out, err := chromedp.Run(ctx, chromedp.Evaluate[string](`(async () => {
  const v = await (await fetch('/api/games/' + location.pathname.split('/')[2] + '?side=`+side+`')).json();
  return JSON.stringify(`+expr+`);
})()`, chromedp.EvalAwaitPromise))
		if err != nil {
			t.Fatal(err)
		}
		return out
	}
	if err := chromedp.Do(ctx, chromedp.Navigate(base+"/play/"+gameID(t, ctx)+"?side="+side),
		chromedp.WaitVisible(css(`.mapscroll path.hex.open[data-hex="`+target+`"]`)),
		viewShot("prim-play-assault-target"),
		mouseClick(`.mapscroll path.hex.open[data-hex="`+target+`"]`),
		chromedp.WaitVisible(css(`.prim-battle[data-target="`+target+`"]`))); err != nil {
		t.Fatal(err)
	}
	// Every unit that may attack, by clicking its counter and its button.
	for i := 0; i < 10; i++ {
		var fire []string
		if err := json.Unmarshal([]byte(view(`v.actions.map((a) => a.action).filter((a) => a.startsWith('fire '))`)), &fire); err != nil {
			t.Fatal(err)
		}
		if len(fire) == 0 {
			break
		}
		unit := strings.Fields(fire[0])[1]
		// The counter is clicked, unless the board has selected it already
		// (the only counter any action names), then its button.
		button := `.unitinfo button[data-action="` + fire[0] + `"]`
		shown, _ := chromedp.Run(ctx, chromedp.Evaluate[bool](`!!(document.querySelector('`+button+`') || {}).offsetParent`))
		if !shown {
			if err := chromedp.Do(ctx, mouseClick(`.mapscroll g.counter[data-unit="`+unit+`"]`)); err != nil {
				t.Fatal(err)
			}
		}
		if err := chromedp.Do(ctx, chromedp.WaitVisible(css(button)), chromedp.Click(css(button))); err != nil {
			t.Fatalf("%s: %v", fire[0], err)
		}
		// Until the page has drawn the action played (a bound, not a
		// timing assertion).
		if _, err := chromedp.Run(ctx, chromedp.Evaluate[bool](`(async () => {
  for (let i = 0; i < 100 && document.querySelector('button[data-action="`+fire[0]+`"]'); i++) await new Promise((ok) => setTimeout(ok, 100));
  return true;
})()`, chromedp.EvalAwaitPromise)); err != nil {
			t.Fatal(err)
		}
	}

	var before struct {
		Att, Def      int
		Column, Final string
		Shifts        []struct{ Reason string }
		Attackers     []string
	}
	if err := json.Unmarshal([]byte(view(`v.view.assault`)), &before); err != nil || len(before.Attackers) == 0 {
		t.Fatalf("the Assault before the roll: %+v %v", before, err)
	}
	if err := chromedp.Do(ctx, chromedp.WaitVisible(css(`button[data-action=resolve]`)), chromedp.ScrollIntoView(css(`.prim-battle`)),
		viewShot("prim-play-assault-odds"), chromedp.EmulateViewport(390, 844), chromedp.ScrollIntoView(css(`.prim-battle`)),
		viewShot("prim-play-assault-odds-390"), chromedp.EmulateViewport(1400, 900)); err != nil {
		t.Fatal(err)
	}
	panel, _ := pageText(ctx, ".prim-battle")
	for _, w := range []string{fmt.Sprintf("%d:%d", before.Att, before.Def), before.Column, before.Final} {
		if !strings.Contains(panel, w) {
			t.Errorf("before the roll the panel lacks %q:\n%s", w, panel)
		}
	}
	// Every shift with its reason in words, not its key (none: "no shift").
	if n, _ := chromedp.Run(ctx, chromedp.Evaluate[int](`document.querySelectorAll('.prim-battle .shifts li').length`)); n != max(len(before.Shifts), 1) {
		t.Errorf("the panel lists %d shifts, the view has %v", n, before.Shifts)
	}
	for _, sh := range before.Shifts {
		li, _ := pageText(ctx, `.prim-battle .shifts li[data-shift="`+sh.Reason+`"]`)
		if !strings.Contains(li, "(") { // every reason in words cites its rule: "(7.2)"
			t.Errorf("the shift %q reads %q", sh.Reason, li)
		}
	}
	// The roll.
	if err := chromedp.Do(ctx, chromedp.Click(css(`button[data-action=resolve]`)), chromedp.WaitVisible(css(`.prim-battle td.hit`)),
		chromedp.ScrollIntoView(css(`.prim-battle`)), viewShot("prim-play-assault-result"),
		chromedp.EmulateViewport(390, 844), chromedp.ScrollIntoView(css(`.prim-battle`)), viewShot("prim-play-assault-result-390"),
		chromedp.EmulateViewport(1400, 900)); err != nil {
		t.Fatal(err)
	}
	var after struct {
		Die    int
		Result string
	}
	if err := json.Unmarshal([]byte(view(`v.view.assault`)), &after); err != nil || after.Die < 1 || after.Die > 6 || after.Result == "" {
		t.Fatalf("the Assault after the roll: %+v %v", after, err)
	}
	if hit, _ := pageText(ctx, ".prim-battle td.hit"); hit != after.Result {
		t.Errorf("the die's cell reads %q, the result is %q", hit, after.Result)
	}
	noStrayText(t, ctx)
}

// TestBrowserPrimogenitaAssault draws the Assault panel of the view kept
// by the rules test TestAssaultView (7.1's 16 against 5 from two hexes,
// rolled: a 1) on the map of a new game: the odds, the shift for two
// hexes with its reason, the 4:1 column of the Combat Table with the
// die's row marked, and the result, in English and Italian.
func TestBrowserPrimogenitaAssault(t *testing.T) {
	fixture, err := os.ReadFile("../games/primogenita/testdata/assault-view.json")
	if err != nil {
		t.Fatal(err)
	}
	ctx, base := browser(t)
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(1400, 900), newGuestGame(base, "primogenita"),
		chromedp.WaitVisible(css(`svg.map.prim path.hex`))); err != nil {
		t.Fatal(err)
	}
	draw := func(lang string) string {
		return fmt.Sprintf(`(async () => {
  const live = await (await import('/static/js/api.js')).request('GET', '/api/games/' + location.pathname.split('/')[2]); // with its map sheet
  const v = %s;
  v.map = live.view.map;
  localStorage.setItem('lang', %q);
  await (await import('/static/js/i18n.js')).loadWords();
  const m = await import('/static/js/primogenita.js');
  const el = document.querySelector('.board');
  m.render(el, v, { actions: [], play() {}, highlight() {}, lang: %q, side: 'allied', log: [] });
  return true;
})()`, fixture, lang, lang)
	}
	for _, c := range []struct{ lang, words string }{{"en", "two hexes"}, {"it", "due o più esagoni"}} {
		err := chromedp.Do(ctx, js(draw(c.lang)), chromedp.WaitVisible(css(`.prim-battle td.hit`)),
			chromedp.ScrollIntoView(css(`.prim-battle`)), viewShot("prim-assault-"+c.lang))
		if err != nil {
			t.Fatal(err)
		}
		panel, _ := pageText(ctx, ".prim-battle")
		for _, want := range []string{"I-1", "16:5", "3:1", "+1", c.words, "4:1", "1-Oc"} {
			if !strings.Contains(panel, want) {
				t.Errorf("%s: the Assault panel lacks %q:\n%s", c.lang, want, panel)
			}
		}
		hit, _ := pageText(ctx, ".prim-battle td.hit")
		if hit != "1-Oc" {
			t.Errorf("%s: the die's cell reads %q", c.lang, hit)
		}
	}
}

// gameID is the game id in the page's address.
func gameID(t *testing.T, ctx context.Context) string {
	t.Helper()
	id, err := chromedp.Run(ctx, chromedp.Evaluate[string](`location.pathname.split('/')[2]`))
	if err != nil {
		t.Fatal(err)
	}
	return id
}

// primSetupOnMap checks set-up on the map (1.7): the unit to set up is
// selected, the hexes where it may set up are lit and in view in the
// frame, the page's list (a few buttons) says them in words without
// record ids and does not come before the map on a phone, the status says
// what to do; a click on a lit hex sets the unit up there.
func primSetupOnMap(t *testing.T, ctx context.Context) {
	t.Helper()
	type setup struct {
		Lit, Seen, Raw int
		First          bool
		Status, Hex    string
	}
	st, err := chromedp.Run(ctx, chromedp.Evaluate[setup](`(() => {
  const lit = [...document.querySelectorAll('.mapscroll path.hex.dest')], f = document.querySelector('.mapscroll').getBoundingClientRect();
  const seen = lit.filter((p) => { const r = p.getBoundingClientRect(); return r.left >= f.left && r.right <= f.right && r.top >= f.top && r.bottom <= f.bottom; });
  return { lit: lit.length, seen: seen.length, raw: [...document.querySelectorAll('aside .buttons button[data-action^="place "]')].filter((b) => b.innerText.includes(b.dataset.action.split(' ')[1])).length,
    first: document.querySelector('.layout').classList.contains('listfirst'),
    status: (document.querySelector('.unitinfo') || {}).innerText || '', hex: lit.length ? lit[0].dataset.hex : '' };
})()`))
	if err != nil {
		t.Fatal(err)
	}
	if st.Lit == 0 || st.Seen == 0 || st.Raw != 0 || st.First || !strings.Contains(st.Status, "Click a lit hex") {
		t.Fatalf("set-up is not on the map: %+v", st)
	}
	if err := chromedp.Do(ctx, mouseClick(`.mapscroll path.hex.dest[data-hex="`+st.Hex+`"]`)); err != nil {
		t.Fatal(err)
	}
	// The game's move, once the click's action is in (polled for up to 10 s:
	// a fixed pause of half a second failed once on a loaded machine).
	placed, err := chromedp.Run(ctx, chromedp.Evaluate[int](`(async () => {
  let v;
  for (let i = 0; i < 100; i++) {
    v = await (await fetch('/api/games/' + location.pathname.split('/')[2])).json();
    if (v.move > 0) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  return v.move;
})()`, chromedp.EvalAwaitPromise))
	if err != nil || placed != 1 {
		t.Fatalf("the click on lit hex %s did not set the unit up (move %d) %v", st.Hex, placed, err)
	}
}
