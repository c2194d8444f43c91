package server

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"regexp"
	"strings"
	"time"

	"sandtable/internal/engine"
	"sandtable/internal/store"
)

// Provably fair dice. When a game is made the server draws 32 secret
// bytes and publishes their SHA-256, the commitment. Each player may add a
// contribution of his own (the browser draws it) when he makes or joins
// the game; the contributions close when the game begins (every seat
// taken), before any action and so before any die of play. The game's seed
// is the first 8 bytes, big-endian, of
//
//	SHA-256("sandtable-fair-v1\n" || secret || for each side in order: name ":" contribution "\n")
//
// The secret is revealed with the record when the game ends; anyone can
// then check the commitment, the seed and, replaying the record, every die
// (`sandtable verify FILE`, or the replay viewer's button). See
// docs/server.md for what this proves and what it does not.
const fairScheme = "sandtable-fair-v1"

// contributionRE is what a contribution may be: up to 128 letters, digits,
// '-' or '_' (the browser sends 64 hex digits).
var contributionRE = regexp.MustCompile(`^[A-Za-z0-9_-]{1,128}$`)

// newFair draws a secret and its commitment.
func newFair() *store.Fair {
	secret := randomBytes(32)
	return &store.Fair{Secret: hex.EncodeToString(secret), Commitment: commitment(secret)}
}

func commitment(secret []byte) string {
	sum := sha256.Sum256(secret)
	return hex.EncodeToString(sum[:])
}

// FairSeed derives a game's seed from the secret (hex) and the
// contributions by side name, in the order of sides.
func FairSeed(secretHex string, sides []string, contributions map[string]string) (uint64, error) {
	secret, err := hex.DecodeString(secretHex)
	if err != nil || len(secret) == 0 {
		return 0, fmt.Errorf("the secret is not hex")
	}
	h := sha256.New()
	io.WriteString(h, fairScheme+"\n")
	h.Write(secret)
	for _, side := range sides {
		io.WriteString(h, side+":"+contributions[side]+"\n")
	}
	return binary.BigEndian.Uint64(h.Sum(nil)[:8]), nil
}

// seatsFull reports whether every seat is held.
func seatsFull(seats []store.Seat) bool {
	for _, st := range seats {
		if st.UserID == 0 && st.AI == "" {
			return false
		}
	}
	return true
}

// reseed sets g's seed from its fair-dice material, and closes the
// contributions when every seat is held (the game begins).
func reseed(g *store.Game, sides []string) error {
	seed, err := FairSeed(g.Fair.Secret, sides, g.Fair.Contributions)
	if err != nil {
		return err
	}
	g.Setup.Seed = seed
	g.Fair.Closed = seatsFull(g.Seats)
	return nil
}

// contribute adds a side's contribution to g's fair dice (before the game
// begins; an empty one adds nothing).
func contribute(g *store.Game, side, entropy string) error {
	if entropy == "" || g.Fair == nil {
		return nil
	}
	if !contributionRE.MatchString(entropy) {
		return errf(http.StatusBadRequest, "a contribution to the dice is 1 to 128 letters, digits, '-' or '_'")
	}
	if g.Fair.Closed {
		return errf(http.StatusConflict, "the game has begun: its dice are fixed")
	}
	if g.Fair.Contributions == nil {
		g.Fair.Contributions = map[string]string{}
	}
	g.Fair.Contributions[side] = entropy
	return nil
}

// fairJSON is the fair-dice material in views and record files: the secret
// only once the game is over.
type fairJSON struct {
	Scheme        string            `json:"scheme"`
	Commitment    string            `json:"commitment"`
	Contributions map[string]string `json:"contributions"`
	Closed        bool              `json:"closed"`
	Secret        string            `json:"secret,omitempty"`
}

func fairOf(f *store.Fair, over bool) *fairJSON {
	if f == nil {
		return nil
	}
	out := &fairJSON{Scheme: fairScheme, Commitment: f.Commitment, Contributions: f.Contributions, Closed: f.Closed}
	if out.Contributions == nil {
		out.Contributions = map[string]string{}
	}
	if over {
		out.Secret = f.Secret
	}
	return out
}

// recordFile is a record as exported: the engine's record and, for a game
// with fair dice, their material.
type recordFile struct {
	engine.Record
	Fair *fairJSON `json:"fair,omitempty"`
}

func (f recordFile) encode() []byte {
	b, err := json.MarshalIndent(f, "", " ")
	if err != nil {
		panic(err) // strings and numbers only
	}
	return append(b, '\n')
}

// A commitment drawn for a user before he makes a game (so that his
// contribution comes after it) is kept in the store, one per user, for at
// most pendingAge: any process sharing the store may take it.
const pendingAge = time.Hour

// handleCommitment draws the commitment of the user's next game, so that
// the contribution he sends with it comes after the commitment.
func (s *Server) handleCommitment(w http.ResponseWriter, r *http.Request) {
	u, err := s.mustActEmpty(w, r)
	if err != nil {
		writeError(w, err)
		return
	}
	f := newFair()
	if err := s.st.SetPendingFair(r.Context(), u.ID, *f, s.cfg.Now()); err != nil {
		writeError(w, err)
		return
	}
	writeJSON(w, http.StatusOK, map[string]string{"scheme": fairScheme, "commitment": f.Commitment})
}

// Check is one finding of VerifyRecord.
type Check struct {
	What string `json:"what"`
	OK   bool   `json:"ok"`
	Note string `json:"note,omitempty"`
}

// VerifyRecord checks a record file's fair dice: the secret against the
// commitment, the seed against the secret and the contributions, and every
// action and state hash (so every die) by replaying the record. It reports
// each check; ok is true when all passed.
func VerifyRecord(data []byte) (checks []Check, ok bool) {
	var f recordFile
	dec := json.NewDecoder(bytes.NewReader(data))
	if err := dec.Decode(&f); err != nil || f.Game == "" {
		return []Check{{What: "the file is a record", Note: fmt.Sprint("not a record file: ", err)}}, false
	}
	add := func(what string, good bool, note string) {
		checks = append(checks, Check{What: what, OK: good, Note: note})
	}
	g, err := engine.Lookup(f.Game)
	if err != nil {
		add("the game is known", false, err.Error())
		return checks, false
	}
	switch {
	case f.Fair == nil:
		add("the dice have a commitment", false, "the record has none: its seed was chosen, or the game is older than fair dice")
	case f.Fair.Secret == "":
		add("the secret is revealed", false, "the game is not over: the secret is revealed when it ends")
	default:
		secret, err := hex.DecodeString(f.Fair.Secret)
		good := err == nil && commitment(secret) == f.Fair.Commitment
		add("the secret matches the commitment "+f.Fair.Commitment, good, "")
		seed, err := FairSeed(f.Fair.Secret, g.SideNames(), f.Fair.Contributions)
		var contrib []string
		for _, side := range g.SideNames() {
			if c := f.Fair.Contributions[side]; c != "" {
				contrib = append(contrib, side+" "+c)
			}
		}
		if contrib == nil {
			contrib = []string{"none"}
		}
		add(fmt.Sprintf("the seed %d comes from the secret and the players' contributions (%s)", f.Setup.Seed, strings.Join(contrib, ", ")),
			err == nil && seed == f.Setup.Seed, fmt.Sprintf("they give %d", seed))
	}
	_, err = engine.Replay(f.Record)
	note := ""
	if err != nil {
		note = err.Error()
	}
	add(fmt.Sprintf("every one of the %d actions, and every die, replays from that seed to the recorded states", len(f.Actions)), err == nil, note)
	ok = true
	for _, c := range checks {
		ok = ok && c.OK
	}
	return checks, ok
}

// handleVerify checks a record file's fair dice (the replay viewer's
// button), within the client's replay budget.
func (s *Server) handleVerify(w http.ResponseWriter, r *http.Request) {
	if ok, wait := s.limiter.allow("replay-ip:"+s.clientIP(r), replayPerIP, loginPeriod); !ok {
		writeError(w, errf(http.StatusTooManyRequests, "too many replays; try again in %d seconds", int(wait.Seconds())+1))
		return
	}
	data, err := io.ReadAll(http.MaxBytesReader(w, r.Body, maxBody))
	if err != nil {
		writeError(w, errf(http.StatusBadRequest, "%v", err))
		return
	}
	var out struct {
		OK     bool    `json:"ok"`
		Checks []Check `json:"checks"`
	}
	err = s.replayWork(r, func() error {
		out.Checks, out.OK = VerifyRecord(data)
		return nil
	})
	if err != nil {
		writeError(w, err)
		return
	}
	writeJSON(w, http.StatusOK, out)
}

// settleSeed brings a game whose seats are all taken but whose
// contributions are not closed (a join that stopped half-way) to its
// final seed. The caller locks lv.mu.
func (s *Server) settleSeed(ctx context.Context, lv *live) error {
	f := lv.g.Fair
	if f == nil || f.Closed || !seatsFull(lv.g.Seats) || lv.sess.Move() > 0 {
		return nil
	}
	return s.reseedLive(ctx, lv)
}

// reseedLive derives lv's seed again from its contributions, stores the
// setup and rebuilds the game from it (before its first action). The
// caller locks lv.mu.
func (s *Server) reseedLive(ctx context.Context, lv *live) error {
	g := lv.g
	fair := *g.Fair
	g.Fair = &fair
	if err := reseed(&g, lv.sess.Game.SideNames()); err != nil {
		return err
	}
	sess, err := engine.NewSession(lv.sess.Game, g.Setup)
	if err != nil {
		return err
	}
	p := progress(sess)
	if lv.g.Status == store.StatusOver { // resigned while waiting
		p = store.Progress{Status: lv.g.Status, Result: lv.g.Result}
	}
	if err := s.st.SetSetup(ctx, g.ID, g.Setup, g.Fair, p); err != nil {
		return err
	}
	g.Active = p.Active
	lv.g, lv.sess = g, sess
	s.makePlayers(lv)
	return nil
}
