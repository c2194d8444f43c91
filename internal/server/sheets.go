package server

import (
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"sync"

	"sandtable/internal/engine"
)

// A sheet is the part of a game's view that is the same in every state of
// a scenario, its map sheet (engine.Sheeted): views name it by its URL,
// /api/sheets/{game}/{id}/{lang}/{hash}, and the client fetches it once;
// the hash of its bytes in the URL lets the browser keep it for good.
type sheet struct {
	url  string
	etag string
	json []byte // the encoded sheet
	gz   []byte // the same, gzip-compressed
}

type sheetKey struct{ game, id, lang string }

// sheets holds every sheet built, each once: only the registered games'
// ids (the game refuses others) in the known languages (checkLang), so
// their number is bounded by the games' scenarios and the languages.
var sheets struct {
	sync.Mutex
	m map[sheetKey]*sheet
}

// sheetOf returns the sheet of game's id in lang, building it the first
// time; an id the game does not know is an error.
func sheetOf(g engine.Game, id, lang string) (*sheet, error) {
	k := sheetKey{g.ID(), id, lang}
	sheets.Lock()
	defer sheets.Unlock()
	if sh, ok := sheets.m[k]; ok {
		return sh, nil
	}
	sg, ok := g.(engine.Sheets)
	if !ok {
		return nil, fmt.Errorf("%s has no sheets", g.ID())
	}
	v, err := sg.Sheet(id, lang)
	if err != nil {
		return nil, err
	}
	enc, err := json.Marshal(v)
	if err != nil {
		return nil, err
	}
	var gz bytes.Buffer
	zw, _ := gzip.NewWriterLevel(&gz, gzip.BestCompression)
	zw.Write(enc)
	zw.Close()
	sum := sha256.Sum256(enc)
	h := hex.EncodeToString(sum[:12])
	sh := &sheet{url: "/api/sheets/" + k.game + "/" + k.id + "/" + k.lang + "/" + h, etag: `"` + h + `"`, json: enc, gz: gz.Bytes()}
	if sheets.m == nil {
		sheets.m = map[sheetKey]*sheet{}
	}
	sheets.m[k] = sh
	return sh, nil
}

// sheetURL is the URL of the sheet st's view leaves out, or "" for none.
func sheetURL(g engine.Game, st engine.State, lang string) string {
	sd, ok := st.(engine.Sheeted)
	if !ok {
		return ""
	}
	sh, err := sheetOf(g, sd.SheetID(), lang)
	if err != nil {
		return "" // a game's own sheet id: not reached
	}
	return sh.url
}

// handleSheet serves a sheet: immutable (its URL holds its hash), with a
// strong ETag, gzip-compressed when the client takes it. A hash that is
// not the sheet's (a page from an older build of the data) is not found:
// the page gets the new URL with its next view.
func (s *Server) handleSheet(w http.ResponseWriter, r *http.Request) {
	g, err := engine.Lookup(r.PathValue("game"))
	lang := r.PathValue("lang")
	if err != nil || checkLang(lang) != nil {
		writeError(w, errf(http.StatusNotFound, "no such sheet"))
		return
	}
	sh, err := sheetOf(g, r.PathValue("id"), lang)
	if err != nil || sh.etag != `"`+r.PathValue("hash")+`"` {
		writeError(w, errf(http.StatusNotFound, "no such sheet"))
		return
	}
	h := w.Header()
	h.Set("Cache-Control", "public, max-age=31536000, immutable")
	h.Set("ETag", sh.etag)
	h.Set("Vary", "Accept-Encoding")
	if match := r.Header.Get("If-None-Match"); match != "" && (match == sh.etag || match == "*" || strings.Contains(match, sh.etag)) {
		w.WriteHeader(http.StatusNotModified)
		return
	}
	h.Set("Content-Type", "application/json")
	body := sh.json
	if acceptsGzip(r) {
		h.Set("Content-Encoding", "gzip")
		body = sh.gz
	}
	h.Set("Content-Length", strconv.Itoa(len(body)))
	w.Write(body)
}

// acceptsGzip reports whether the request's Accept-Encoding takes gzip.
func acceptsGzip(r *http.Request) bool {
	for _, e := range strings.Split(r.Header.Get("Accept-Encoding"), ",") {
		name, q, _ := strings.Cut(strings.TrimSpace(e), ";")
		if strings.EqualFold(strings.TrimSpace(name), "gzip") && strings.ReplaceAll(strings.TrimSpace(q), " ", "") != "q=0" {
			return true
		}
	}
	return false
}
