package web_test

import (
	"context"
	"encoding/json"
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
// from the lobby, waits for the hex map, plays through the API up to the
// first open move, then moves that unit by clicking its counter (which
// shows its supply and lights its destinations) and a lit hex, and checks
// the game recorded the move; then opens the game's replay, which draws
// the same map.
func TestBrowserWDFMoveByClicks(t *testing.T) {
	if !wdfViewHasMap(t) {
		t.Fatal("the wdf view carries no map.hexes: the web client cannot draw the board")
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
	unit, hex := f[1], f[2]
	url, err := chromedp.Run(ctx, chromedp.Location())
	if err != nil {
		t.Fatal(err)
	}
	before := gameMove(t, ctx)
	click := func(sel string) chromedp.Action[chromedp.Void] {
		return chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
			_, err := chromedp.Evaluate[bool](`document.querySelector('`+sel+`').dispatchEvent(new MouseEvent('click', {bubbles: true}))`)(ctx, tg)
			return err
		})
	}
	err = chromedp.Do(ctx,
		chromedp.Navigate(url), // the page as a player opens it, at the movement step
		chromedp.WaitVisible(css(`svg.map g.counter[data-unit="`+unit+`"].actionable`)),
		js(`document.querySelector('svg.map g.counter[data-unit="`+unit+`"]').scrollIntoView({block: 'center', inline: 'center'})`),
		click(`svg.map g.counter[data-unit="`+unit+`"]`),
		chromedp.WaitVisible(css(`svg.map path.hex.dest[data-hex="`+hex+`"]`)),
		chromedp.WaitVisible(css(`.actions button.hl[data-action="`+move+`"]`)),
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
	if err := chromedp.Do(ctx, click(`svg.map path.hex[data-hex="`+hex+`"]`)); err != nil {
		t.Fatal(err)
	}
	// Several actions may name the unit and the hex (a move and a
	// strategic move): then the page asks; take the one we meant.
	chooser, err := chromedp.Run(ctx, chromedp.Evaluate[bool](`!!document.querySelector('.chooser:not([hidden]) button[data-action="`+move+`"]')`))
	if err != nil {
		t.Fatal(err)
	}
	if chooser {
		if err := chromedp.Do(ctx, viewShot("wdf-chooser"), click(`.chooser button[data-action="`+move+`"]`)); err != nil {
			t.Fatal(err)
		}
	}
	if err := chromedp.Do(ctx, chromedp.WaitVisible(xpath(`//h1/small[contains(., "Move `+strconv.Itoa(before+1)+` ")]`)), viewShot("wdf-moved")); err != nil {
		t.Fatal(err)
	}
	rec, err := chromedp.Run(ctx, chromedp.Evaluate[string](`fetch('/api/games/' + location.pathname.split('/')[2] + '/record').then(r => r.json()).then(r => r.actions[r.actions.length - 1].action)`, chromedp.EvalAwaitPromise))
	if err != nil {
		t.Fatal(err)
	}
	if rec != move {
		t.Fatalf("clicked %s then %s; the game recorded %q, want %q", unit, hex, rec, move)
	}
	noStrayText(t, ctx)
	// The replay viewer draws the same map.
	err = chromedp.Do(ctx,
		chromedp.Navigate(strings.Replace(url, "/play/", "/replay/", 1)),
		chromedp.WaitVisible(css(`svg.map.wdf path.hex`)),
		viewShot("wdf-replay"),
	)
	if err != nil {
		t.Fatal(err)
	}
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

// wdfViewHasMap reports whether the registered wdf game's view carries the
// hex map the renderer draws (map.hexes).
func wdfViewHasMap(t *testing.T) bool {
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
	var v struct {
		Map struct {
			Hexes []json.RawMessage `json:"hexes"`
		} `json:"map"`
	}
	return json.Unmarshal(b, &v) == nil && len(v.Map.Hexes) > 0
}
