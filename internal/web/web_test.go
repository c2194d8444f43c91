package web

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"testing/fstest"
)

func get(t *testing.T, h http.Handler, path string, header map[string]string) *httptest.ResponseRecorder {
	t.Helper()
	req := httptest.NewRequest("GET", path, nil)
	for k, v := range header {
		req.Header.Set(k, v)
	}
	w := httptest.NewRecorder()
	h.ServeHTTP(w, req)
	return w
}

func TestPagesAndAssets(t *testing.T) {
	docs := fstest.MapFS{"compass/rulings.md": {Data: []byte("# Rulings\n")}, "secret.txt": {Data: []byte("no")}}
	h := Handler(docs)
	cases := []struct {
		path string
		want int
		body string
	}{
		{"/", 200, `src="/static/js/app.js"`},
		{"/play/0a1b2c", 200, `<main id="main">`},
		{"/join/0a1b2c?side=south&token=x", 200, `<main id="main">`},
		{"/replay", 200, `<main id="main">`},
		{"/replay/0a1b2c", 200, `<main id="main">`},
		{"/about", 200, `<main id="main">`},
		{"/account", 200, `<main id="main">`},
		{"/static/js/app.js", 200, "import"},
		{"/static/style.css", 200, ".prompt"},
		{"/static/js/compass.js", 200, "export function render("},
		{"/static/nothing.js", 404, ""},
		{"/nowhere", 404, ""},
		{"/docs/compass/rulings.md", 200, `<h1 id="rulings">Rulings</h1>`},
		{"/docs/secret.txt", 404, ""},
		{"/docs/", 200, `{"compass":[{"path":"compass/rulings.md","title":"Rulings"}]}`}, // each game's documents, for the about page
	}
	for _, c := range cases {
		w := get(t, h, c.path, nil)
		if w.Code != c.want || !strings.Contains(w.Body.String(), c.body) {
			t.Errorf("GET %s: %d, want %d with %q", c.path, w.Code, c.want, c.body)
		}
		if csp := w.Header().Get("Content-Security-Policy"); !strings.Contains(csp, "script-src 'self'") {
			t.Errorf("GET %s: CSP %q", c.path, csp)
		}
	}
	if w := get(t, h, "/static/js/app.js", nil); !strings.Contains(w.Header().Get("Content-Type"), "javascript") {
		t.Errorf("app.js served as %q", w.Header().Get("Content-Type"))
	}
	for _, p := range []string{"/docs/../web.go", "/docs/%2e%2e/web.go", "/static/../web.go"} {
		if w := get(t, h, p, nil); w.Code == http.StatusOK {
			t.Errorf("GET %s served: %s", p, w.Body)
		}
	}
	if w := get(t, Handler(nil), "/docs/compass/rulings.md", nil); w.Code != 404 {
		t.Errorf("docs without a docs folder: %d", w.Code)
	}
}

// TestDocsRendered: a document of docs/ is a page of HTML, its headings
// with ids a rule reference can link to, its tables drawn, and any raw
// HTML in it left out, not run.
func TestDocsRendered(t *testing.T) {
	md := "# Rulings\n\n## C-9 Decisions with one answer\n\n| # | b |\n|---|---|\n| C-9 | 2 |\n\n<script>alert(1)</script>\n"
	w := get(t, Handler(fstest.MapFS{"compass/rulings.md": {Data: []byte(md)}}), "/docs/compass/rulings.md", nil)
	body := w.Body.String()
	if ct := w.Header().Get("Content-Type"); !strings.HasPrefix(ct, "text/html") {
		t.Errorf("served as %q", ct)
	}
	for _, want := range []string{`<h2 id="c-9-decisions-with-one-answer">`, "<table>", "<td>2</td>", `<tr id="C-9">`, `href="/static/style.css"`} {
		if !strings.Contains(body, want) {
			t.Errorf("the page lacks %q:\n%s", want, body)
		}
	}
	if strings.Contains(body, "<script>alert") {
		t.Errorf("raw HTML passed through:\n%s", body)
	}
}

func TestETagRevalidation(t *testing.T) {
	h := Handler(nil)
	w := get(t, h, "/static/style.css", nil)
	etag := w.Header().Get("ETag")
	if etag == "" {
		t.Fatal("no ETag")
	}
	if w := get(t, h, "/static/style.css", map[string]string{"If-None-Match": etag}); w.Code != http.StatusNotModified {
		t.Fatalf("revalidation: %d", w.Code)
	}
}
