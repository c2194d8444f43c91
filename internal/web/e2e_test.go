package web_test

import (
	"bytes"
	"context"
	"fmt"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	_ "sandtable/internal/engine/enginetest/toy"
	_ "sandtable/internal/games/compass"
	"sandtable/internal/server"
	"sandtable/internal/store"
	"sandtable/internal/web"
)

const chromium = "/usr/bin/chromium"

// browser starts headless Chromium on a fresh server and returns a
// browser context and the server's URL. Without Chromium the test skips,
// except in CI (CI=true), where it must run.
func browser(t *testing.T) (context.Context, string) {
	t.Helper()
	if _, err := os.Stat(chromium); err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatalf("CI=true but %s is missing: install the Debian package chromium", chromium)
		}
		t.Skipf("end-to-end browser test skipped: %s is absent (install the Debian package chromium, or set CI=true to require it)", chromium)
	}
	st, err := store.Open(filepath.Join(t.TempDir(), "e2e.db"))
	if err != nil {
		t.Fatal(err)
	}
	srv := server.New(server.Config{Store: st, Static: web.Handler(os.DirFS("../../docs")), Hasher: server.Hasher{Time: 1, MemKiB: 64, Threads: 1}, Logf: t.Logf})
	hs := httptest.NewServer(srv)
	t.Cleanup(func() { srv.Close(); hs.Close(); st.Close() })

	opts := append(chromedp.DefaultExecAllocatorOptions[:],
		chromedp.ExecPath(chromium), chromedp.NoSandbox, chromedp.WindowSize(1500, 1100), chromedp.Flag("disable-gpu", true))
	actx, cancelA := chromedp.NewExecAllocator(context.Background(), opts...)
	ctx, cancelC := chromedp.NewContext(actx)
	// A bound on the whole browser session, so a broken page fails the
	// test instead of hanging it; not a timing assertion.
	ctx, cancelT := context.WithTimeout(ctx, 90*time.Second)
	t.Cleanup(func() { cancelT(); cancelC(); cancelA() })
	return ctx, hs.URL
}

// shot takes a screenshot of the whole page, checks that it is a PNG
// image, and saves it to $SANDTABLE_SCREENSHOTS when that is set.
func shot(name string) chromedp.Action[chromedp.Void] {
	return chromedp.Func(func(ctx context.Context, t *chromedp.Target) error {
		b, err := chromedp.FullScreenshot(100)(ctx, t)
		if err != nil {
			return err
		}
		if !bytes.HasPrefix(b, []byte("\x89PNG\r\n\x1a\n")) || len(b) < 10000 {
			return fmt.Errorf("screenshot %s: not a PNG of a page (%d bytes)", name, len(b))
		}
		dir := os.Getenv("SANDTABLE_SCREENSHOTS")
		if dir == "" {
			return nil
		}
		return os.WriteFile(filepath.Join(dir, name+".png"), b, 0o644)
	})
}

type (
	css   = chromedp.CSS
	xpath = chromedp.Search
)

// pageText is the visible text of the first element matching sel ("" when
// there is none), read in one step in the page: the client redraws when the
// event stream brings news, and a node found by one call may be gone by
// the next.
func pageText(ctx context.Context, sel string) (string, error) {
	return chromedp.Run(ctx, chromedp.Evaluate[string](fmt.Sprintf(`(document.querySelector(%q) || {}).innerText || ''`, sel)))
}

// newGuestGame logs in as a guest from the lobby and creates a hot-seat
// game of id.
func newGuestGame(base, id string) chromedp.Action[chromedp.Void] {
	return chromedp.Steps(
		chromedp.Navigate(base+"/"),
		chromedp.Click(xpath(`//button[text()="Play as a guest"]`)),
		chromedp.WaitVisible(css(`select[name=game]`)),
		chromedp.SetValue(css(`select[name=game]`), id),
		chromedp.SetValue(css(`select[name=mode]`), "hotseat"),
		shot("lobby-"+id),
		chromedp.Click(xpath(`//button[text()="Create"]`)),
	)
}

func TestBrowserHotseatGame(t *testing.T) {
	ctx, base := browser(t)
	undo := xpath(`//div[contains(@class,"prompt")]//button[text()="Undo (north)"]`)
	err := chromedp.Do(ctx,
		newGuestGame(base, "toy"),
		chromedp.WaitVisible(css(`.actions button[data-action="take 2"]`)),
		chromedp.Click(css(`.actions button[data-action="take 2"]`)),
		// The page turns to south, to move next, behind a screen; north
		// may still undo.
		chromedp.WaitVisible(xpath(`//div[@class="curtain"]//button[text()="Show: south"]`)),
		shot("toy-curtain"),
		chromedp.Click(xpath(`//div[@class="curtain"]//button[text()="Show: south"]`)),
		chromedp.WaitVisible(xpath(`//div[contains(@class,"prompt")]//span[text()="south"]`)),
		chromedp.WaitVisible(css(`ol.log li`)),
		chromedp.WaitVisible(undo),
		shot("toy-after-move"),
		chromedp.Click(undo),
		chromedp.WaitVisible(xpath(`//div[@class="curtain"]//button[text()="Show: north"]`)),
		chromedp.Click(xpath(`//div[@class="curtain"]//button[text()="Show: north"]`)),
		chromedp.WaitNotPresent(css(`ol.log li`)),
		chromedp.WaitVisible(css(`.actions button[data-action="take 2"]`)),
	)
	if err != nil {
		t.Fatal(err)
	}
	url, err := chromedp.Run(ctx, chromedp.Location())
	if err != nil {
		t.Fatal(err)
	}
	prompt, err := pageText(ctx, `.prompt .text`)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(url, "/play/") || prompt == "" {
		t.Fatalf("url %q, prompt %q", url, prompt)
	}
}

func TestBrowserCompassMap(t *testing.T) {
	ctx, base := browser(t)
	err := chromedp.Do(ctx,
		newGuestGame(base, "compass"),
		chromedp.WaitVisible(css(`svg.map path.area`)),
		// The whole map in the frame (a desk's own start zoom is larger):
		// every area and stack in sight.
		js(`localStorage.setItem('compass-zoom-desk', '1')`), chromedp.Reload(),
		chromedp.WaitVisible(css(`svg.map path.area`)),
		shot("compass-start"),
	)
	if err != nil {
		t.Fatal(err)
	}
	counts, err := chromedp.Run(ctx, chromedp.Evaluate[[]int](`[document.querySelectorAll("svg.map path.area").length, document.querySelectorAll("svg.map g.counter").length]`))
	if err != nil {
		t.Fatal(err)
	}
	names, err := chromedp.Run(ctx, chromedp.Evaluate[string](`Array.from(document.querySelectorAll("svg.map text.aname")).map(e => e.textContent).join("|")`))
	if err != nil {
		t.Fatal(err)
	}
	noStrayText(t, ctx)
	if counts[0] != 42 || counts[1] == 0 || !strings.Contains(names, "Sidi Barrani") {
		t.Fatalf("compass map: %v areas and counters, names %q", counts, names)
	}
	// No two area names overlap, so each can be read.
	overlaps, err := chromedp.Run(ctx, chromedp.Evaluate[[]string](`(() => {
  const r = Array.from(document.querySelectorAll("svg.map text.aname")).map((e) => [e.textContent, e.getBoundingClientRect()]);
  const out = [];
  for (let i = 0; i < r.length; i++) for (let j = i + 1; j < r.length; j++) {
    const a = r[i][1], b = r[j][1];
    if (a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom) out.push(r[i][0] + "/" + r[j][0]);
  }
  return out;
})()`))
	if err != nil {
		t.Fatal(err)
	}
	if len(overlaps) > 0 {
		t.Errorf("area names overlap: %v", overlaps)
	}
	// The Allied stack at Piccadilly Circus is a pile; the mouse over it
	// fans it out, every counter apart and clickable; away, it piles up.
	const pile = `svg.map g.stack[data-area="piccadilly-circus"]`
	if err := chromedp.Do(ctx, mouseHover(pile), chromedp.WaitVisible(css(pile+`.fanned`)), shot("compass-fanned")); err != nil {
		t.Fatal(err)
	}
	fanned, err := chromedp.Run(ctx, chromedp.Evaluate[[]int](`(() => {
  const cs = Array.from(document.querySelectorAll('`+pile+` g.counter'));
  const r = cs.map((c) => c.querySelector('rect').getBoundingClientRect());
  let overlap = 0, hittable = 0;
  for (let i = 0; i < r.length; i++) {
    for (let j = i + 1; j < r.length; j++) if (r[i].left < r[j].right - 1 && r[j].left < r[i].right - 1 && r[i].top < r[j].bottom - 1 && r[j].top < r[i].bottom - 1) overlap++;
    if (cs[i].contains(document.elementFromPoint(r[i].left + r[i].width / 2, r[i].top + r[i].height / 2))) hittable++;
  }
  return [cs.length, overlap, hittable];
})()`))
	if err != nil {
		t.Fatal(err)
	}
	if fanned[0] < 2 || fanned[1] != 0 || fanned[2] != fanned[0] {
		t.Fatalf("fanned stack: %d counters, %d overlapping pairs, %d clickable", fanned[0], fanned[1], fanned[2])
	}
	if err := chromedp.Do(ctx, chromedp.MouseEvent(chromedp.MouseMoved, 5, 5), chromedp.WaitNotPresent(css(pile+`.fanned`))); err != nil {
		t.Fatal(err)
	}
	// In Italian: the board's words and the game's texts.
	toItalian(t, ctx, "Turno 1/12", shot("compass-it"), "Fase: eventi", "Segnalini evento", "Eliminate", "Ritirate")
	if prompt, _ := pageText(ctx, `.prompt .text`); !strings.Contains(prompt, "scegli") {
		t.Errorf("the prompt is not in Italian: %q", prompt)
	}
	noStrayText(t, ctx)
}

// toItalian switches the page to Italian, waits for the map's turn line to
// start with turn, takes the snapshot, and checks that the page's main
// part holds every one of wants.
func toItalian(t *testing.T, ctx context.Context, turn string, snap chromedp.Action[chromedp.Void], wants ...string) {
	t.Helper()
	err := chromedp.Do(ctx,
		chromedp.SetValue(css(`header select`), "it"),
		js(`document.querySelector('header select').dispatchEvent(new Event('change'))`),
		chromedp.WaitVisible(xpath(`//span[starts-with(text(), "`+turn+`")]`)),
		snap,
	)
	if err != nil {
		t.Fatal(err)
	}
	it, err := pageText(ctx, `main`)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range wants {
		if !strings.Contains(it, want) {
			t.Errorf("the Italian page lacks %q:\n%s", want, it)
		}
	}
}

// toMovement plays a hot-seat Compass game through the API, from the page
// (its cookie and CSRF token), until a move is open; it returns that
// move's record text, or "" if none came within the bound.
const toMovement = `(async () => {
  const me = await (await fetch('/api/me')).json();
  const id = location.pathname.split('/')[2];
  for (let i = 0; i < 400; i++) {
    const v = await (await fetch('/api/games/' + id)).json();
    const mv = v.actions.find((a) => a.action.startsWith('move '));
    if (mv) return mv.action;
    if (v.actions.length === 0) return '';
    const a = v.actions[0];
    await fetch('/api/games/' + id + '/actions', { method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-CSRF-Token': me.csrf },
      body: JSON.stringify({ side: v.side, move: v.move, action: a.action }) });
  }
  return '';
})()`

// TestBrowserCompassTabletMove plays a move on a tablet (a touch screen
// of 1024x1366): a tap on a stack fans it out, a tap on a counter selects
// it and lights where it may go, a tap on a lit area moves it there.
func TestBrowserCompassTabletMove(t *testing.T) {
	ctx, base := browser(t)
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(1024, 1366, chromedp.EmulateTouch),
		newGuestGame(base, "compass"), chromedp.WaitVisible(css(`svg.map path.area`))); err != nil {
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
	unit, area := f[1], f[2]
	url, err := chromedp.Run(ctx, chromedp.Location())
	if err != nil {
		t.Fatal(err)
	}
	before, err := chromedp.Run(ctx, chromedp.Evaluate[int](`fetch('/api/games/' + location.pathname.split('/')[2]).then(r => r.json()).then(v => v.move)`, chromedp.EvalAwaitPromise))
	if err != nil {
		t.Fatal(err)
	}
	counter := `svg.map g.counter[data-unit="` + unit + `"]`
	if err := chromedp.Do(ctx,
		chromedp.Navigate(url), // the page as a player opens it, at the movement step
		chromedp.WaitVisible(css(counter+`.actionable`))); err != nil {
		t.Fatal(err)
	}
	stacked, err := chromedp.Run(ctx, chromedp.Evaluate[bool](`document.querySelector('`+counter+`').parentNode.querySelectorAll('g.counter').length > 1`))
	if err != nil {
		t.Fatal(err)
	}
	if stacked {
		// The first tap on a pile opens it.
		if err := chromedp.Do(ctx, tap(counter), chromedp.WaitVisible(css(`svg.map g.stack.fanned`)), shot("compass-tablet-fanned")); err != nil {
			t.Fatal(err)
		}
	}
	err = chromedp.Do(ctx,
		tap(counter),
		chromedp.WaitVisible(css(`svg.map path.area.dest[data-area="`+area+`"]`)),
		shot("compass-selected"),
		tap(`svg.map path.area[data-area="`+area+`"]`),
	)
	if err != nil {
		t.Fatal(err)
	}
	// Several actions may name the unit and the area: then the page asks.
	chooser, err := chromedp.Run(ctx, chromedp.Evaluate[bool](`!document.querySelector('.chooser').hidden`))
	if err != nil {
		t.Fatal(err)
	}
	if chooser {
		if err := chromedp.Do(ctx, tap(`.chooser button`)); err != nil {
			t.Fatal(err)
		}
	}
	if err := chromedp.Do(ctx, chromedp.WaitVisible(xpath(`//h1/small[contains(., "Move `+strconv.Itoa(before+1)+` ")]`))); err != nil {
		t.Fatal(err)
	}
	rec, err := chromedp.Run(ctx, chromedp.Evaluate[string](`fetch('/api/games/' + location.pathname.split('/')[2] + '/record').then(r => r.json()).then(r => r.actions[r.actions.length - 1].action)`, chromedp.EvalAwaitPromise))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(rec, unit) || (!chooser && rec != move) {
		t.Fatalf("tapped %s then %s; the game recorded %q", unit, area, rec)
	}
}

// js runs a script in the page and ignores its value.
func js(script string) chromedp.Action[chromedp.Void] {
	return chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		_, err := chromedp.Evaluate[any](script, chromedp.EvalAwaitPromise)(ctx, tg)
		return err
	})
}

// TestBrowserLiveReplayImport checks that a page follows a change made
// elsewhere (the event stream), steps through the replay viewer in
// Italian, and replays an exported record file opened from disk.
func TestBrowserLiveReplayImport(t *testing.T) {
	ctx, base := browser(t)
	movePlayed := func(n int) chromedp.Action[chromedp.Void] {
		return chromedp.WaitVisible(xpath(`//h1/small[contains(., "Move ` + strconv.Itoa(n) + ` ")]`))
	}
	// An action posted outside the page's own buttons, as another player would.
	elsewhere := `(async () => {
  const me = await (await fetch('/api/me')).json();
  const id = location.pathname.split('/')[2];
  const v = await (await fetch('/api/games/' + id)).json();
  await fetch('/api/games/' + id + '/actions', { method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-CSRF-Token': me.csrf },
    body: JSON.stringify({ side: v.side, move: v.move, action: 'take 1' }) });
})()`
	err := chromedp.Do(ctx,
		newGuestGame(base, "toy"),
		chromedp.WaitVisible(css(`.actions button[data-action="take 1"]`)),
		js(`localStorage.setItem('curtain', 'off')`), // one player at the screen
		chromedp.Click(css(`.actions button[data-action="take 1"]`)),
		movePlayed(1),
		chromedp.WaitVisible(css(`.actions button[data-action="take 1"]`)),
		chromedp.Click(css(`.actions button[data-action="take 1"]`)),
		movePlayed(2),
		js(elsewhere),
		movePlayed(3), // drawn from the event stream, not from the POST's answer
	)
	if err != nil {
		t.Fatal(err)
	}
	url, err := chromedp.Run(ctx, chromedp.Location())
	if err != nil {
		t.Fatal(err)
	}
	id := url[strings.LastIndex(url, "/")+1:]
	err = chromedp.Do(ctx,
		js(`localStorage.setItem('lang', 'it')`),
		chromedp.Navigate(base+"/replay/"+id),
		chromedp.WaitVisible(xpath(`//span[@class="where"][text()="Mossa 3 di 3"]`)),
		chromedp.Click(xpath(`//button[contains(., "Inizio")]`)),
		chromedp.WaitVisible(xpath(`//span[@class="where"][text()="Mossa 0 di 3"]`)),
		chromedp.Click(xpath(`//button[contains(., "Avanti")]`)),
		chromedp.WaitVisible(xpath(`//span[@class="where"][text()="Mossa 1 di 3"]`)),
		shot("replay-it"),
	)
	if err != nil {
		t.Fatal(err)
	}
	// Export the record (hot-seat: the player holds every side) and open it.
	rec, err := chromedp.Run(ctx, chromedp.Evaluate[string](`fetch('/api/games/`+id+`/record').then(r => r.text())`, chromedp.EvalAwaitPromise))
	if err != nil {
		t.Fatal(err)
	}
	err = chromedp.Do(ctx,
		openRecordFile(t, base, rec),
		chromedp.WaitVisible(xpath(`//span[@class="where"][text()="Mossa 0 di 3"]`)),
		chromedp.Click(xpath(`//button[contains(., "Fine")]`)),
		chromedp.WaitVisible(xpath(`//span[@class="where"][text()="Mossa 3 di 3"]`)),
	)
	if err != nil {
		t.Fatal(err)
	}
}

// toBattle plays a hot-seat Compass game from the page, preferring
// attacks, until a combat is being fought; it returns whether one came.
const toBattle = `(async () => {
  const me = await (await fetch('/api/me')).json();
  const id = location.pathname.split('/')[2];
  const pref = ['attack ', 'battle '];
  for (let i = 0; i < 600; i++) {
    const v = await (await fetch('/api/games/' + id)).json();
    if (v.view.battle) return true;
    if (v.actions.length === 0) return false;
    const a = pref.map((p) => v.actions.find((x) => x.action.startsWith(p))).find(Boolean) || v.actions[0];
    await fetch('/api/games/' + id + '/actions', { method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-CSRF-Token': me.csrf },
      body: JSON.stringify({ side: v.side, move: v.move, action: a.action }) });
  }
  return false;
})()`

func TestBrowserCompassBattle(t *testing.T) {
	ctx, base := browser(t)
	if err := chromedp.Do(ctx, newGuestGame(base, "compass"), chromedp.WaitVisible(css(`svg.map path.area`))); err != nil {
		t.Fatal(err)
	}
	fought, err := chromedp.Run(ctx, chromedp.Evaluate[bool](toBattle, chromedp.EvalAwaitPromise))
	if err != nil {
		t.Fatal(err)
	}
	if !fought {
		t.Fatal("no combat came")
	}
	if err := chromedp.Do(ctx, chromedp.Reload(), chromedp.WaitVisible(css(`table.battle caption`)), chromedp.WaitVisible(css(`svg.map .battle-arrow`)), shot("compass-battle")); err != nil {
		t.Fatal(err)
	}
	noStrayText(t, ctx)
}

// noStrayText fails if the page shows "null" or "undefined" as text: the
// sign of a value appended where an element was meant.
func noStrayText(t *testing.T, ctx context.Context) {
	t.Helper()
	text, err := chromedp.Run(ctx, chromedp.Evaluate[string](`document.body.innerText`))
	if err != nil {
		t.Fatal(err)
	}
	for _, w := range strings.Fields(text) {
		if w == "null" || w == "undefined" || w == "NaN" || strings.HasPrefix(w, "[object") {
			t.Fatalf("the page shows %q:\n%s", w, text)
		}
	}
}

// TestBrowserInviteWithClock registers, creates an invitation game with a
// time control and checks the invitation link and both clocks are shown.
func TestBrowserInviteWithClock(t *testing.T) {
	ctx, base := browser(t)
	err := chromedp.Do(ctx,
		registerInLobby(base, "ann"),
		chromedp.SetValue(css(`select[name=game]`), "toy"),
		chromedp.SetValue(css(`select[name=mode]`), "invite"),
		chromedp.SetValue(css(`select[name=pace]`), "live"),
		chromedp.Click(xpath(`//button[text()="Create"]`)),
		chromedp.WaitVisible(css(`.invite input`)),
		chromedp.WaitVisible(css(`.clocks .clock`)),
		shot("invite-clock"),
		// The chat: a line sent from the form, and one written elsewhere that
		// the event stream brings.
		chromedp.SendKeys(css(`.chatbox input`), "good luck"),
		chromedp.Click(css(`.chatbox button`)),
		chromedp.WaitVisible(xpath(`//ol[@class="chat"]/li[contains(., "good luck")]`)),
		js(`(async () => {
  const me = await (await fetch('/api/me')).json();
  await fetch('/api/games/' + location.pathname.split('/')[2] + '/chat', { method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-CSRF-Token': me.csrf }, body: JSON.stringify({ text: 'thanks' }) });
})()`),
		chromedp.WaitVisible(xpath(`//ol[@class="chat"]/li[contains(., "thanks")]`)),
	)
	if err != nil {
		t.Fatal(err)
	}
	text, err := pageText(ctx, `.clocks`)
	if err != nil {
		t.Fatal(err)
	}
	link, err := chromedp.Run(ctx, chromedp.Evaluate[string](`document.querySelector('.invite input').value`))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(text, "north 1d 0h") || !strings.Contains(text, "south 1d 0h") || !strings.Contains(link, "/join/") || !strings.Contains(link, "token=") {
		t.Fatalf("clocks %q, invitation %q", text, link)
	}
	noStrayText(t, ctx)
}

// TestBrowserAgainstComputer plays Compass as the Italians against the
// computer, which moves first on the server: the page, told by the event
// stream, turns to the Italian decisions.
// compassAgainstRandom opens the site as a guest and creates a Compass
// game on side against the random computer player, up to its drawn map.
func compassAgainstRandom(base, side string) chromedp.Action[chromedp.Void] {
	return chromedp.Steps(
		chromedp.Navigate(base+"/"),
		chromedp.Click(xpath(`//button[text()="Play as a guest"]`)),
		chromedp.WaitVisible(css(`select[name=game]`)),
		chromedp.SetValue(css(`select[name=game]`), "compass"),
		chromedp.SetValue(css(`select[name=mode]`), "computer"),
		chromedp.SetValue(css(`select[name=side]`), side),
		chromedp.SetValue(css(`select[name=computer]`), "random"),
		chromedp.Click(xpath(`//button[text()="Create"]`)),
		chromedp.WaitVisible(css(`svg.map path.area`)),
	)
}

func TestBrowserAgainstComputer(t *testing.T) {
	ctx, base := browser(t)
	err := chromedp.Do(ctx,
		compassAgainstRandom(base, "italian"),
		chromedp.WaitVisible(css(`.play button[data-action]`)), // a choice listed, or "done" in the prompt bar
		shot("compass-vs-computer"),
	)
	if err != nil {
		t.Fatal(err)
	}
	// The computer's first actions may still be arriving: wait until the
	// prompt names the Italians.
	_, err = chromedp.Run(ctx, chromedp.Poll[bool](`((document.querySelector('.prompt .who') || {}).innerText || '').toLowerCase().includes('italian')`, chromedp.WithPollingTimeout(15*time.Second)))
	who, _ := pageText(ctx, `.prompt .who`)
	if err != nil {
		t.Fatalf("the page never offered the Italian decisions (prompt %q): %v", who, err)
	}
	if !strings.Contains(strings.ToLower(who), "italian") {
		t.Fatalf("the page offers actions to %q", who)
	}
	noStrayText(t, ctx)
}

// register signs a new player up from the lobby.
func register(base, name string) chromedp.Action[chromedp.Void] {
	return chromedp.Steps(
		chromedp.Navigate(base+"/"),
		chromedp.WaitVisible(css(`input[name=name]`)),
		chromedp.SendKeys(css(`input[name=name]`), name),
		chromedp.SendKeys(css(`input[name=password]`), "a long password"),
		chromedp.Click(xpath(`//button[text()="Register"]`)),
		chromedp.WaitVisible(css(`select[name=game]`)),
	)
}

// TestBrowserTwoPlayers: ann offers a game in the lobby, bob (another
// browser profile) takes the seat from the open games, and each page
// follows the other player's moves live.
func TestBrowserTwoPlayers(t *testing.T) {
	annCtx, base := browser(t)
	err := chromedp.Do(annCtx,
		register(base, "ann"),
		chromedp.SetValue(css(`select[name=game]`), "toy"),
		chromedp.SetValue(css(`select[name=mode]`), "open"),
		chromedp.Click(xpath(`//button[text()="Create"]`)),
		chromedp.WaitVisible(xpath(`//div[contains(@class,"prompt")]//span[contains(., "invited player joins")]`)),
	)
	if err != nil {
		t.Fatal(err)
	}
	bobCtx, cancel := chromedp.NewContext(annCtx, chromedp.WithNewBrowserContext())
	defer cancel()
	err = chromedp.Do(bobCtx,
		register(base, "bob"),
		chromedp.WaitVisible(xpath(`//button[contains(., "Join the game (south)")]`)),
		shot("lobby-open-games"),
		chromedp.Click(xpath(`//button[contains(., "Join the game (south)")]`)),
		chromedp.WaitVisible(xpath(`//h1/small[contains(., "north: ann") and contains(., "south: you")]`)),
	)
	if err != nil {
		t.Fatal(err)
	}
	// Ann's page learns that bob joined, and she moves.
	err = chromedp.Do(annCtx,
		chromedp.WaitVisible(css(`.actions button[data-action="take 3"]`)),
		chromedp.Click(css(`.actions button[data-action="take 3"]`)),
		chromedp.WaitVisible(xpath(`//h1/small[contains(., "Move 1 ")]`)),
	)
	if err != nil {
		t.Fatal(err)
	}
	// Bob's page shows her move and his turn.
	err = chromedp.Do(bobCtx,
		chromedp.WaitVisible(xpath(`//h1/small[contains(., "Move 1 ")]`)),
		chromedp.WaitVisible(css(`.actions button[data-action="take 1"]`)),
		shot("two-players-bob"),
	)
	if err != nil {
		t.Fatal(err)
	}
	noStrayText(t, bobCtx)
	// A few more moves, each page sending back its log token: the log
	// each shows, its entries joined to those sent, is the whole log.
	pages := [2]context.Context{annCtx, bobCtx}
	for move := 1; move < 5; move++ {
		err := chromedp.Do(pages[move%2],
			chromedp.WaitVisible(css(`.actions button[data-action^="take"]`)),
			chromedp.Click(css(`.actions button[data-action^="take"]`)),
			chromedp.WaitVisible(xpath(fmt.Sprintf(`//h1/small[contains(., "Move %d ")]`, move+1))))
		if err == nil {
			err = chromedp.Do(pages[(move+1)%2], chromedp.WaitVisible(xpath(fmt.Sprintf(`//h1/small[contains(., "Move %d ")]`, move+1))))
		}
		if err != nil {
			t.Fatalf("move %d: %v", move+1, err)
		}
	}
	for i, ctx := range pages {
		got, err := chromedp.Run(ctx, chromedp.Evaluate[string](`(async () => {
  const id = location.pathname.split('/').pop();
  const v = await (await fetch('/api/games/' + id)).json();
  const shown = [...document.querySelectorAll('ol.log li')].map((li) => li.textContent).reverse();
  if (v.log.length < 5 || shown.length !== v.log.length) return 'the page shows ' + shown.length + ' entries of ' + v.log.length;
  const bad = v.log.findIndex((e, k) => !shown[k].includes(e.text));
  return bad < 0 ? 'ok' : 'entry ' + bad + ': ' + shown[bad] + ' is not ' + v.log[bad].text;
})()`, chromedp.EvalAwaitPromise))
		if err != nil || got != "ok" {
			t.Fatalf("page %d: %s %v", i, got, err)
		}
	}
}

// TestBrowserCompassReplayTurns plays a hot-seat Compass game into its
// second turn through the API, opens the replay viewer and goes to turn 2
// from its "go to turn" list: the board shows turn 2.
func TestBrowserCompassReplayTurns(t *testing.T) {
	ctx, base := browser(t)
	if err := chromedp.Do(ctx, newGuestGame(base, "compass"), chromedp.WaitVisible(css(`svg.map path.area`))); err != nil {
		t.Fatal(err)
	}
	turn, err := chromedp.Run(ctx, chromedp.Evaluate[int](`(async () => {
  const me = await (await fetch('/api/me')).json();
  const id = location.pathname.split('/')[2];
  for (let i = 0; i < 3000; i++) {
    const v = await (await fetch('/api/games/' + id)).json();
    if (v.view.turn >= 2 || v.actions.length === 0) return v.view.turn;
    const a = v.actions[Math.floor(Math.random() * v.actions.length)];
    await fetch('/api/games/' + id + '/actions', { method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-CSRF-Token': me.csrf },
      body: JSON.stringify({ side: v.side, move: v.move, action: a.action }) });
  }
  return 0;
})()`, chromedp.EvalAwaitPromise))
	if err != nil || turn < 2 {
		t.Fatalf("playing to turn 2: turn %d, %v", turn, err)
	}
	url, err := chromedp.Run(ctx, chromedp.Location())
	if err != nil {
		t.Fatal(err)
	}
	id := url[strings.LastIndex(url, "/")+1:]
	err = chromedp.Do(ctx,
		chromedp.Navigate(base+"/replay/"+id),
		chromedp.WaitVisible(css(`select[name=turn]`)),
		chromedp.Click(xpath(`//button[contains(., "Start")]`)),
		chromedp.WaitVisible(xpath(`//span[@class="where"][starts-with(text(), "Move 0 of")]`)),
		js(`(() => { const s = document.querySelector('select[name=turn]'); s.value = Array.from(s.options).find((o) => o.text.startsWith('Turn 2')).value; s.dispatchEvent(new Event('change')); })()`),
		chromedp.WaitVisible(xpath(`//div[@class="mapinfo"]//span[starts-with(text(), "Turn 2/12")]`)),
		shot("compass-replay-turn2"),
	)
	if err != nil {
		t.Fatal(err)
	}
	noStrayText(t, ctx)
}

// TestBrowserAboutPage opens the notice about the reconstructed components,
// follows its link to the Compass rulings, and reads it again in Italian
// after switching the language in the header.
func TestBrowserAboutPage(t *testing.T) {
	ctx, base := browser(t)
	err := chromedp.Do(ctx,
		chromedp.Navigate(base+"/about"),
		chromedp.WaitVisible(css(`a[href="/docs/compass/rulings.md"]`)),
	)
	if err != nil {
		t.Fatal(err)
	}
	en, err := pageText(ctx, `main`)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(en, "RECONSTRUCTION") || !strings.Contains(en, "docs/wdf/rulings.md") {
		t.Fatalf("the about page in English:\n%s", en)
	}
	rulings, err := chromedp.Run(ctx, chromedp.Evaluate[string](`fetch(document.querySelector('a[href="/docs/compass/rulings.md"]').href).then((r) => r.ok ? r.text() : 'HTTP ' + r.status)`, chromedp.EvalAwaitPromise))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(rulings, "C-1") {
		t.Fatalf("the rulings link gives %.200q", rulings)
	}
	err = chromedp.Do(ctx,
		chromedp.SetValue(css(`header select`), "it"),
		js(`document.querySelector('header select').dispatchEvent(new Event('change'))`),
		chromedp.WaitVisible(xpath(`//h2[text()="Sui componenti"]`)),
	)
	if err != nil {
		t.Fatal(err)
	}
	it, err := pageText(ctx, `main`)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(it, "RICOSTRUZIONE") || strings.Contains(it, "RECONSTRUCTION") {
		t.Fatalf("the about page in Italian:\n%s", it)
	}
	noStrayText(t, ctx)
}

// TestBrowserBoardsByGameID: the client finds a game's board by its id
// (static/js/<id>.js, export render) with no list of games; an id without
// a board, or not of an id's form, gets the view as readable JSON.
func TestBrowserBoardsByGameID(t *testing.T) {
	ctx, base := browser(t)
	if err := chromedp.Do(ctx, chromedp.Navigate(base+"/about"), chromedp.WaitVisible(css(`section.about h3`))); err != nil {
		t.Fatal(err)
	}
	got, err := chromedp.Run(ctx, chromedp.Evaluate[[]string](`(async () => {
  const { renderBoard, loadBoard } = await import('/static/js/render.js');
  const ctx = { actions: [], play() {}, highlight() {}, lang: 'en', side: 'allied', log: [] };
  const out = [];
  for (const id of ['no-such-game', '../app', 'compass']) {
    const el = document.createElement('div');
    // compass's board, given a view that is not Compass's, draws what it
    // can or throws: either way it is not the generic view.
    await loadBoard(id);
    try { renderBoard(el, id, { pile: 3 }, ctx); } catch (e) { /* the board was called */ }
    out.push(id + ': ' + (el.querySelector('details.generic pre') ? el.querySelector('pre').textContent.replace(/\s+/g, '') : 'board'));
  }
  out.push('stylesheets: ' + document.querySelectorAll('link[rel=stylesheet]').length);
  return out;
})()`, chromedp.EvalAwaitPromise))
	if err != nil {
		t.Fatal(err)
	}
	want := []string{`no-such-game: {"pile":3}`, `../app: {"pile":3}`, "compass: board", "stylesheets: 1"}
	if strings.Join(got, "|") != strings.Join(want, "|") {
		t.Errorf("boards by game id:\n got %q\nwant %q", got, want)
	}
}
