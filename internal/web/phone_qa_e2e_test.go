package web_test

import (
	"testing"

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
	_, url := toMove(t, ctx)
	if err := chromedp.Do(ctx, chromedp.Navigate(url), chromedp.WaitVisible(css(`svg.map g.counter.actionable`))); err != nil {
		t.Fatal(err)
	}
	if got, err = chromedp.Run(ctx, chromedp.Evaluate[string](order)); err != nil {
		t.Fatal(err)
	} else if got != "map first" {
		t.Errorf("moving on a phone: %s", got)
	}
}
