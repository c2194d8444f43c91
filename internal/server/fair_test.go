package server

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"net/http"
	"strconv"
	"strings"
	"testing"
)

// commit asks the server for the commitment of c's next game.
func (c *client) commit() string {
	c.t.Helper()
	var out struct{ Commitment string }
	if code := c.call("POST", "/api/commitment", map[string]any{}, &out); code != http.StatusOK || len(out.Commitment) != 64 {
		c.t.Fatalf("commitment: %d %q", code, out.Commitment)
	}
	return out.Commitment
}

// TestFairSeed: the seed depends on the secret and on every contribution,
// in side order, and the commitment is the secret's SHA-256.
func TestFairSeed(t *testing.T) {
	f := newFair()
	secret, _ := hex.DecodeString(f.Secret)
	if sum := sha256.Sum256(secret); hex.EncodeToString(sum[:]) != f.Commitment {
		t.Fatal("the commitment is not the secret's SHA-256")
	}
	sides := []string{"north", "south"}
	base, _ := FairSeed(f.Secret, sides, map[string]string{"north": "a", "south": "b"})
	for _, other := range []map[string]string{{"north": "a", "south": "c"}, {"north": "b", "south": "a"}, {"north": "a"}, {}} {
		if s, _ := FairSeed(f.Secret, sides, other); s == base {
			t.Errorf("contributions %v give the same seed as north a, south b", other)
		}
	}
	if s, _ := FairSeed(newFair().Secret, sides, map[string]string{"north": "a", "south": "b"}); s == base {
		t.Error("another secret gives the same seed")
	}
	if again, _ := FairSeed(f.Secret, sides, map[string]string{"north": "a", "south": "b"}); again != base {
		t.Error("the seed is not a function of its inputs")
	}
}

// TestFairDiceBetweenPlayers: an invitation game's commitment is published
// when it is made; both players contribute; the seed comes from the
// secret and both contributions; nothing any of them or a stranger
// receives before the end holds the secret or the seed; at the end the
// record reveals the secret and verifies, and a tampered one does not.
func TestFairDiceBetweenPlayers(t *testing.T) {
	e := newEnv(t)
	ann, bob := e.user("ann"), e.user("bob")
	c := ann.commit()
	g := ann.create(map[string]any{"game": "toy", "mode": "invite", "side": "north", "commitment": c, "entropy": "ann-entropy"})
	if g.Fair == nil || g.Fair.Commitment != c || g.Fair.Contributions["north"] != "ann-entropy" || g.Fair.Secret != "" || g.Fair.Closed {
		t.Fatalf("fair dice of the new game: %+v", g.Fair)
	}
	// The commitment is used once.
	if code, _ := ann.errOf("POST", "/api/games", map[string]any{"game": "toy", "mode": "hotseat", "commitment": c}); code != http.StatusConflict {
		t.Fatalf("a commitment used twice: %d", code)
	}
	if code, _ := bob.errOf("POST", "/api/games/"+g.ID+"/join", map[string]any{"side": "south", "token": inviteToken(g), "entropy": "bad entropy!"}); code != http.StatusBadRequest {
		t.Fatalf("a malformed contribution: %d", code)
	}
	if code := bob.call("POST", "/api/games/"+g.ID+"/join", map[string]any{"side": "south", "token": inviteToken(g), "entropy": "bob-entropy"}, nil); code != http.StatusOK {
		t.Fatalf("join: %d", code)
	}
	stored, err := e.st.Game(t.Context(), g.ID)
	if err != nil {
		t.Fatal(err)
	}
	want, _ := FairSeed(stored.Fair.Secret, []string{"north", "south"}, map[string]string{"north": "ann-entropy", "south": "bob-entropy"})
	if stored.Setup.Seed != want || !stored.Fair.Closed || stored.Fair.Commitment != c {
		t.Fatalf("stored seed %d, want %d; fair %+v", stored.Setup.Seed, want, stored.Fair)
	}
	secret, seed := stored.Fair.Secret, strconv.FormatUint(stored.Setup.Seed, 10)
	leaks := func(who string, body []byte) {
		t.Helper()
		if strings.Contains(string(body), secret) || strings.Contains(string(body), seed) {
			t.Fatalf("%s received the secret or the seed before the end: %s", who, body)
		}
	}
	stranger := e.user("carl")
	for _, move := range []string{"roll", "take 3", "take 3"} {
		v := ann.view(g.ID, "")
		side := v.Active[0]
		p := map[string]*client{"north": ann, "south": bob}[side]
		p.mustAct(g.ID, side, v.Move, move)
		for name, cl := range map[string]*client{"ann": ann, "bob": bob, "carl": stranger, "anonymous": e.anon()} {
			for _, path := range []string{"/api/games/" + g.ID, "/api/games/" + g.ID + "/replay?turns=1", "/api/games/" + g.ID + "/record", "/api/games", "/api/games/open"} {
				_, body := cl.raw("GET", path, nil, nil)
				leaks(name+" "+path, body)
			}
		}
	}
	if code := ann.call("POST", "/api/games/"+g.ID+"/resign", map[string]any{"side": "north"}, nil); code != http.StatusOK {
		t.Fatalf("resign: %d", code)
	}
	if v := bob.view(g.ID, ""); v.Fair == nil || v.Fair.Secret != secret {
		t.Fatalf("the secret is not revealed at the end: %+v", v.Fair)
	}
	code, file := e.anon().raw("GET", "/api/games/"+g.ID+"/record", nil, nil)
	if code != http.StatusOK {
		t.Fatalf("record: %d", code)
	}
	if checks, ok := VerifyRecord(file); !ok || len(checks) != 3 {
		t.Fatalf("the record does not verify: %+v", checks)
	}
	// The viewer's button: the same checks by the server.
	var out struct {
		OK     bool
		Checks []Check
	}
	if code := e.anon().call("POST", "/api/verify", json.RawMessage(file), &out); code != http.StatusOK || !out.OK {
		t.Fatalf("POST /api/verify: %d %+v", code, out)
	}
	// The record opens in the replay viewer with its fair dice.
	if code, body := e.anon().raw("POST", "/api/replay?at=1", file, nil); code != http.StatusOK {
		t.Fatalf("replay of the record file: %d %s", code, body)
	}
	for name, tamper := range map[string]func(*recordFile){
		"contribution": func(f *recordFile) { f.Fair.Contributions["south"] = "mallory" },
		"secret":       func(f *recordFile) { f.Fair.Secret = newFair().Secret },
		"seed":         func(f *recordFile) { f.Setup.Seed++ },
		"no secret":    func(f *recordFile) { f.Fair.Secret = "" },
		"no fair dice": func(f *recordFile) { f.Fair = nil },
	} {
		var f recordFile
		json.Unmarshal(file, &f)
		tamper(&f)
		if checks, ok := VerifyRecord(f.encode()); ok {
			t.Errorf("tampered %s verifies: %+v", name, checks)
		}
	}
}

// TestFairDiceAgainstTheComputer: the creator's contribution comes after
// the commitment he asked for; the game begins at once with its final seed.
func TestFairDiceAgainstTheComputer(t *testing.T) {
	e := newEnv(t)
	g := e.guest()
	c := g.commit()
	v := g.create(map[string]any{"game": "toy", "mode": "computer", "side": "south", "computer": "testfirst", "commitment": c, "entropy": "0123abcd"})
	e.srv.Wait()
	if v.Fair == nil || !v.Fair.Closed || v.Fair.Contributions["south"] != "0123abcd" {
		t.Fatalf("fair dice: %+v", v.Fair)
	}
	stored, _ := e.st.Game(t.Context(), v.ID)
	if want, _ := FairSeed(stored.Fair.Secret, []string{"north", "south"}, map[string]string{"south": "0123abcd"}); stored.Setup.Seed != want {
		t.Fatalf("seed %d, want %d", stored.Setup.Seed, want)
	}
	// Someone else's commitment is not one's own.
	other := e.guest().commit()
	if code, _ := g.errOf("POST", "/api/games", map[string]any{"game": "toy", "mode": "hotseat", "commitment": other}); code != http.StatusConflict {
		t.Fatalf("another user's commitment: %d", code)
	}
	if code, _ := g.errOf("POST", "/api/games", map[string]any{"game": "toy", "mode": "hotseat", "seed": 3, "entropy": "abc"}); code != http.StatusBadRequest {
		t.Fatalf("a contribution to a chosen seed: %d", code)
	}
}
