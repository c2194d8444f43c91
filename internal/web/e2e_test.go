package web_test

import (
	"context"
	"net/http/httptest"
	"os"
	"path/filepath"
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
	srv := server.New(server.Config{Store: st, Static: web.Handler(nil), Hasher: server.Hasher{Time: 1, MemKiB: 64, Threads: 1}, Logf: t.Logf})
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

// shot saves a screenshot to $SANDTABLE_SCREENSHOTS when it is set.
func shot(name string) chromedp.Action[chromedp.Void] {
	return chromedp.Func(func(ctx context.Context, t *chromedp.Target) error {
		dir := os.Getenv("SANDTABLE_SCREENSHOTS")
		if dir == "" {
			return nil
		}
		b, err := chromedp.FullScreenshot(100)(ctx, t)
		if err != nil {
			return err
		}
		return os.WriteFile(filepath.Join(dir, name+".png"), b, 0o644)
	})
}

type (
	css   = chromedp.CSS
	xpath = chromedp.Search
)

// newGuestGame logs in as a guest from the lobby and creates a hot-seat
// game of id.
func newGuestGame(base, id string) chromedp.Action[chromedp.Void] {
	return chromedp.Steps(
		chromedp.Navigate(base+"/"),
		chromedp.Click(xpath(`//button[text()="Play as a guest"]`)),
		chromedp.WaitVisible(css(`select[name=game]`)),
		chromedp.SetValue(css(`select[name=game]`), id),
		chromedp.SetValue(css(`select[name=mode]`), "hotseat"),
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
		chromedp.WaitVisible(css(`ol.log li`)),
		// The page turns to south, to move next; north may still undo.
		chromedp.WaitVisible(xpath(`//div[contains(@class,"prompt")]//span[text()="south"]`)),
		chromedp.WaitVisible(undo),
		shot("toy-after-move"),
		chromedp.Click(undo),
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
	prompt, err := chromedp.Run(ctx, chromedp.Text(css(`.prompt .text`)))
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
	if counts[0] != 42 || counts[1] == 0 || !strings.Contains(names, "Sidi Barrani") {
		t.Fatalf("compass map: %v areas and counters, names %q", counts, names)
	}
}
