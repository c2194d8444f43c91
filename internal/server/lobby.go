package server

import (
	"context"
	"encoding/hex"
	"errors"
	"maps"
	"net/http"

	"sandtable/internal/ai"
	"sandtable/internal/engine"
	"sandtable/internal/kit/words"
	"sandtable/internal/store"
)

type gameMeta struct {
	ID        string   `json:"id"`
	Title     string   `json:"title"`
	Sides     []string `json:"sides"`
	Scenarios []string `json:"scenarios"`
}

func (s *Server) handleMeta(w http.ResponseWriter, r *http.Request) {
	out := struct {
		Games     []gameMeta `json:"games"`
		Computers []string   `json:"computers"`
		Langs     []string   `json:"langs"`
	}{Games: []gameMeta{}, Computers: ai.Names(), Langs: words.Langs()}
	if out.Computers == nil {
		out.Computers = []string{}
	}
	for _, id := range engine.GameIDs() {
		g, _ := engine.Lookup(id)
		out.Games = append(out.Games, gameMeta{ID: id, Title: g.Title(), Sides: g.SideNames(), Scenarios: g.Scenarios()})
	}
	writeJSON(w, http.StatusOK, out)
}

// Ways to play a new game.
const (
	modeComputer = "computer" // you against the computer
	modeInvite   = "invite"   // you against a player you invite by link
	modeHotseat  = "hotseat"  // every side at one screen
	modeOpen     = "open"     // you against whoever takes the seat in the lobby
)

type createRequest struct {
	Game     string            `json:"game"`
	Scenario string            `json:"scenario"`
	Lang     string            `json:"lang"`
	Options  map[string]string `json:"options"`
	Seed     *uint64           `json:"seed"` // random when absent
	Mode     string            `json:"mode"`
	Side     string            `json:"side"` // yours, for computer and invite
	Computer string            `json:"computer"`
	Pace     string            `json:"pace"` // time control for invite games: live, fast or slow
	// Commitment names the fair-dice commitment drawn for this game
	// (POST /api/commitment); Entropy is the creator's contribution.
	Commitment string `json:"commitment"`
	Entropy    string `json:"entropy"`
}

func newID() string { return hex.EncodeToString(randomBytes(6)) }

func (s *Server) handleCreate(w http.ResponseWriter, r *http.Request) {
	u, err := s.mustAct(r)
	if err != nil {
		writeError(w, err)
		return
	}
	var req createRequest
	if err := decode(w, r, &req); err != nil {
		writeError(w, err)
		return
	}
	g, err := s.newGame(r.Context(), u.User, req, "")
	if err != nil {
		writeError(w, err)
		return
	}
	s.respondGame(w, r, g.ID, u.ID, http.StatusCreated)
}

// newGame checks req, stores the game and starts the computer if it
// moves first.
func (s *Server) newGame(ctx context.Context, u store.User, req createRequest, rematchOf string) (store.Game, error) {
	eg, err := engine.Lookup(req.Game)
	if err != nil {
		return store.Game{}, errf(http.StatusBadRequest, "%v", err)
	}
	if req.Lang == "" {
		req.Lang = "en"
	}
	if err := checkLang(req.Lang); err != nil {
		return store.Game{}, err
	}
	if req.Scenario == "" {
		req.Scenario = eg.Scenarios()[0]
	}
	if req.Seed != nil && req.Mode != modeHotseat && req.Mode != modeComputer {
		// Whoever knows the seed knows every die to come and, replaying the
		// public actions with it, the other side's secrets.
		return store.Game{}, errf(http.StatusBadRequest, "a seed may be chosen only in hot-seat games and against the computer, where no other person plays")
	}
	setup := engine.Setup{Scenario: req.Scenario, Options: req.Options}
	if req.Seed != nil {
		setup.Seed = *req.Seed
	}
	if _, err := eg.New(setup); err != nil {
		return store.Game{}, errf(http.StatusBadRequest, "%v", err)
	}
	g := store.Game{ID: newID(), Game: eg.ID(), Setup: setup, Lang: req.Lang, Owner: u.ID, RematchOf: rematchOf, Status: store.StatusActive}
	sides := eg.SideNames()
	if req.Mode != modeHotseat && req.Mode != modeComputer && req.Mode != modeInvite && req.Mode != modeOpen {
		return store.Game{}, errf(http.StatusBadRequest, "mode is %q, %q, %q or %q", modeComputer, modeInvite, modeOpen, modeHotseat)
	}
	if err := checkPace(req.Pace, req.Mode); err != nil {
		return store.Game{}, err
	}
	g.Pace, g.Clock = req.Pace, newClock(req.Pace, len(eg.SideNames()), false, s.nowMS())
	var mine engine.Side
	if req.Mode != modeHotseat {
		if mine, err = engine.SideByName(eg, req.Side); err != nil {
			return store.Game{}, errf(http.StatusBadRequest, "%v", err)
		}
	}
	switch req.Mode {
	case modeHotseat:
		for i := range sides {
			g.Seats = append(g.Seats, store.Seat{Side: engine.Side(i), UserID: u.ID})
		}
	case modeComputer:
		if err := checkLevel(req.Computer); err != nil {
			return store.Game{}, err
		}
		for i := range sides {
			seat := store.Seat{Side: engine.Side(i), AI: req.Computer}
			if engine.Side(i) == mine {
				seat = store.Seat{Side: mine, UserID: u.ID}
			}
			g.Seats = append(g.Seats, seat)
		}
	case modeInvite, modeOpen:
		if u.Guest {
			return store.Game{}, errf(http.StatusForbidden, "guests play at one screen or against the computer; register to invite a player")
		}
		for i := range sides {
			seat := store.Seat{Side: engine.Side(i), Invite: randomToken()}
			if req.Mode == modeOpen {
				seat.Invite = store.OpenSeat
			}
			if engine.Side(i) == mine {
				seat = store.Seat{Side: mine, UserID: u.ID}
			}
			g.Seats = append(g.Seats, seat)
		}
	default:
		return store.Game{}, errf(http.StatusBadRequest, "mode is %q, %q or %q", modeComputer, modeInvite, modeHotseat)
	}
	if req.Seed == nil {
		// Fair dice: the commitment drawn for this game, or a new one.
		if req.Commitment != "" {
			if g.Fair, err = s.st.TakePendingFair(ctx, u.ID, req.Commitment, s.cfg.Now().Add(-pendingAge)); err != nil {
				return store.Game{}, err
			} else if g.Fair == nil {
				return store.Game{}, errf(http.StatusConflict, "the dice commitment %q was not drawn for you or has expired; ask for another", req.Commitment)
			}
		} else {
			g.Fair = newFair()
		}
		// The creator's contribution counts for his side (the first in a
		// hot-seat game).
		if err := contribute(&g, sides[mine], req.Entropy); err != nil {
			return store.Game{}, err
		}
		if err := reseed(&g, sides); err != nil {
			return store.Game{}, err
		}
	} else if req.Entropy != "" || req.Commitment != "" {
		return store.Game{}, errf(http.StatusBadRequest, "a game with a chosen seed has no fair dice to contribute to")
	}
	st, err := eg.New(g.Setup)
	if err != nil {
		return store.Game{}, errf(http.StatusBadRequest, "%v", err)
	}
	g.Active = engine.Deciding(st)
	if st.Over() {
		g.Status = store.StatusOver
	}
	if err := s.checkGamesOf(ctx, u); err != nil {
		return store.Game{}, err
	}
	if err := s.st.CreateGame(ctx, g); err != nil {
		return store.Game{}, err
	}
	lv, err := s.game(ctx, g.ID)
	if err != nil {
		return store.Game{}, err
	}
	s.afterChange(lv, u.ID)
	return g, nil
}

// respondGame answers with the user's view of game id.
func (s *Server) respondGame(w http.ResponseWriter, r *http.Request, id string, userID int64, status int) {
	lv, err := s.game(r.Context(), id)
	if err != nil {
		writeError(w, err)
		return
	}
	lv.mu.Lock()
	defer lv.mu.Unlock()
	side, err := lv.sideFor(userID, "")
	if err != nil {
		writeError(w, err)
		return
	}
	v, err := s.view(r.Context(), lv, userID, side, lv.g.Lang)
	if err != nil {
		writeError(w, err)
		return
	}
	writeJSON(w, status, v)
}

// listEntry is one line of "my games".
type listEntry struct {
	ID        string     `json:"id"`
	Game      string     `json:"game"`
	Title     string     `json:"title"`
	Scenario  string     `json:"scenario"`
	Move      int        `json:"move"`
	Status    string     `json:"status"`
	Result    string     `json:"result,omitempty"`
	Active    []string   `json:"active"`
	YourTurn  bool       `json:"your_turn"`
	Seats     []seatJSON `json:"seats"`
	Updated   int64      `json:"updated"` // Unix milliseconds
	RematchOf string     `json:"rematch_of,omitempty"`
}

func (s *Server) handleList(w http.ResponseWriter, r *http.Request) {
	u, ok, err := s.who(r)
	if err != nil {
		writeError(w, err)
		return
	}
	if !ok {
		writeError(w, errf(http.StatusUnauthorized, "log in to see your games"))
		return
	}
	games, err := s.st.GamesOf(r.Context(), u.ID)
	if err != nil {
		writeError(w, err)
		return
	}
	out, err := s.entries(r.Context(), games, u.ID)
	if err != nil {
		writeError(w, err)
		return
	}
	writeJSON(w, http.StatusOK, out)
}

// entries makes the lobby lines of games for the user.
func (s *Server) entries(ctx context.Context, games []store.Game, userID int64) ([]listEntry, error) {
	names := map[int64]string{}
	out := []listEntry{}
	for _, g := range games {
		eg, err := engine.Lookup(g.Game)
		if err != nil {
			continue // a game this binary does not have
		}
		sides := eg.SideNames()
		e := listEntry{ID: g.ID, Game: g.Game, Title: eg.Title(), Scenario: g.Setup.Scenario, Move: g.Shown,
			Status: g.Status, Result: g.Result, Active: []string{}, Updated: g.Updated.UnixMilli(), RematchOf: g.RematchOf}
		for _, st := range g.Seats {
			sj := seatJSON{Side: sides[st.Side], AI: st.AI, Open: st.UserID == 0 && st.AI == "", Public: st.Invite == store.OpenSeat, You: userID != 0 && st.UserID == userID}
			if st.UserID != 0 {
				if _, ok := names[st.UserID]; !ok {
					pu, err := s.st.UserByID(ctx, st.UserID)
					if err != nil {
						return nil, err
					}
					names[st.UserID] = pu.Name
				}
				sj.Player = names[st.UserID]
			}
			e.Seats = append(e.Seats, sj)
			if g.Status == store.StatusActive && g.Active.Has(st.Side) {
				e.Active = append(e.Active, sj.Side)
				if sj.You {
					e.YourTurn = true
				}
			}
		}
		out = append(out, e)
	}
	return out, nil
}

// handleOpen lists the games with a seat anyone may take.
func (s *Server) handleOpen(w http.ResponseWriter, r *http.Request) {
	u, _, err := s.who(r)
	if err != nil {
		writeError(w, err)
		return
	}
	games, err := s.st.OpenGames(r.Context())
	if err != nil {
		writeError(w, err)
		return
	}
	out, err := s.entries(r.Context(), games, u.ID)
	if err != nil {
		writeError(w, err)
		return
	}
	writeJSON(w, http.StatusOK, out)
}

func (s *Server) handleJoin(w http.ResponseWriter, r *http.Request) {
	u, err := s.mustAct(r)
	if err != nil {
		writeError(w, err)
		return
	}
	var req struct {
		Side    string `json:"side"`
		Token   string `json:"token"`
		Entropy string `json:"entropy"` // the joiner's contribution to the dice
	}
	if err := decode(w, r, &req); err != nil {
		writeError(w, err)
		return
	}
	if u.Guest {
		writeError(w, errf(http.StatusForbidden, "guests play at one screen or against the computer; register to accept an invitation"))
		return
	}
	lv, err := s.game(r.Context(), r.PathValue("id"))
	if err != nil {
		writeError(w, err)
		return
	}
	lv.mu.Lock()
	side, err := engine.SideByName(lv.sess.Game, req.Side)
	if err != nil {
		lv.mu.Unlock()
		writeError(w, errf(http.StatusBadRequest, "%v", err))
		return
	}
	if len(lv.sidesOf(u.ID)) > 0 {
		lv.mu.Unlock()
		writeError(w, errf(http.StatusConflict, "you already play in this game"))
		return
	}
	if req.Entropy != "" && !contributionRE.MatchString(req.Entropy) {
		lv.mu.Unlock()
		writeError(w, errf(http.StatusBadRequest, "a contribution to the dice is 1 to 128 letters, digits, '-' or '_'"))
		return
	}
	err = s.st.ClaimSeat(r.Context(), lv.g.ID, side, req.Token, u.ID)
	switch {
	case errors.Is(err, store.ErrNotFound):
		err = errf(http.StatusForbidden, "this invitation is not valid")
	case errors.Is(err, store.ErrConflict):
		err = errf(http.StatusConflict, "%s is already taken", req.Side)
	}
	if err != nil {
		lv.mu.Unlock()
		writeError(w, err)
		return
	}
	for i := range lv.g.Seats {
		if lv.g.Seats[i].Side == side {
			lv.g.Seats[i].UserID, lv.g.Seats[i].Invite = u.ID, ""
		}
	}
	if lv.g.Fair != nil && !lv.g.Fair.Closed && lv.sess.Move() == 0 {
		// The joiner's contribution, and when this seat was the last the
		// game's final seed: the game begins.
		fair := *lv.g.Fair
		fair.Contributions = maps.Clone(fair.Contributions)
		lv.g.Fair = &fair
		contribute(&lv.g, lv.sess.SideName(side), req.Entropy)
		if err := s.reseedLive(r.Context(), lv); err != nil {
			lv.mu.Unlock()
			writeError(w, err)
			return
		}
	}
	if lv.g.Pace != "" && lv.full() && lv.g.Clock.Since == 0 && !lv.over() {
		// The last seat is taken: the clocks start.
		c := lv.g.Clock
		c.Since = s.nowMS()
		p := store.Progress{Active: lv.g.Active, Status: lv.g.Status, Result: lv.g.Result, Clock: &c}
		if err := s.st.SetProgress(r.Context(), lv.g.ID, lv.sess.Move(), p); err != nil {
			lv.mu.Unlock()
			writeError(w, err)
			return
		}
		lv.g.Clock = c
	}
	lv.mu.Unlock()
	s.afterChange(lv, u.ID)
	s.respondGame(w, r, lv.g.ID, u.ID, http.StatusOK)
}

func (s *Server) handleResign(w http.ResponseWriter, r *http.Request) {
	u, err := s.mustAct(r)
	if err != nil {
		writeError(w, err)
		return
	}
	var req moveRequest
	if err := decode(w, r, &req); err != nil {
		writeError(w, err)
		return
	}
	lv, err := s.game(r.Context(), r.PathValue("id"))
	if err != nil {
		writeError(w, err)
		return
	}
	lv.mu.Lock()
	defer lv.mu.Unlock()
	if req.Move == nil { // resigning needs no move number
		m := lv.sess.Shown()
		req.Move = &m
	}
	side, lang, err := s.prepare(r.Context(), lv, u, req)
	if err != nil {
		writeError(w, err)
		return
	}
	p := store.Progress{Status: store.StatusOver, Result: req.Side + " resigned"}
	if lv.g.Pace != "" {
		c := lv.settled(s.nowMS())
		c.Since = 0
		p.Clock = &c
	}
	if err := s.st.SetProgress(r.Context(), lv.g.ID, lv.sess.Move(), p); err != nil {
		writeError(w, err)
		return
	}
	lv.g.Active, lv.g.Status, lv.g.Result = 0, p.Status, p.Result
	if p.Clock != nil {
		lv.g.Clock = *p.Clock
	}
	v, err := s.view(r.Context(), lv, u.ID, side, lang)
	if err != nil {
		writeError(w, err)
		return
	}
	v.logSince(req.Log) // checked by prepare
	s.afterChange(lv, u.ID)
	writeJSON(w, http.StatusOK, v)
}

// handleRematch starts a new game with the same players, each on the side
// the next player had (so two sides swap), or returns the rematch already
// started.
func (s *Server) handleRematch(w http.ResponseWriter, r *http.Request) {
	u, err := s.mustActEmpty(w, r)
	if err != nil {
		writeError(w, err)
		return
	}
	lv, err := s.game(r.Context(), r.PathValue("id"))
	if err != nil {
		writeError(w, err)
		return
	}
	g, existing, err := s.rematch(r.Context(), lv, u.ID)
	if err != nil {
		writeError(w, err)
		return
	}
	if existing {
		s.respondGame(w, r, g.ID, u.ID, http.StatusOK)
		return
	}
	if err := s.checkGamesOf(r.Context(), u.User); err != nil {
		writeError(w, err)
		return
	}
	if err := s.st.CreateGame(r.Context(), g); err != nil {
		writeError(w, err)
		return
	}
	nlv, err := s.game(r.Context(), g.ID)
	if err != nil {
		writeError(w, err)
		return
	}
	s.afterChange(nlv, u.ID)
	s.respondGame(w, r, g.ID, u.ID, http.StatusCreated)
}

// rematch returns the rematch of lv already started (existing), or a new
// one to store.
func (s *Server) rematch(ctx context.Context, lv *live, userID int64) (g store.Game, existing bool, err error) {
	lv.mu.Lock()
	defer lv.mu.Unlock()
	if len(lv.sidesOf(userID)) == 0 {
		return g, false, errf(http.StatusForbidden, "only the players can ask for a rematch")
	}
	if !lv.over() {
		return g, false, errf(http.StatusConflict, "the game is not over")
	}
	mine, err := s.st.GamesOf(ctx, userID)
	if err != nil {
		return g, false, err
	}
	for _, m := range mine {
		if m.RematchOf == lv.g.ID {
			return m, true, nil
		}
	}
	old := lv.g
	setup := engine.Setup{Scenario: old.Setup.Scenario, Options: old.Setup.Options}
	g = store.Game{ID: newID(), Game: old.Game, Setup: setup, Lang: old.Lang, Owner: userID, RematchOf: old.ID, Status: store.StatusActive, Fair: newFair()}
	n := len(old.Seats)
	for i, seat := range old.Seats {
		next := old.Seats[(i+1)%n]
		next.Side = seat.Side
		if next.UserID == 0 && next.AI == "" {
			next.Invite = randomToken()
		}
		g.Seats = append(g.Seats, next)
	}
	full := true
	for _, seat := range g.Seats {
		full = full && (seat.UserID != 0 || seat.AI != "")
	}
	g.Pace, g.Clock = old.Pace, newClock(old.Pace, n, full, s.nowMS())
	if err := reseed(&g, lv.sess.Game.SideNames()); err != nil {
		return g, false, err
	}
	st, err := lv.sess.Game.New(g.Setup)
	if err != nil {
		return g, false, err
	}
	g.Active = engine.Deciding(st)
	return g, false, nil
}

// Default caps on the unfinished games an account may have made.
const (
	gamesPerUser  = 50
	gamesPerGuest = 5
)

// checkGamesOf refuses a new game to a user who already made as many
// unfinished games as an account may have.
func (s *Server) checkGamesOf(ctx context.Context, u store.User) error {
	max := orDefault(s.cfg.GamesPerUser, gamesPerUser)
	if u.Guest {
		max = orDefault(s.cfg.GamesPerGuest, gamesPerGuest)
	}
	games, err := s.st.GamesOf(ctx, u.ID)
	if err != nil {
		return err
	}
	n := 0
	for _, g := range games {
		if g.Owner == u.ID && g.Status == store.StatusActive {
			n++
		}
	}
	if n >= max {
		return errf(http.StatusTooManyRequests, "you have %d unfinished games, as many as an account may have; finish or resign one first", n)
	}
	return nil
}
