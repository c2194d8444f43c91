package web_test

import (
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// countStreams wraps the page's EventSource so that window.streams counts
// the event streams the page opens, then goes to path inside the page.
func countStreams(path string) chromedp.Action[chromedp.Void] {
	return js(`(() => {
  window.streams = 0;
  const ES = window.EventSource;
  window.EventSource = function (url) { window.streams++; return new ES(url); };
  history.pushState(null, '', '` + path + `');
  dispatchEvent(new PopStateEvent('popstate'));
})()`)
}

// registerInLobby registers name (password "a long password") from the
// lobby's form.
func registerInLobby(base, name string) chromedp.Action[chromedp.Void] {
	return chromedp.Steps(
		chromedp.Navigate(base+"/"),
		chromedp.WaitVisible(css(`input[name=name]`)),
		chromedp.SendKeys(css(`input[name=name]`), name),
		chromedp.SendKeys(css(`input[name=password]`), "a long password"),
		chromedp.Click(xpath(`//button[text()="Register"]`)),
		chromedp.WaitVisible(css(`select[name=game]`)),
	)
}

// TestBrowserFairDiceAndAccount: a game made in the lobby shows its dice
// commitment and the browser's contribution; once over, the replay
// viewer's button verifies the dice (in the browser and on the server);
// the account page changes the password and logs out everywhere; a page
// for a game that does not exist opens no event stream.
func TestBrowserFairDiceAndAccount(t *testing.T) {
	ctx, base := browser(t)
	err := chromedp.Do(ctx,
		registerInLobby(base, "ann"),
		chromedp.SetValue(css(`select[name=game]`), "toy"),
		chromedp.SetValue(css(`select[name=mode]`), "hotseat"),
		chromedp.Click(xpath(`//button[text()="Create"]`)),
		chromedp.WaitVisible(css(`p.fair`)),
		shot("fair-commitment"),
	)
	if err != nil {
		t.Fatal(err)
	}
	line, err := pageText(ctx, `p.fair`)
	if err != nil || !strings.Contains(line, "commitment") || !strings.Contains(line, "fixed when the game began") || !strings.Contains(line, "north") {
		t.Fatalf("the commitment line: %q, %v", line, err)
	}
	id, err := chromedp.Run(ctx, chromedp.Evaluate[string](`location.pathname.split('/')[2]`))
	if err != nil {
		t.Fatal(err)
	}
	err = chromedp.Do(ctx,
		js(`(async () => {
  const me = await (await fetch('/api/me')).json();
  await fetch('/api/games/`+id+`/resign', { method: 'POST', headers: { 'Content-Type': 'application/json', 'X-CSRF-Token': me.csrf }, body: JSON.stringify({ side: 'north' }) });
})()`),
		chromedp.Navigate(base+"/replay/"+id),
		chromedp.Click(xpath(`//button[text()="Verify the dice"]`)),
		chromedp.WaitVisible(xpath(`//p[text()="The dice are fair."]`)),
		shot("fair-verified"),
	)
	if err != nil {
		t.Fatal(err)
	}
	report, _ := pageText(ctx, `.verify`)
	for _, want := range []string{"Checked in your browser", "matches the commitment", "Checked by the server", "every die"} {
		if !strings.Contains(report, want) {
			t.Errorf("the verification says %q, lacking %q", report, want)
		}
	}
	err = chromedp.Do(ctx,
		chromedp.Navigate(base+"/account"),
		chromedp.WaitVisible(css(`input[name=old]`)),
		chromedp.SendKeys(css(`input[name=old]`), "a long password"),
		chromedp.SendKeys(css(`input[name=new]`), "an even longer password"),
		chromedp.Click(xpath(`//button[text()="Change the password"]`)),
		chromedp.WaitVisible(xpath(`//p[contains(., "Password changed")]`)),
		shot("account"),
	)
	if err != nil {
		t.Fatal("account:", err)
	}
	err = chromedp.Do(ctx,
		chromedp.Click(xpath(`//button[text()="Log out everywhere"]`)),
		chromedp.WaitVisible(css(`input[name=password]`)),
		chromedp.SendKeys(css(`input[name=name]`), "ann"),
		chromedp.SendKeys(css(`input[name=password]`), "an even longer password"),
		chromedp.Click(xpath(`//button[text()="Log in"]`)),
		chromedp.WaitVisible(css(`select[name=game]`)),
	)
	if err != nil {
		t.Fatal("logout everywhere and in again:", err)
	}
	err = chromedp.Do(ctx,
		// A game that exists: one stream; one that does not: none.
		countStreams("/play/"+id),
		chromedp.WaitVisible(css(`p.fair`)),
	)
	if err != nil {
		t.Fatal(err)
	}
	if n, err := chromedp.Run(ctx, chromedp.Evaluate[int](`window.streams`)); err != nil || n != 1 {
		t.Fatalf("streams for a game: %d, %v", n, err)
	}
	err = chromedp.Do(ctx,
		countStreams("/play/0123456789ab"),
		chromedp.WaitVisible(xpath(`//p[contains(., "no game")]`)),
	)
	if err != nil {
		t.Fatal(err)
	}
	if n, err := chromedp.Run(ctx, chromedp.Evaluate[int](`window.streams`)); err != nil || n != 0 {
		t.Fatalf("streams for a game that does not exist: %d, %v", n, err)
	}
}
