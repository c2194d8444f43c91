package docs

import (
	"html"
	"io/fs"
	"net/http/httptest"
	"strings"
	"testing"

	"sandtable/internal/web"
)

// The about page links these documents; the binary must carry them so that
// a server started from any folder can show them, as pages of HTML.
func TestEmbeddedDocumentsServed(t *testing.T) {
	h := web.Handler(FS)
	for _, p := range []string{"compass/data.md", "compass/rulings.md", "wdf/data.md", "wdf/rulings-data.md", "wdf/rulings.md", "ARCHITECTURE.md"} {
		want, err := fs.ReadFile(FS, p)
		if err != nil {
			t.Fatalf("%s is not embedded: %v", p, err)
		}
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest("GET", "/docs/"+p, nil))
		first, _, _ := strings.Cut(string(want), "\n")
		title := html.EscapeString(strings.TrimSpace(strings.TrimLeft(first, "#")))
		if rec.Code != 200 || !strings.Contains(rec.Body.String(), title+"</h1>") {
			t.Errorf("GET /docs/%s: status %d, %d bytes; want 200 and the page headed %q", p, rec.Code, rec.Body.Len(), title)
		}
		if !strings.HasPrefix(rec.Header().Get("Content-Type"), "text/html") {
			t.Errorf("GET /docs/%s: Content-Type %q", p, rec.Header().Get("Content-Type"))
		}
	}
}
