package server

import (
	"bytes"
	"encoding/json"
	"maps"
	"math/rand/v2"
	"net/http"
	"net/url"
	"reflect"
	"slices"
	"strings"
	"sync"
	"testing"

	"sandtable/internal/engine"
)

// TestSharedViewsAreFresh plays random Compass and WDF games with undos
// and checks, after every change, that each side's view (observer
// included) in each language, served from what the game's pages keep, is
// byte for byte the view built from nothing, and that the view over HTTP
// is that view.
func TestSharedViewsAreFresh(t *testing.T) {
	for game, steps := range map[string]int{"compass": 40, "wdf": 12} {
		t.Run(game, func(t *testing.T) {
			e := newEnv(t)
			ann := e.user("ann")
			g := ann.create(map[string]any{"game": game, "mode": "hotseat", "seed": 7})
			rng := rand.New(rand.NewPCG(7, 1))
			v := ann.view(g.ID, "")
			for step := 0; step < steps && !v.Over; step++ {
				v = playOrUndo(t, e, ann, g.ID, v, rng)
				checkSharedViews(t, e, g.ID)
			}
		})
	}
}

// TestViewsWhilePlaying: views are written without the game's lock
// (handleView), so pages reading a game, each sending back its log token,
// while it is played and undone read whole views (run with -race: what a
// view holds after the lock is its own or never changes).
func TestViewsWhilePlaying(t *testing.T) {
	e := newEnv(t)
	ann := e.user("ann")
	g := ann.create(map[string]any{"game": "compass", "mode": "hotseat", "seed": 3})
	done := make(chan struct{})
	var readers sync.WaitGroup
	for _, side := range []string{"allied", "italian", "observer"} {
		readers.Go(func() {
			token := ""
			for n := 0; ; n++ {
				select {
				case <-done:
					if n == 0 {
						t.Errorf("%s read no view", side)
					}
					return
				default:
				}
				resp, err := ann.c.Get(ann.base + "/api/games/" + g.ID + "?side=" + side + "&log=" + url.QueryEscape(token))
				if err != nil {
					t.Error(err)
					return
				}
				var v gameView
				err = json.NewDecoder(resp.Body).Decode(&v)
				resp.Body.Close()
				if err != nil || resp.StatusCode != http.StatusOK || v.ViewBody == nil || v.Side != side {
					t.Errorf("%s: %d %v %+v", side, resp.StatusCode, err, v)
					return
				}
				token = v.LogNext
			}
		})
	}
	rng := rand.New(rand.NewPCG(3, 1))
	v := ann.view(g.ID, "")
	for step := 0; step < 60 && !v.Over; step++ {
		v = playOrUndo(t, e, ann, g.ID, v, rng)
	}
	close(done)
	readers.Wait()
	checkSharedViews(t, e, g.ID)
}

// playOrUndo takes one step of hot-seat game id, whose view is v: an undo
// one time in four when a side may undo, else a random action of the side
// to decide. It waits for the work the step started and returns the
// game's view after it.
func playOrUndo(t *testing.T, e *env, ann *client, id string, v *gameView, rng *rand.Rand) *gameView {
	t.Helper()
	if len(v.UndoSides) > 0 && rng.IntN(4) == 0 {
		var nv gameView
		if code := ann.call("POST", "/api/games/"+id+"/undo", map[string]any{"side": v.UndoSides[0], "move": v.Move}, &nv); code != http.StatusOK {
			t.Fatalf("undo at %d: %d", v.Move, code)
		}
	} else {
		side := v.Active[0]
		sv := ann.view(id, "?side="+side)
		ann.mustAct(id, side, sv.Move, sv.Actions[rng.IntN(len(sv.Actions))].Action)
	}
	e.srv.Wait()
	return ann.view(id, "")
}

func checkSharedViews(t *testing.T, e *env, id string) {
	t.Helper()
	lv, err := e.srv.game(t.Context(), id)
	if err != nil {
		t.Fatal(err)
	}
	u, _ := e.st.UserByName(t.Context(), "ann")
	lv.mu.Lock()
	defer lv.mu.Unlock()
	sides := append(lv.sess.Game.SideNames(), "observer")
	for _, name := range sides {
		side := engine.Observer
		if name != "observer" {
			side, _ = engine.SideByName(lv.sess.Game, name)
		}
		for _, lang := range []string{"en", "it"} {
			// The first request in a state may have its body encoded
			// for it alone, the second has it kept (Server.body).
			shared, err := e.srv.view(t.Context(), lv, u.ID, side, lang)
			if err != nil {
				t.Fatal(err)
			}
			again, err := e.srv.view(t.Context(), lv, u.ID, side, lang)
			if err != nil {
				t.Fatal(err)
			}
			if again.pooled != nil {
				t.Fatalf("move %d, %s in %s: a body asked for twice is not kept", lv.sess.Move(), name, lang)
			}
			kept, held := lv.pages, e.srv.pageBytes.Load()
			lv.pages = pages{}
			fresh, err := e.srv.view(t.Context(), lv, u.ID, side, lang)
			lv.pages = kept
			e.srv.pageBytes.Store(held)
			if err != nil {
				t.Fatal(err)
			}
			a, b := shared.encode(), fresh.encode()
			if !bytes.Equal(a, b) {
				t.Fatalf("move %d, %s in %s: the shared view differs from a fresh one:\n%s\n%s", lv.sess.Move(), name, lang, a, b)
			}
			if a2 := again.encode(); !bytes.Equal(a2, b) {
				t.Fatalf("move %d, %s in %s: the kept view differs from a fresh one:\n%s\n%s", lv.sess.Move(), name, lang, a2, b)
			}
			var back gameView
			if err := json.Unmarshal(a, &back); err != nil || back.ViewBody == nil || back.Side != name || back.Move != lv.sess.Move() {
				t.Fatalf("the view does not decode as one (%v): %.300s", err, a)
			}
		}
	}
}

// TestViewCacheIsBounded: with a small bound on the views kept (and on
// the games in memory, so that games come and go), the bytes held stay
// under it, the games in memory's counts add up to the total, and the
// views served are still right.
func TestViewCacheIsBounded(t *testing.T) {
	e := newEnv(t)
	const bound = 60 << 10 // about two Compass views
	e.srv.cfg.ViewCacheBytes = bound
	e.srv.cfg.LiveGames = 4
	ann := e.user("ann")
	var ids []string
	for i := range 6 {
		ids = append(ids, ann.create(map[string]any{"game": "compass", "mode": "hotseat", "seed": i}).ID)
	}
	for round := range 3 {
		for _, id := range ids {
			for _, side := range []string{"allied", "italian"} {
				v := ann.view(id, "?side="+side)
				if v.Side != side || v.ViewBody == nil || v.View == nil {
					t.Fatalf("round %d: view of %s as %s: %+v", round, id, side, v)
				}
			}
			held := e.srv.pageBytes.Load()
			if held > bound {
				t.Fatalf("%d bytes of views kept, bound %d", held, bound)
			}
			e.srv.Wait()
			var sum int64
			e.srv.mu.Lock()
			games := slices.Collect(maps.Values(e.srv.live))
			e.srv.mu.Unlock()
			for _, lv := range games { // a game's lock is taken before the server's
				lv.mu.Lock()
				sum += lv.pages.bytes
				lv.mu.Unlock()
			}
			if sum != held {
				t.Fatalf("the games hold %d bytes of views, the count says %d", sum, held)
			}
		}
	}
	checkSharedViews(t, e, ids[0])
}

// TestMarshalIsEncodingJSON: the encoder of the views' bodies and log
// entries (marshal) gives encoding/json's bytes for every registered
// game's views, every side's and the observer's, in English and Italian,
// with the actions of the side to decide, along random games.
func TestMarshalIsEncodingJSON(t *testing.T) {
	// Players' names and chat reach the pages too: what encoding/json
	// escapes or replaces (HTML, line separators, invalid UTF-8, controls).
	for _, s := range []string{"\u2028\u2029", "\xff\xfe", "<script>&'\"", "\x00\x1f\x7f", "é€𝄞", "a\tb\nc\\"} {
		v := seatJSON{Side: s, Player: s}
		want, _ := json.Marshal(v)
		if got, err := marshal(v); err != nil || !bytes.Equal(got, want) {
			t.Errorf("%q: marshal gives %s (%v), encoding/json %s", s, got, err, want)
		}
	}
	for _, id := range engine.GameIDs() {
		t.Run(id, func(t *testing.T) {
			g, _ := engine.Lookup(id)
			sess, err := engine.NewSession(g, engine.Setup{Seed: 5})
			if err != nil {
				t.Fatal(err)
			}
			rng := rand.New(rand.NewPCG(5, 1))
			same := func(what string, v any) {
				t.Helper()
				want, err := json.Marshal(v)
				got, err2 := marshal(v)
				if err != nil || err2 != nil || !bytes.Equal(got, want) {
					t.Fatalf("move %d, %s: marshal gives (%v)\n%.400s\nencoding/json (%v)\n%.400s", sess.Move(), what, err2, got, err, want)
				}
				var out bytes.Buffer
				if err := marshalTo(&out, v); err != nil || !bytes.Equal(out.Bytes(), append(want, '\n')) {
					t.Fatalf("move %d, %s: marshalTo gives (%v)\n%.400s\nencoding/json\n%.400s", sess.Move(), what, err, out.Bytes(), want)
				}
			}
			for step := 0; step < 90 && !sess.State.Over(); step++ {
				if step%3 == 0 {
					for side := engine.Observer; int(side) < len(g.SideNames()); side++ {
						for _, lang := range []string{"en", "it"} {
							b := bodyOf(sess, side, lang)
							for _, a := range sess.State.Legal(side, nil) {
								b.Actions = append(b.Actions, actionJSON{Action: sess.State.EncodeAction(a), Label: sess.State.Describe(a, lang)})
							}
							same("body", b)
						}
						// A page's own fields around a live view's body,
						// and a replay's view, filled in.
						v := &gameView{ID: "g1", Game: id, Lang: "it", Status: "active", Result: "r", YourSides: []string{"a"},
							Seats: []seatJSON{{Side: "a", Player: "ann", You: true}, {Side: "b", AI: "normal"}}, UndoSides: []string{},
							Invites: []inviteJSON{{Side: "b", URL: "/join/g1?side=b&token=<t>&x"}}, Clock: &clockJSON{}, Interrupt: true}
						same("page", v)
						v.ViewBody = render(sess, side, "en")
						same("replay", v)
					}
					for _, e := range sess.Log {
						same("log", logEntry(sess, e, "it"))
					}
				}
				side := sess.State.Active().Sides()[0]
				legal := sess.State.Legal(side, nil)
				if err := sess.Apply(side, legal[rng.IntN(len(legal))]); err != nil {
					t.Fatal(err)
				}
			}
		})
	}
}

// TestLogSince plays random Compass and WDF games with undos and, after
// every change, has a page of each side (the observer's included) in each
// language send back the log token of the view it holds: the entries it is
// sent, joined to those it holds, are the whole log a page with no token
// gets, both for a view fetched and for an action's answer; entries are
// left out when the token still holds, and the whole log is sent after an
// undo changed the entries a token names. A malformed token is refused and
// changes nothing.
func TestLogSince(t *testing.T) {
	for game, steps := range map[string]int{"compass": 60, "wdf": 30} {
		t.Run(game, func(t *testing.T) {
			e := newEnv(t)
			ann := e.user("ann")
			g := ann.create(map[string]any{"game": game, "mode": "hotseat", "seed": 3})
			type page struct {
				log   []logJSON
				token string
			}
			pages := map[string]*page{}
			joined := func(p *page, v *gameView) []logJSON {
				t.Helper()
				if v.LogFrom > len(p.log) {
					t.Fatalf("log_from %d, the page holds %d entries", v.LogFrom, len(p.log))
				}
				if v.LogFrom == 0 {
					return v.Log
				}
				return append(slices.Clone(p.log[:v.LogFrom]), v.Log...)
			}
			deltas, whole := 0, 0
			rng := rand.New(rand.NewPCG(3, 1))
			v := ann.view(g.ID, "")
			for step := 0; step < steps && !v.Over; step++ {
				for _, side := range append(slices.Clone(v.Seats), seatJSON{Side: "observer"}) {
					for _, lang := range []string{"en", "it"} {
						q := "?side=" + side.Side + "&lang=" + lang
						p := pages[q]
						if p == nil {
							p = &page{}
							pages[q] = p
						}
						got := ann.view(g.ID, q+"&log="+url.QueryEscape(p.token))
						want := ann.view(g.ID, q)
						log := joined(p, got)
						if !reflect.DeepEqual(log, want.Log) || got.LogNext != want.LogNext || want.LogFrom != 0 {
							t.Fatalf("move %d, %s: with the token %q the page's log is %d entries (from %d), without %d", v.Move, q, p.token, len(log), got.LogFrom, len(want.Log))
						}
						if got.LogFrom > 0 {
							deltas++
						} else if p.token != "" {
							whole++
						}
						p.log, p.token = log, got.LogNext
					}
				}
				side := v.Active[0]
				p := pages["?side="+side+"&lang=en"]
				sv := ann.view(g.ID, "?side="+side)
				if len(sv.UndoSides) > 0 && rng.IntN(3) == 0 {
					var nv gameView
					if code := ann.call("POST", "/api/games/"+g.ID+"/undo", map[string]any{"side": sv.UndoSides[0], "move": sv.Move, "log": p.token}, &nv); code != http.StatusOK {
						t.Fatalf("undo at %d: %d", sv.Move, code)
					}
				} else {
					a := sv.Actions[rng.IntN(len(sv.Actions))].Action
					if code, msg := ann.errOf("POST", "/api/games/"+g.ID+"/actions", map[string]any{"side": side, "move": sv.Move, "action": a, "log": "12-xyz"}); code != http.StatusBadRequest || !strings.Contains(msg, "log token") {
						t.Fatalf("a malformed token: %d %s", code, msg)
					}
					var nv gameView
					if code := ann.call("POST", "/api/games/"+g.ID+"/actions", map[string]any{"side": side, "move": sv.Move, "action": a, "log": p.token}, &nv); code != http.StatusOK {
						t.Fatalf("%s at %d: %d", a, sv.Move, code)
					}
					if want := ann.view(g.ID, "?side="+side); !reflect.DeepEqual(joined(p, &nv), want.Log) {
						t.Fatalf("move %d: the action's answer joined to the page's log is not the log", sv.Move)
					}
				}
				e.srv.Wait()
				v = ann.view(g.ID, "")
			}
			if deltas == 0 || whole == 0 {
				t.Fatalf("%d views sent part of the log, %d the whole log after a token", deltas, whole)
			}
			for _, bad := range []string{"x", "3", "-1-ff", "2-zz", "1-" + strings.Repeat("f", 40)} {
				if code, _ := ann.errOf("GET", "/api/games/"+g.ID+"?log="+url.QueryEscape(bad), nil); code != http.StatusBadRequest {
					t.Errorf("token %q: %d", bad, code)
				}
			}
		})
	}
}
