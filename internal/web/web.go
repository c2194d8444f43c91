// Package web is Sandtable's browser client: plain JavaScript modules, CSS
// and SVG embedded in the binary, no build step. Every page is the same
// shell (app.html); app.js draws the page the path names. The client only
// draws what the server sends: the rules stay on the server.
//
// The client's own words are a catalog (words/en.json, words/it.json; see
// internal/kit/words), validated when the program starts and served as
// /static/words/<lang>.json: every text in one language, keyed as in the
// catalog ("lobby", "side.allied"), with the languages there are.
package web

import (
	"bytes"
	"crypto/sha256"
	"embed"
	"encoding/hex"
	"encoding/json"
	"html/template"
	"io/fs"
	"net/http"
	"path"
	"regexp"
	"strings"
	"sync"
	"time"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/extension"
	east "github.com/yuin/goldmark/extension/ast"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/text"
	"github.com/yuin/goldmark/util"

	"sandtable/internal/kit/words"
)

//go:embed static
var static embed.FS

// file is an embedded file with its entity tag.
type file struct {
	body []byte
	etag string
}

var files = map[string]file{}

//go:embed words/*.json
var wordFiles embed.FS

// texts are the client's words in every language.
var texts = words.MustLoad("web", wordFiles, "words")

func init() {
	fs.WalkDir(static, "static", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := static.ReadFile(p)
		if err != nil {
			return err
		}
		files[strings.TrimPrefix(p, "static/")] = newFile(b)
		return nil
	})
}

var wordFilesOnce sync.Once

// addWordFiles adds static/words/<lang>.json for every language: the
// client's words and, for each game, its board's words (the "client"
// section of the game's catalog). Made with the handler, once every game
// has loaded its catalog.
func addWordFiles() {
	langs := map[string]string{}
	for _, l := range words.Langs() {
		langs[l] = texts.Text(l, "self")
	}
	for _, l := range words.Langs() {
		games := map[string]map[string]string{}
		for name, c := range words.Loaded() {
			for k, v := range c.Texts(l) {
				if k, ok := strings.CutPrefix(k, "client."); ok {
					if games[name] == nil {
						games[name] = map[string]string{}
					}
					games[name][k] = v
				}
			}
		}
		b, err := json.Marshal(clientWords{Lang: l, Langs: langs, Words: texts.Texts(l), Games: games})
		if err != nil {
			panic(err)
		}
		files["words/"+l+".json"] = newFile(b)
	}
}

// clientWords is what the client loads: its words in Lang, the words of
// each game's board, and every language it may switch to, each named in
// itself.
type clientWords struct {
	Lang  string                       `json:"lang"`
	Langs map[string]string            `json:"langs"`
	Words map[string]string            `json:"words"`
	Games map[string]map[string]string `json:"games"` // game id: key: text
}

func newFile(b []byte) file {
	sum := sha256.Sum256(b)
	return file{body: b, etag: `"` + hex.EncodeToString(sum[:8]) + `"`}
}

// Handler serves the client. docs, when not nil, is the project's docs/
// folder, whose Markdown files the about page links to (/docs/...).
func Handler(docs fs.FS) http.Handler {
	wordFilesOnce.Do(addWordFiles)
	mux := http.NewServeMux()
	page := func(w http.ResponseWriter, r *http.Request) { serve(w, r, "app.html") }
	for _, p := range []string{"GET /{$}", "GET /play/{id}", "GET /join/{id}", "GET /replay", "GET /replay/{id}", "GET /about", "GET /account"} {
		mux.HandleFunc(p, page)
	}
	mux.HandleFunc("GET /static/{path...}", func(w http.ResponseWriter, r *http.Request) {
		serve(w, r, r.PathValue("path"))
	})
	mux.HandleFunc("GET /docs/{$}", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		json.NewEncoder(w).Encode(gameDocs(docs))
	})
	mux.HandleFunc("GET /docs/{path...}", func(w http.ResponseWriter, r *http.Request) {
		p := path.Clean(r.PathValue("path"))
		if docs == nil || !strings.HasSuffix(p, ".md") || strings.HasPrefix(p, "..") {
			http.Error(w, "no such document here; it is in the project's docs/ folder", http.StatusNotFound)
			return
		}
		b, err := fs.ReadFile(docs, p)
		if err != nil {
			http.Error(w, "no such document here; it is in the project's docs/ folder", http.StatusNotFound)
			return
		}
		page, err := renderDoc(p, b)
		if err != nil {
			http.Error(w, "this document could not be rendered", http.StatusInternalServerError)
			return
		}
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		w.Write(page)
	})
	return secure(mux)
}

// gameDoc is one document about a game: its path under docs/ and the
// text of its first heading.
type gameDoc struct {
	Path  string `json:"path"`
	Title string `json:"title"`
}

// gameDocs lists the documents of each game's folder (docs/GAME/*.md), by
// game id, for the about page: a new game's data notes and rulings appear
// there without naming it.
func gameDocs(docs fs.FS) map[string][]gameDoc {
	out := map[string][]gameDoc{}
	if docs == nil {
		return out
	}
	paths, _ := fs.Glob(docs, "*/*.md")
	for _, p := range paths {
		b, err := fs.ReadFile(docs, p)
		if err != nil {
			continue
		}
		first, _, _ := strings.Cut(string(b), "\n")
		game, _, _ := strings.Cut(p, "/")
		out[game] = append(out[game], gameDoc{Path: p, Title: strings.TrimSpace(strings.TrimLeft(first, "#"))})
	}
	return out
}

// markdown renders the docs: GitHub's tables and autolinks, an id on each
// heading (so a rule reference can link to its ruling), and no raw HTML
// passed through (goldmark leaves it out unless told otherwise).
var markdown = goldmark.New(goldmark.WithExtensions(extension.GFM), goldmark.WithParserOptions(parser.WithAutoHeadingID(),
	parser.WithASTTransformers(util.Prioritized(rulingIDs{}, 999))))

// rulingIDs gives each table row that opens with a ruling's number ("C-9",
// "W-12") that number as its id, so the game can link to the ruling.
type rulingIDs struct{}

var rulingNumber = regexp.MustCompile(`^[A-Z]{1,3}-[0-9]+$`)

func (rulingIDs) Transform(doc *ast.Document, reader text.Reader, _ parser.Context) {
	ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if row, ok := n.(*east.TableRow); ok && entering {
			if cell := row.FirstChild(); cell != nil {
				var b bytes.Buffer
				for c := cell.FirstChild(); c != nil; c = c.NextSibling() {
					if t, ok := c.(*ast.Text); ok {
						b.Write(t.Value(reader.Source()))
					}
				}
				if id := strings.TrimSpace(b.String()); rulingNumber.MatchString(id) {
					row.SetAttributeString("id", []byte(id))
				}
			}
		}
		return ast.WalkContinue, nil
	})
}

// renderDoc makes a Markdown document of docs/ a page of its own, in the
// client's style.
func renderDoc(name string, src []byte) ([]byte, error) {
	var body bytes.Buffer
	if err := markdown.Convert(src, &body); err != nil {
		return nil, err
	}
	var out bytes.Buffer
	out.WriteString(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>`)
	template.HTMLEscape(&out, []byte(name))
	out.WriteString(` — Sandtable</title>
<link rel="stylesheet" href="/static/style.css"><link rel="icon" href="/static/icon.svg" type="image/svg+xml">
<script type="module" src="/static/js/doc.js"></script>
</head><body><header id="top"><nav><a href="/">Sandtable</a> <a href="/about">About</a></nav></header>
<main class="doc">
`)
	out.Write(body.Bytes())
	out.WriteString("</main></body></html>\n")
	return out.Bytes(), nil
}

func serve(w http.ResponseWriter, r *http.Request, name string) {
	f, ok := files[name]
	if !ok {
		http.NotFound(w, r)
		return
	}
	w.Header().Set("ETag", f.etag)
	w.Header().Set("Cache-Control", "no-cache") // revalidate: cheap with the ETag
	http.ServeContent(w, r, name, time.Time{}, bytes.NewReader(f.body))
}

// secure sets the headers every page gets: no inline script, nothing
// loaded from elsewhere, no framing.
func secure(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		hd := w.Header()
		hd.Set("Content-Security-Policy", "default-src 'self'; img-src 'self' data:; style-src 'self'; script-src 'self'; connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'")
		hd.Set("X-Content-Type-Options", "nosniff")
		hd.Set("Referrer-Policy", "same-origin")
		h.ServeHTTP(w, r)
	})
}
