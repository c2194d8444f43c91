package web_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// tabTo presses Tab (forward, then, if it is not met, Shift+Tab back)
// until the keyboard's focus is on the element sel, as a player without a
// mouse walks the page; it fails if the element cannot be reached so.
func tabTo(t *testing.T, ctx context.Context, sel string) {
	t.Helper()
	at := `document.activeElement && document.activeElement.matches('` + sel + `')`
	for i, back := 0, false; i < 400; i++ {
		if ok, err := chromedp.Run(ctx, chromedp.Evaluate[bool](at)); err != nil {
			t.Fatal(err)
		} else if ok {
			return
		}
		if i == 150 {
			back = true
		}
		key := chromedp.KeyEvent("\t")
		if back {
			key = chromedp.KeyEvent("\t", chromedp.KeyModifiers(chromedp.ModifierShift))
		}
		if err := chromedp.Do(ctx, key); err != nil {
			t.Fatal(err)
		}
	}
	t.Fatalf("the Tab key does not reach %s", sel)
}

// TestBrowserKeyboardCompassTurn plays the opening of a Compass game
// against the computer with the keyboard alone, walking the page with Tab
// as a player without a mouse does: the turn 1 events, "done" in the
// prompt bar, a unit selected on the map (Escape drops the selection)
// and moved, an attack declared
// (the attacked area's name tells its odds to a screen reader), the
// movement ended, the combat fought from the
// attacked area, its questions answered until the hits are counted, and
// the rest of the player turn played out.
// After each move the focus stays on the map element it was on.
func TestBrowserKeyboardCompassTurn(t *testing.T) {
	ctx, base := browser(t)
	err := chromedp.Do(ctx, chromedp.EmulateViewport(1400, 900),
		compassAgainstRandom(base, "allied"),
	)
	if err != nil {
		t.Fatal(err)
	}
	// enter presses Enter on sel, reached by Tab, and waits for the game
	// to move on.
	enter := func(sel string) {
		t.Helper()
		if err := chromedp.Do(ctx, chromedp.WaitVisible(css(sel))); err != nil {
			t.Fatal(err)
		}
		tabTo(t, ctx, sel)
		move := gameMove(t, ctx)
		if err := chromedp.Do(ctx, chromedp.KeyEvent("\r")); err != nil {
			t.Fatal(err)
		}
		waitMove(t, ctx, move)
		if err := chromedp.Do(ctx, chromedp.Sleep(200*time.Millisecond)); err != nil { // the page's redraw
			t.Fatal(err)
		}
	}
	for range 3 {
		enter(`.actions button[data-action^="pick "]`)
	}
	enter(`.prompt button[data-action="done"]`)
	// Select 7th Armd Bde with Enter: its places are lit.
	unit := `svg.map g.counter[data-unit="7-armd-bde"]`
	tabTo(t, ctx, unit)
	if err := chromedp.Do(ctx, chromedp.KeyEvent("\r"), chromedp.WaitVisible(css(unit+`.selected`))); err != nil {
		t.Fatal(err)
	}
	// Escape drops the selection; Enter takes it again.
	if err := chromedp.Do(ctx, chromedp.KeyEvent("\x1b")); err != nil {
		t.Fatal(err)
	}
	if sel, _ := chromedp.Run(ctx, chromedp.Evaluate[bool](`document.querySelector('svg.map g.counter.selected') !== null`)); sel {
		t.Errorf("Escape leaves a counter selected")
	}
	tabTo(t, ctx, unit)
	if err := chromedp.Do(ctx, chromedp.KeyEvent("\r"), chromedp.WaitVisible(css(unit+`.selected`))); err != nil {
		t.Fatal(err)
	}
	name := func(sel string) string {
		t.Helper()
		n, err := chromedp.Run(ctx, chromedp.Evaluate[string](`(document.querySelector('`+sel+`') || { getAttribute: () => '' }).getAttribute('aria-label') || ''`))
		if err != nil {
			t.Fatal(err)
		}
		return n
	}
	if n := name(`svg.map path.area[data-area="bir-enba"]`); !strings.Contains(n, "Bir Enba") || !strings.Contains(n, "MP") {
		t.Errorf("a lit area's name does not say what entering it does: %q", n)
	}
	enter(`svg.map path.area.dest[data-area="bir-enba"]`)
	// The focus stayed on the map, where the player was.
	if err := chromedp.Do(ctx, chromedp.WaitVisible(css(unit+`.selected`))); err != nil {
		t.Fatal(err)
	}
	if on, _ := chromedp.Run(ctx, chromedp.Evaluate[string](`document.activeElement.getAttribute('data-area') || document.activeElement.tagName`)); on != "bir-enba" {
		t.Errorf("after the move the keyboard's focus is on %q, not on the area it was on", on)
	}
	if n := name(`svg.map path.area[data-area="nibeiwa"]`); !strings.Contains(n, "%") {
		t.Errorf("the attacked area's name does not tell the attack's odds: %q", n)
	}
	enter(`svg.map path.area.dest[data-area="nibeiwa"]`)
	enter(`.prompt button[data-action="done"]`)
	// The combat: the attacked area is lit, and says its odds.
	if n := name(`svg.map path.area[data-area="nibeiwa"]`); !strings.Contains(n, "%") {
		t.Errorf("the area to fight on does not tell the odds: %q", n)
	}
	enter(`svg.map path.area.dest[data-area="nibeiwa"]`)
	const settled = `document.querySelector('ol.log').textContent.includes('Compass 6.2.E.5: hits:') ||
		document.querySelector('.prompt button[data-action="done"]') !== null`
	for range 8 {
		if _, err := chromedp.Run(ctx, chromedp.Poll[bool](settled, chromedp.WithPollingTimeout(10*time.Second))); err != nil {
			t.Fatalf("waiting for the combat's next question or its hits: %v", err)
		}
		if strings.Contains(pageLog(t, ctx), "Compass 6.2.E.5: hits:") {
			break
		}
		enter(`.prompt button[data-action="done"]`)
	}
	if !strings.Contains(pageLog(t, ctx), "Compass 6.2.E.5: hits:") {
		t.Fatalf("the keyboard's combat did not reach its hits:\n%s", pageLog(t, ctx))
	}
	if err := chromedp.Do(ctx, viewShot("compass-keyboard-combat")); err != nil {
		t.Fatal(err)
	}
	// The rest of the player turn (hits, retreat, advance, exploitation),
	// each decision taken from the keyboard: a listed choice if there is
	// one, else "done", until the computer's turn has begun.
	for i := 0; !strings.Contains(pageLog(t, ctx), "Italian player turn"); i++ {
		if i == 20 {
			t.Fatalf("the keyboard did not reach the end of the player turn:\n%s", pageLog(t, ctx))
		}
		choice, err := chromedp.Run(ctx, chromedp.Evaluate[string](`(() => {
  const b = document.querySelector('.actions .buttons button[data-action]');
  return b ? '.actions .buttons button[data-action="' + b.dataset.action + '"]' : '.prompt button[data-action="done"]';
})()`))
		if err != nil {
			t.Fatal(err)
		}
		enter(choice)
	}
}
