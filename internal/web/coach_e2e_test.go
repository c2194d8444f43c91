package web_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// TestBrowserCoach plays a hot-seat Compass game a while, asks for a hint
// on the play page, resigns, then opens the finished game's replay: the
// graph of the chances is drawn with its turning points, a turning point
// is a step of the viewer, and "what would the computer do here?" lists
// the computer's choices in words with their chances (issue 28). On the
// desk and on a phone.
func TestBrowserCoach(t *testing.T) {
	ctx, base := browser(t)
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(1400, 900), newGuestGame(base, "compass"),
		chromedp.WaitVisible(css(`svg.map path.area`)),
		js(`localStorage.setItem('curtain', 'off')`)); err != nil {
		t.Fatal(err)
	}
	moves, err := chromedp.Run(ctx, chromedp.Evaluate[int](`(async () => {
  const me = await (await fetch('/api/me')).json();
  const id = location.pathname.split('/')[2];
  let v;
  for (let i = 0; i < 120; i++) {
    v = await (await fetch('/api/games/' + id)).json();
    if (v.actions.length === 0) break;
    const a = v.actions[(i * 7919) % v.actions.length];
    await fetch('/api/games/' + id + '/actions', { method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-CSRF-Token': me.csrf },
      body: JSON.stringify({ side: v.side, move: v.move, action: a.action }) });
  }
  return v.move;
})()`, chromedp.EvalAwaitPromise))
	if err != nil || moves < 80 {
		t.Fatalf("playing: %d moves, %v", moves, err)
	}
	url, err := chromedp.Run(ctx, chromedp.Location())
	if err != nil {
		t.Fatal(err)
	}
	id := url[strings.LastIndex(url, "/")+1:]
	hint := xpath(`//button[contains(@class,"ask")][text()="Hint: what would the computer do?"]`)
	err = chromedp.Do(ctx,
		chromedp.Navigate(url),
		chromedp.WaitVisible(hint),
		chromedp.Click(hint),
		chromedp.WaitVisible(css(`.advice ol.choices li`)),
		shot("coach-hint"),
	)
	if err != nil {
		t.Fatal(err)
	}
	said, err := pageText(ctx, `.advice`)
	if err != nil || !strings.Contains(said, "The computer, as") && !strings.Contains(said, "has only one choice here") || !strings.Contains(said, "%") {
		t.Fatalf("the hint says %q (%v)", said, err)
	}

	// Resign: the game is over, its record public, and the coach open.
	ask := xpath(`//button[contains(@class,"ask")][text()="What would the computer do here?"]`)
	err = chromedp.Do(ctx,
		js(`(async () => {
  const me = await (await fetch('/api/me')).json();
  await fetch('/api/games/`+id+`/resign', { method: 'POST', headers: { 'Content-Type': 'application/json', 'X-CSRF-Token': me.csrf }, body: JSON.stringify({ side: 'allied' }) });
})()`),
		chromedp.Navigate(base+"/replay/"+id),
		chromedp.WaitVisible(css(`svg.chances polyline`)),
		chromedp.WaitVisible(css(`.turning button[data-at]`)),
		shot("coach-replay-desk"),
	)
	if err != nil {
		t.Fatal(err)
	}
	lines, err := chromedp.Run(ctx, chromedp.Evaluate[int](`document.querySelectorAll('svg.chances polyline').length`))
	if err != nil || lines != 2 {
		t.Fatalf("%d lines in the graph (%v)", lines, err)
	}
	// A turning point is a step of the viewer.
	at, err := chromedp.Run(ctx, chromedp.Evaluate[string](`document.querySelector('.turning button[data-at]').dataset.at`))
	if err != nil {
		t.Fatal(err)
	}
	err = chromedp.Do(ctx,
		chromedp.Click(css(`.turning button[data-at]`)),
		chromedp.WaitVisible(xpath(`//span[@class="where"][starts-with(text(), "Move `+at+` of")]`)),
		chromedp.Click(ask),
		chromedp.WaitVisible(css(`.advice ol.choices li`)),
		shot("coach-advice-desk"),
	)
	if err != nil {
		t.Fatal(err)
	}
	said, err = pageText(ctx, `.advice`)
	if err != nil || !strings.Contains(said, "Chances as the computer sees them") || !strings.Contains(said, "%") {
		t.Fatalf("the advice says %q (%v)", said, err)
	}
	err = chromedp.Do(ctx,
		chromedp.EmulateViewport(390, 844, chromedp.EmulateTouch),
		chromedp.Navigate(base+"/replay/"+id+"?at="+at),
		chromedp.WaitVisible(css(`svg.chances polyline`)),
		chromedp.Click(ask),
		chromedp.WaitVisible(css(`.advice ol.choices li`)),
		shot("coach-advice-phone"),
	)
	if err != nil {
		t.Fatal(err)
	}
	noStrayText(t, ctx)
}

// TestBrowserCoachRecordFile: a record file opened in the replay viewer
// gets the graph and the computer's advice too.
func TestBrowserCoachRecordFile(t *testing.T) {
	ctx, base := browser(t)
	if err := chromedp.Do(ctx, newGuestGame(base, "toy"), chromedp.WaitVisible(css(`.actions button[data-action]`))); err != nil {
		t.Fatal(err)
	}
	rec, err := chromedp.Run(ctx, chromedp.Evaluate[string](`(async () => {
  const me = await (await fetch('/api/me')).json();
  const id = location.pathname.split('/')[2];
  for (let i = 0; i < 500; i++) {
    const v = await (await fetch('/api/games/' + id)).json();
    if (v.over || v.actions.length === 0) break;
    await fetch('/api/games/' + id + '/actions', { method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-CSRF-Token': me.csrf },
      body: JSON.stringify({ side: v.side, move: v.move, action: v.actions[0].action }) });
  }
  return (await fetch('/api/games/' + id + '/record')).text();
})()`, chromedp.EvalAwaitPromise))
	if err != nil {
		t.Fatal(err)
	}
	err = chromedp.Do(ctx,
		openRecordFile(t, base, rec),
		chromedp.WaitVisible(css(`svg.chances polyline`)),
		chromedp.Click(xpath(`//button[contains(@class,"ask")][text()="What would the computer do here?"]`)),
		chromedp.WaitVisible(css(`.advice ol.choices li`)),
	)
	if err != nil {
		t.Fatal(err)
	}
}

// openRecordFile writes rec to a file and opens it in the replay viewer.
func openRecordFile(t *testing.T, base, rec string) chromedp.Action[chromedp.Void] {
	t.Helper()
	file := filepath.Join(t.TempDir(), "game.json")
	if err := os.WriteFile(file, []byte(rec), 0o644); err != nil {
		t.Fatal(err)
	}
	return chromedp.Steps(
		chromedp.Navigate(base+"/replay"),
		chromedp.WaitVisible(css(`input[type=file]`)),
		chromedp.SetUploadFiles(css(`input[type=file]`), []string{file}),
	)
}
