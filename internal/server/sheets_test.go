package server

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"io"
	"net/http"
	"strings"
	"testing"

	_ "sandtable/internal/games/limanowa"
	_ "sandtable/internal/games/primogenita"
)

// TestSheets: a Compass, WDF, La Primogenita or Limanowa view leaves its map out
// and names the sheet by URL, the same in every view of every game of the
// scenario (and a replay's); the sheet is served immutable with a strong
// ETag, compressed on request, revalidated with 304; any other game, id,
// language or hash is not found; a game whose view has no sheet (the toy)
// names none.
func TestSheets(t *testing.T) {
	e := newEnv(t)
	ann := e.user("ann")
	for _, tc := range []struct{ game, scenario, key string }{
		{"compass", "", `"naval_support"`},
		{"wdf", "", `"hexes"`},
		{"primogenita", "", `"game_turns"`},
		{"limanowa", "probe", `"levels"`},
		{"limanowa", "gods-playground", `"levels"`},
	} {
		t.Run(tc.game+"/"+tc.scenario, func(t *testing.T) {
			g := ann.create(map[string]any{"game": tc.game, "scenario": tc.scenario, "mode": "hotseat", "seed": 3})
			code, raw := ann.raw("GET", "/api/games/"+g.ID+"?lang=it", nil, nil)
			var v struct {
				Sheet string                     `json:"sheet"`
				View  map[string]json.RawMessage `json:"view"`
			}
			if err := json.Unmarshal(raw, &v); code != http.StatusOK || err != nil {
				t.Fatalf("view: %d %v", code, err)
			}
			if _, ok := v.View["map"]; ok {
				t.Error("the view carries its map")
			}
			if !strings.HasPrefix(v.Sheet, "/api/sheets/"+tc.game+"/") || !strings.Contains(v.Sheet, "/it/") {
				t.Fatalf("sheet %q", v.Sheet)
			}
			if again := ann.create(map[string]any{"game": tc.game, "scenario": tc.scenario, "mode": "hotseat", "seed": 4}); ann.view(again.ID, "?lang=it").Sheet != v.Sheet {
				t.Error("two games of the scenario name different sheets")
			}

			resp := get(t, e, v.Sheet, nil)
			body, _ := io.ReadAll(resp.Body)
			etag := resp.Header.Get("ETag")
			if resp.StatusCode != http.StatusOK || !bytes.Contains(body, []byte(tc.key)) || !json.Valid(body) {
				t.Fatalf("sheet: %d %.80s", resp.StatusCode, body)
			}
			if cc := resp.Header.Get("Cache-Control"); cc != "public, max-age=31536000, immutable" || !strings.HasPrefix(etag, `"`) || strings.HasPrefix(etag, "W/") {
				t.Errorf("Cache-Control %q, ETag %q", cc, etag)
			}
			if !strings.Contains(v.Sheet, strings.Trim(etag, `"`)) {
				t.Errorf("the URL %s does not hold the ETag %s", v.Sheet, etag)
			}
			resp = get(t, e, v.Sheet, map[string]string{"Accept-Encoding": "gzip"})
			if resp.Header.Get("Content-Encoding") != "gzip" {
				t.Fatal("not compressed")
			}
			zr, err := gzip.NewReader(resp.Body)
			if err != nil {
				t.Fatal(err)
			}
			if unzipped, _ := io.ReadAll(zr); !bytes.Equal(unzipped, body) {
				t.Error("the compressed sheet is another")
			}
			if resp := get(t, e, v.Sheet, map[string]string{"If-None-Match": etag}); resp.StatusCode != http.StatusNotModified {
				t.Errorf("revalidated: %d", resp.StatusCode)
			}
		})
	}

	g := ann.create(map[string]any{"game": "wdf", "mode": "hotseat", "seed": 3})
	url := ann.view(g.ID, "").Sheet
	parts := strings.Split(url, "/") // "", api, sheets, game, id, lang, hash
	for _, bad := range []string{
		strings.Replace(url, parts[6], strings.Repeat("0", len(parts[6])), 1),
		strings.Replace(url, "/wdf/", "/compass/", 1),
		strings.Replace(url, "/wdf/", "/nogame/", 1),
		strings.Replace(url, "/"+parts[4]+"/", "/other/", 1),
		strings.Replace(url, "/en/", "/xx/", 1),
		url + "/more",
	} {
		if resp := get(t, e, bad, nil); resp.StatusCode != http.StatusNotFound {
			t.Errorf("%s: %d", bad, resp.StatusCode)
		}
	}
	if c := ann.create(map[string]any{"game": "toy", "mode": "hotseat", "seed": 3}); ann.view(c.ID, "").Sheet != "" {
		t.Error("the toy's view names a sheet")
	}
	var rv replayView
	if code := ann.call("GET", "/api/games/"+g.ID+"/replay?at=0", nil, &rv); code != http.StatusOK || rv.ViewBody == nil || rv.Sheet != url {
		t.Errorf("replay: %d, sheet %v", code, rv.ViewBody)
	}
}

// get fetches path from e's server with header, as no one in particular.
func get(t *testing.T, e *env, path string, header map[string]string) *http.Response {
	t.Helper()
	req, _ := http.NewRequest("GET", e.http.URL+path, nil)
	for k, v := range header {
		req.Header.Set(k, v)
	}
	tr := &http.Transport{DisableCompression: true}
	resp, err := (&http.Client{Transport: tr}).Do(req)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { resp.Body.Close() })
	return resp
}
