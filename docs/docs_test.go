package docs

import (
	"io/fs"
	"net/http/httptest"
	"strings"
	"testing"

	"sandtable/internal/web"
)

// The about page links these documents; the binary must carry them so that
// a server started from any folder can show them.
func TestEmbeddedDocumentsServed(t *testing.T) {
	h := web.Handler(FS)
	for _, p := range []string{"compass/data.md", "compass/rulings.md", "wdf/data.md", "wdf/rulings-data.md", "wdf/rulings.md", "ARCHITECTURE.md"} {
		want, err := fs.ReadFile(FS, p)
		if err != nil {
			t.Fatalf("%s is not embedded: %v", p, err)
		}
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest("GET", "/docs/"+p, nil))
		if rec.Code != 200 || rec.Body.String() != string(want) {
			t.Errorf("GET /docs/%s: status %d, %d bytes; want 200 and the file", p, rec.Code, rec.Body.Len())
		}
		if !strings.HasPrefix(rec.Header().Get("Content-Type"), "text/plain") {
			t.Errorf("GET /docs/%s: Content-Type %q", p, rec.Header().Get("Content-Type"))
		}
	}
}
