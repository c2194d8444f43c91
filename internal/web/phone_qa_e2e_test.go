package web_test

import (
	"context"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// TestBrowserPhoneListFirst: on a phone (and any one-column screen) a
// decision the map does not offer (Compass's turn 1 events) is listed
// before the map, not under it and the boxes; a decision made on the map
// (movement) keeps the map first.
func TestBrowserPhoneListFirst(t *testing.T) {
	ctx, base := browser(t)
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(390, 844, chromedp.EmulateTouch),
		newGuestGame(base, "compass"), chromedp.WaitVisible(css(`.actions button[data-action^="pick "]`))); err != nil {
		t.Fatal(err)
	}
	const order = `(() => {
  const top = (sel) => document.querySelector(sel).getBoundingClientRect().top;
  return top('.actions') < top('svg.map') ? 'list first' : 'map first';
})()`
	got, err := chromedp.Run(ctx, chromedp.Evaluate[string](order))
	if err != nil {
		t.Fatal(err)
	}
	if got != "list first" {
		t.Errorf("choosing the events on a phone: %s", got)
	}
	if err := chromedp.Do(ctx, viewShot("compass-phone-events")); err != nil {
		t.Fatal(err)
	}
	noSideways(t, ctx, "the play page")
	_, url := toMove(t, ctx)
	if err := chromedp.Do(ctx, chromedp.Navigate(url), chromedp.WaitVisible(css(`svg.map g.counter.actionable`))); err != nil {
		t.Fatal(err)
	}
	if got, err = chromedp.Run(ctx, chromedp.Evaluate[string](order)); err != nil {
		t.Fatal(err)
	} else if got != "map first" {
		t.Errorf("moving on a phone: %s", got)
	}
	// The sticky prompt bar leaves the screen to the map: its two buttons
	// (undo, end the phase) on one line (it was 136 px high of 844).
	if hgt, err := chromedp.Run(ctx, chromedp.Evaluate[float64](`document.querySelector('.prompt').getBoundingClientRect().height`)); err != nil {
		t.Fatal(err)
	} else if hgt > 100 {
		t.Errorf("on a phone the prompt bar is %.0f px high", hgt)
	}
	// The lobby with a game in its list fits the phone's width.
	if err := chromedp.Do(ctx, chromedp.Navigate(base+"/"), chromedp.WaitVisible(css(`table.games`)), viewShot("lobby-phone-games")); err != nil {
		t.Fatal(err)
	}
	noSideways(t, ctx, "the lobby")
	// Nor does anything in its cards reach past them.
	wide, err := chromedp.Run(ctx, chromedp.Evaluate[[]string](`Array.from(document.querySelectorAll('.lobby .card')).filter((c) => c.scrollWidth > c.clientWidth).map((c) => c.querySelector('h2').textContent)`))
	if err != nil {
		t.Fatal(err)
	}
	if len(wide) > 0 {
		t.Errorf("on a phone these lobby cards are wider than the screen: %q", wide)
	}
	// The computer levels are named in the page's language.
	if err := chromedp.Do(ctx, js(`(() => { const s = document.querySelector('header select'); s.value = 'it'; s.dispatchEvent(new Event('change')); })()`)); err != nil {
		t.Fatal(err)
	}
	if _, err := chromedp.Run(ctx, chromedp.Poll[bool](`(document.querySelector('select[name=computer] option[value=normal]') || {}).textContent === 'normale'`, chromedp.WithPollingTimeout(5*time.Second))); err != nil {
		t.Errorf("the level 'normal' is not named in Italian: %v", err)
	}
	// The dice's contributions are told by side in the page's words.
	if err := chromedp.Do(ctx, chromedp.Navigate(url), chromedp.WaitVisible(css(`p.fair`))); err != nil {
		t.Fatal(err)
	}
	if fair, err := pageText(ctx, `p.fair`); err != nil {
		t.Fatal(err)
	} else if !strings.Contains(fair, "Alleati ") {
		t.Errorf("the dice line names the sides by their ids: %q", fair)
	}
	// And the game's title is the Italian rulebook's, its scenario in Italian.
	if title, err := pageText(ctx, `h1`); err != nil {
		t.Fatal(err)
	} else if !strings.HasPrefix(title, "Compass: la sconfitta della X Armata") || !strings.Contains(title, "campagna") {
		t.Errorf("the Italian page's title and scenario: %q", title)
	}
}

// TestBrowserPhoneReplayControls: in the replay viewer on a phone, the
// step buttons stay in sight with the map scrolled into view, and step.
func TestBrowserPhoneReplayControls(t *testing.T) {
	ctx, base := browser(t)
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(390, 844, chromedp.EmulateTouch),
		newGuestGame(base, "compass"), chromedp.WaitVisible(css(`svg.map path.area`))); err != nil {
		t.Fatal(err)
	}
	_, url := toMove(t, ctx)
	// A game under way opens at its last move: the step is back.
	next := `//div[@class="vcr"]/button[contains(., "◀") and not(contains(., "|"))]`
	if err := chromedp.Do(ctx, chromedp.Navigate(strings.Replace(url, "/play/", "/replay/", 1)), chromedp.WaitVisible(css(`.replay svg.map path.area`)),
		js(`document.querySelector('svg.map').scrollIntoView()`), chromedp.Sleep(200*time.Millisecond)); err != nil {
		t.Fatal(err)
	}
	in, err := chromedp.Run(ctx, chromedp.Evaluate[bool](`(() => {
  const b = document.evaluate('`+next+`', document, null, XPathResult.FIRST_ORDERED_NODE_TYPE, null).singleNodeValue.getBoundingClientRect();
  return window.scrollY > 300 && b.top >= 0 && b.bottom <= window.innerHeight;
})()`))
	if err != nil {
		t.Fatal(err)
	}
	if !in {
		t.Errorf("with the map in view, the replay's step buttons are out of sight")
	}
	before, err := pageText(ctx, `.vcr .where`)
	if err != nil {
		t.Fatal(err)
	}
	if err := chromedp.Do(ctx, viewShot("replay-phone-map"), chromedp.Click(xpath(next))); err != nil {
		t.Fatal(err)
	}
	if _, err := chromedp.Run(ctx, chromedp.Poll[bool](`document.querySelector('.vcr .where').innerText !== `+strconv.Quote(before), chromedp.WithPollingTimeout(5*time.Second))); err != nil {
		t.Fatalf("stepping back with the map in view (at %q): %v", before, err)
	}
}

// noSideways fails if the page is wider than the window (a phone would
// scroll it sideways).
func noSideways(t *testing.T, ctx context.Context, what string) {
	t.Helper()
	w, err := chromedp.Run(ctx, chromedp.Evaluate[[]int](`[document.documentElement.scrollWidth, window.innerWidth]`))
	if err != nil {
		t.Fatal(err)
	}
	if w[0] > w[1] {
		t.Errorf("%s is %d px wide in a window of %d", what, w[0], w[1])
	}
}
