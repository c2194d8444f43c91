package server

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"slices"
	"strconv"

	"sandtable/internal/engine"
	"sandtable/internal/kit/words"
	"sandtable/internal/store"
)

// gameView is one side's page of a game: everything the client draws.
type gameView struct {
	ID        string       `json:"id"`
	Game      string       `json:"game"`
	Title     string       `json:"title"`
	Scenario  string       `json:"scenario"`
	Lang      string       `json:"lang"`
	Status    string       `json:"status"`
	Result    string       `json:"result,omitempty"`
	Over      bool         `json:"over"`
	YourSides []string     `json:"your_sides"`
	Seats     []seatJSON   `json:"seats"`
	CanUndo   bool         `json:"can_undo"`
	UndoSides []string     `json:"undo_sides"`        // the requester's sides that may take back their last action
	Invites   []inviteJSON `json:"invites,omitempty"` // to the game's owner only
	RematchOf string       `json:"rematch_of,omitempty"`
	Record    bool         `json:"record_available"`
	// Frozen says why the game cannot go on: its record no longer replays
	// (the rules changed under it), or a change was not saved.
	Frozen string `json:"frozen,omitempty"`
	// WaitingFor lists the sides whose invited player has not joined yet;
	// until they all have, nobody moves.
	WaitingFor []string `json:"waiting_for,omitempty"`
	// ComputerFailed says why the computer did not move (its player failed
	// or chose an illegal action); it tries again after the next change.
	ComputerFailed string `json:"computer_failed,omitempty"`
	// Version counts the changes to the game this server announced; a page
	// whose view has another version than the event stream's refetches.
	Version uint64 `json:"version"`
	// Clock is the time control, when the game has one.
	Clock *clockJSON `json:"clock,omitempty"`
	// Fair is the fair-dice commitment and contributions, and once the
	// game is over the secret.
	Fair *fairJSON `json:"fair,omitempty"`
	// Interrupt: the decision asked is an interrupt in another side's
	// turn (engine.Interrupter), which the page does not announce as the
	// player's turn.
	Interrupt bool `json:"interrupt,omitempty"`
	// Quiet: the action just made is sealed (engine.Session.Shown), and
	// no live update announces it but to the player's own pages.
	Quiet bool `json:"quiet,omitempty"`
	// Sealed is how many sealed actions the side has made in the secret
	// choice under way (engine.Session.SealedBy): the player's other pages
	// refetch when an update brings another count.
	Sealed int `json:"sealed,omitempty"`
	// The rest comes from the session: filled in (replays), or encoded
	// once per state of the game and shared by every request for the same
	// side and language (body and log, see pages.go).
	// LogFrom is the index in the side's log of the view's first entry:
	// 0, the whole log, unless the page's log token (LogNext of a view it
	// has) names the entries before it (Server.logSince).
	LogFrom int `json:"log_from,omitempty"`
	// LogNext is the log token of this view's log, for the page's next
	// request.
	LogNext string `json:"log_next,omitempty"`
	*ViewBody
	body []byte
	// pooled holds body when it is encoded in a pooled buffer, not kept
	// (Server.body): writeSized returns it.
	pooled *[]byte
	logs   logView
}

// ViewBody is the part of a view that depends only on the game's session,
// the side and the language (and on whether the side may act now): the
// same for every request of that side until the game changes. (Exported so
// that a gameView decodes, in tests.)
type ViewBody struct {
	bodyJSON
	Log []logJSON `json:"log"`
}

// bodyJSON is ViewBody but the log, which grows, and so is encoded apart.
type bodyJSON struct {
	Move    int          `json:"move"`
	Active  []string     `json:"active"`
	Side    string       `json:"side"` // whose view this is ("observer" for none)
	Prompt  string       `json:"prompt"`
	Actions []actionJSON `json:"actions"`
	// Sheet is the URL of the part of View that is the same in every
	// state (its map sheet, engine.Sheeted), which the client fetches once.
	// Before View: a reader that wants the page's head (the load
	// generator) finds all of it before the board.
	Sheet string `json:"sheet,omitempty"`
	View  any    `json:"view"`
}

type seatJSON struct {
	Side   string `json:"side"`
	Player string `json:"player,omitempty"`
	AI     string `json:"ai,omitempty"`
	Open   bool   `json:"open,omitempty"`
	Public bool   `json:"public,omitempty"` // anyone may take it from the lobby
	You    bool   `json:"you,omitempty"`
}

type actionJSON struct {
	Action string `json:"action"` // the record text, sent back to play it
	Label  string `json:"label"`  // State.Describe in the page's language
	// Aside: the action answers nothing (engine.Asider: a change of
	// Limanowa's standing order, La Primogenita's drop and uncommit), so
	// the page never plays it for the player as a forced answer.
	Aside bool `json:"aside,omitempty"`
}

type logJSON struct {
	Move int    `json:"move"`
	Rule string `json:"rule,omitempty"`
	Text string `json:"text"`
}

type inviteJSON struct {
	Side string `json:"side"`
	URL  string `json:"url"`
}

// checkLang refuses a language that not every catalog of texts has
// (words.Langs: the games' and the client's).
func checkLang(l string) error {
	if !slices.Contains(words.Langs(), l) {
		return errf(http.StatusBadRequest, "unknown language %q (known: %v)", l, words.Langs())
	}
	return nil
}

func langOf(r *http.Request, def string) (string, error) {
	l := r.URL.Query().Get("lang")
	if l == "" {
		return def, nil
	}
	return l, checkLang(l)
}

// render is the part of side's view that comes from a session alone: the
// prompt, the log side may read, and side's view of the state (no
// actions).
func render(sess *engine.Session, side engine.Side, lang string) *ViewBody {
	b := &ViewBody{bodyJSON: bodyOf(sess, side, lang), Log: []logJSON{}}
	for _, e := range sess.Log {
		if e.VisibleTo(side) {
			b.Log = append(b.Log, logEntry(sess, e, lang))
		}
	}
	return b
}

// bodyOf is side's view of sess in lang but the log, with no actions.
func bodyOf(sess *engine.Session, side engine.Side, lang string) bodyJSON {
	b := bodyJSON{Move: sess.Shown(), Side: sess.SideName(side), Active: []string{},
		Prompt: sess.State.Prompt(side, lang), View: sess.State.View(side, lang), Actions: []actionJSON{},
		Sheet: sheetURL(sess.Game, sess.State, lang)}
	for _, a := range sess.State.Active().Sides() {
		b.Active = append(b.Active, sess.SideName(a))
	}
	return b
}

func logEntry(sess *engine.Session, e engine.Logged, lang string) logJSON {
	return logJSON{Move: sess.ShownAt(e.Move), Rule: e.Rule, Text: sess.State.RenderLog(e.LogEntry, lang)}
}

// view builds side's view of lv for user, in lang: the requester's own
// fields here, the rest shared (lv.pages). The caller locks lv.mu.
func (s *Server) view(ctx context.Context, lv *live, userID int64, side engine.Side, lang string) (*gameView, error) {
	g := lv.g
	v := &gameView{
		ID: g.ID, Game: g.Game, Title: lv.sess.Game.Title(), Scenario: g.Setup.Scenario, Lang: lang,
		Status: g.Status, Result: g.Result, Over: lv.over(), RematchOf: g.RematchOf,
		YourSides: []string{},
	}
	for _, st := range g.Seats {
		if st.UserID == 0 && st.AI == "" {
			v.WaitingFor = append(v.WaitingFor, lv.sess.SideName(st.Side))
		}
	}
	// What the side sees of the game's body; it may act when the game goes
	// on, it is to decide, every seat is taken and the record replayed.
	key := bodyKey{side: side, lang: lang, over: lv.over(), result: g.Result,
		act: !lv.over() && side != engine.Observer && lv.sess.State.Active().Has(side) && lv.broken == nil && len(v.WaitingFor) == 0}
	if g.Status != store.StatusOver || lv.sess.State.Over() {
		key.result = "" // the rules' prompt stands
	}
	v.body, v.pooled = s.body(lv, key)
	v.logs = s.log(lv, side, lang)
	if n := len(v.logs.idx); n > 0 {
		v.LogNext = logToken(n, v.logs.marks[n-1])
	}
	if side != engine.Observer {
		v.Sealed = lv.sess.SealedBy(side)
	}
	acting := !lv.over() && len(v.WaitingFor) == 0 && lv.broken == nil
	v.CanUndo = acting && side != engine.Observer && lv.sess.CanUndo(side)
	v.Interrupt = !lv.over() && engine.Interrupting(lv.sess.State)
	v.UndoSides = []string{}
	for _, m := range lv.sidesOf(userID) {
		v.YourSides = append(v.YourSides, lv.sess.SideName(m))
		if acting && lv.sess.CanUndo(m) {
			v.UndoSides = append(v.UndoSides, lv.sess.SideName(m))
		}
	}
	for _, st := range g.Seats {
		sj := seatJSON{Side: lv.sess.SideName(st.Side), AI: st.AI, Open: st.UserID == 0 && st.AI == "", Public: st.Invite == store.OpenSeat, You: userID != 0 && st.UserID == userID}
		if st.UserID != 0 {
			name, err := s.playerName(ctx, lv, st.UserID)
			if err != nil {
				return nil, err
			}
			sj.Player = name
		}
		v.Seats = append(v.Seats, sj)
		if st.Invite != "" && st.Invite != store.OpenSeat && userID != 0 && userID == g.Owner {
			v.Invites = append(v.Invites, inviteJSON{Side: sj.Side, URL: s.inviteURL(g.ID, sj.Side, st.Invite)})
		}
	}
	v.Record = lv.over() || lv.hotseat()
	v.Fair = fairOf(g.Fair, lv.over())
	v.Clock = lv.clockView(s.nowMS())
	v.ComputerFailed = lv.aiFailed
	v.Version = lv.version
	if lv.broken != nil {
		v.Frozen = lv.broken.Error()
	}
	return v, nil
}

func (s *Server) inviteURL(id, side, token string) string {
	return s.cfg.BaseURL + "/join/" + id + "?side=" + side + "&token=" + token
}

// viewing finds the game of a GET request, the side the user views it
// from (?side=) and the language (?lang=). It returns the game locked:
// the caller unlocks lv.mu.
func (s *Server) viewing(r *http.Request) (lv *live, uid int64, side engine.Side, lang string, err error) {
	u, _, err := s.who(r)
	if err != nil {
		return nil, 0, 0, "", err
	}
	lv, err = s.game(r.Context(), r.PathValue("id"))
	if err != nil {
		return nil, 0, 0, "", err
	}
	lv.mu.Lock()
	if lang, err = langOf(r, lv.g.Lang); err == nil {
		side, err = lv.sideFor(u.ID, r.URL.Query().Get("side"))
	}
	if err != nil {
		lv.mu.Unlock()
		return nil, 0, 0, "", err
	}
	return lv, u.ID, side, lang, nil
}

func (s *Server) handleView(w http.ResponseWriter, r *http.Request) {
	lv, uid, side, lang, err := s.viewing(r)
	if err != nil {
		writeError(w, err)
		return
	}
	v, err := s.view(r.Context(), lv, uid, side, lang)
	if err == nil {
		err = v.logSince(r.URL.Query().Get("log"))
	}
	// Written without the game's lock, so that a slow reader does not hold
	// up the game's other requests: what the view holds is its own (its
	// fields, a pooled body) or never changes (a kept body; the log's
	// entries, whose arrays only grow: logPart).
	lv.mu.Unlock()
	if err != nil {
		writeError(w, err)
		return
	}
	writeJSON(w, http.StatusOK, v)
}

// maxQuestion bounds a question's length (engine.Asker).
const maxQuestion = 200

// handleAsk answers a question about the position that no action answers
// (engine.Asker: Limanowa's line of sight, "?q=sight N17 AF13"), for the
// side the user views, as that side may know it.
func (s *Server) handleAsk(w http.ResponseWriter, r *http.Request) {
	lv, _, side, lang, err := s.viewing(r)
	if err != nil {
		writeError(w, err)
		return
	}
	defer lv.mu.Unlock()
	q := r.URL.Query().Get("q")
	if err := checkQuestion(q); err != nil {
		writeError(w, err)
		return
	}
	a, err := askOf(lv.sess.Game, lv.sess.State, side, lang, q)
	if err != nil {
		writeError(w, err)
		return
	}
	writeJSON(w, http.StatusOK, a)
}

// checkQuestion refuses a board's question of no or too many characters.
func checkQuestion(q string) error {
	if q == "" || len(q) > maxQuestion {
		return errf(http.StatusBadRequest, "a question is 1 to %d characters", maxQuestion)
	}
	return nil
}

// askOf answers q about st, a state of g, for side in lang
// (engine.Asker): 404 for a game without questions, 422 for a question it
// does not understand.
func askOf(g engine.Game, st engine.State, side engine.Side, lang, q string) (any, error) {
	asker, ok := st.(engine.Asker)
	if !ok {
		return nil, errf(http.StatusNotFound, "%s answers no questions", g.Title())
	}
	a, err := asker.Ask(side, lang, q)
	if err != nil {
		return nil, errf(http.StatusUnprocessableEntity, "%v", err)
	}
	return a, nil
}

// moveRequest is an action or an undo: the side it is for and the move
// number it was made against.
type moveRequest struct {
	Side string `json:"side"`
	Move *int   `json:"move"`
	// Sealed, when sent, is the count of the side's sealed actions the
	// page shows (gameView.Sealed): another is stale, as a move is.
	Sealed *int   `json:"sealed"`
	Action string `json:"action"`
	Lang   string `json:"lang"`
	Log    string `json:"log"` // the log token of the page's view (gameView.LogNext)
}

var errNotFull = errf(http.StatusConflict, "the game starts when every invited player has joined")

// prepare checks a move request against lv: the user holds the side, the
// game goes on, and the move number is current (else 409 with the view).
// The caller locks lv.mu.
func (s *Server) prepare(ctx context.Context, lv *live, u viewer, req moveRequest) (engine.Side, string, error) {
	lang := req.Lang
	if lang == "" {
		lang = lv.g.Lang
	}
	if err := checkLang(lang); err != nil {
		return 0, "", err
	}
	if _, _, err := parseLogToken(req.Log); err != nil {
		return 0, "", err
	}
	if req.Side == "" || req.Move == nil {
		return 0, "", errf(http.StatusBadRequest, "a move request names its side and the move number it was made against")
	}
	side, err := lv.sideFor(u.ID, req.Side)
	if err != nil {
		return 0, "", err
	}
	if side == engine.Observer {
		return 0, "", errf(http.StatusForbidden, "observers cannot act")
	}
	if lv.broken != nil {
		return 0, "", errf(http.StatusConflict, "this game is frozen: %v", lv.broken)
	}
	if ended, err := s.timeUp(ctx, lv); err != nil {
		return 0, "", err
	} else if ended {
		return 0, "", errf(http.StatusConflict, "the game is over: %s", lv.g.Result)
	}
	// An action made since the secret choice under way began is not
	// stale for another side's commit: the choice it belongs to goes on
	// (a commit changes no one else's options; the reveal ends it, and
	// with it the actions of the choice). The side's own commit since
	// makes it stale, as does another count of its own secret actions.
	inChoice := lv.sess.Choosing() && *req.Move >= lv.sess.RoundFrom() && *req.Move < lv.sess.Shown() &&
		!lv.sess.ActedSince(side, *req.Move)
	ownStale := req.Sealed != nil && *req.Sealed != lv.sess.SealedBy(side)
	if *req.Move != lv.sess.Shown() && !inChoice || ownStale {
		v, err := s.view(ctx, lv, u.ID, side, lang)
		if err != nil {
			return 0, "", err
		}
		v.logSince(req.Log) // checked above
		msg := "the game has moved on: your action was made against move " + strconv.Itoa(*req.Move) + ", the game is at move " + strconv.Itoa(lv.sess.Shown())
		if *req.Move == lv.sess.Shown() {
			msg = "your secret choice has changed since this page showed it (on another page?): here it is as it stands"
		}
		return 0, "", &apiError{Status: http.StatusConflict, View: json.RawMessage(v.encode()), Msg: msg}
	}
	if lv.over() {
		return 0, "", errf(http.StatusConflict, "the game is over")
	}
	return side, lang, nil
}

func (s *Server) handleAction(w http.ResponseWriter, r *http.Request) {
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
	side, lang, err := s.prepare(r.Context(), lv, u, req)
	if err == nil && !lv.full() {
		err = errNotFull
	}
	if err != nil {
		writeError(w, err)
		return
	}
	if !lv.sess.State.Active().Has(side) {
		writeError(w, errf(http.StatusUnprocessableEntity, "it is not %s's turn to decide", req.Side))
		return
	}
	a, err := lv.sess.State.DecodeAction(req.Action)
	if err != nil {
		writeError(w, errf(http.StatusUnprocessableEntity, "cannot read the action: %v", err))
		return
	}
	if err := s.apply(r.Context(), lv, side, a); err != nil {
		writeError(w, err)
		return
	}
	v, err := s.view(r.Context(), lv, u.ID, side, lang)
	if err != nil {
		writeError(w, err)
		return
	}
	v.logSince(req.Log) // checked by prepare
	if v.Quiet = lv.sess.Sealed(); v.Quiet {
		s.hub.publishTo(lv.g.ID, u.ID, event{Move: lv.sess.Shown(), Status: lv.g.Status, Version: lv.version, Sealed: v.Sealed})
	} else {
		s.afterChange(lv, u.ID)
	}
	writeJSON(w, http.StatusOK, v)
}

// startsRun reports whether an action of side, neither an interrupt's
// answer nor an aside, would be the first of a run of its actions: the
// last such action was another side's, or none since the game was loaded
// (at worst one more credit after a restart).
func (lv *live) startsRun(side engine.Side) bool {
	return !lv.ran || lv.runSide != side
}

// apply plays a for side and commits it to the store before anything is
// acknowledged. The caller locks lv.mu.
func (s *Server) apply(ctx context.Context, lv *live, side engine.Side, a engine.Action) error {
	move := lv.sess.Move()
	clock, running := lv.g.Clock, lv.running()
	// An interrupt's answer earns no time (engine.Interrupter): a clock
	// refilled at every reaction window would never run down. Nor does an
	// aside (engine.Asider), which a player could repeat at will. Nor does
	// any but the first of a side's actions in a row: a choice that may be
	// taken back and taken again (WDF's choice of a piece, La Primogenita's
	// Orders) would otherwise refill the clock to its cap at will.
	credit, inRun := side, !engine.Interrupting(lv.sess.State) && !engine.IsAside(lv.sess.State, a)
	if !inRun || !lv.startsRun(side) {
		credit = engine.Observer
	}
	sealed := lv.sess.Move() - lv.sess.Shown()
	if err := lv.sess.Apply(side, a); err != nil {
		if errors.Is(err, engine.ErrIllegal) {
			return errf(http.StatusUnprocessableEntity, "%v", err)
		}
		return err
	}
	if sealed > 0 && lv.sess.Shown() == lv.sess.Move() {
		// The reveal counts the choice's secret actions: the log's numbers
		// from the choice on are not those encoded (Session.ShownAt).
		s.dropPages(lv)
	}
	if lv.sess.Sealed() {
		// Nobody else's view changed: theirs are kept, and a view built
		// afresh (slower) would tell that something had happened.
		s.dropBodiesOf(lv, side)
	} else {
		lv.epoch++
	}
	p := progress(lv.sess)
	// A sealed action (engine.Session.Shown) leaves the clocks as they
	// were: it changes no side's running, and a credit would show that it
	// was made. Nor does it end another side's run.
	if p.Quiet = lv.sess.Sealed(); !p.Quiet {
		if inRun {
			lv.runSide, lv.ran = side, true
		}
		p.Clock = lv.clockAfter(clock, running, credit, s.nowMS())
	}
	entry := lv.sess.Record.Actions[move]
	if err := s.appendAction(ctx, lv, move, entry, p); err != nil {
		// Memory is now ahead of the record: replay from the store next time.
		lv.broken = errors.New("a change was not saved; reload the game")
		s.forget(lv)
		if errors.Is(err, store.ErrConflict) {
			return errf(http.StatusConflict, "the game changed elsewhere; reload it")
		}
		return err
	}
	s.metrics.applied.Inc()
	lv.g.Move, lv.g.Shown, lv.g.Active, lv.g.Status, lv.g.Result = move+1, lv.sess.Shown(), p.Active, p.Status, p.Result
	if p.Clock != nil {
		lv.g.Clock = *p.Clock
	}
	return nil
}

func (s *Server) handleUndo(w http.ResponseWriter, r *http.Request) {
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
	if req.Action != "" {
		writeError(w, errf(http.StatusBadRequest, "an undo names no action"))
		return
	}
	lv, err := s.game(r.Context(), r.PathValue("id"))
	if err != nil {
		writeError(w, err)
		return
	}
	lv.mu.Lock()
	defer lv.mu.Unlock()
	side, lang, err := s.prepare(r.Context(), lv, u, req)
	if err == nil && !lv.full() {
		err = errNotFull
	}
	if err != nil {
		writeError(w, err)
		return
	}
	move := lv.sess.Move()
	clock, running := lv.g.Clock, lv.running()
	if err := lv.sess.Undo(side); err != nil {
		writeError(w, errf(http.StatusUnprocessableEntity, "%s cannot undo now: nothing since the last die roll, reveal or change of side, nor while several sides choose at once, where the game's own actions take a choice back", req.Side))
		return
	}
	lv.epoch++
	s.undone(lv)
	p := progress(lv.sess)
	p.Clock = lv.clockAfter(clock, running, engine.Observer, s.nowMS())
	if err := s.st.Truncate(r.Context(), lv.g.ID, move, lv.sess.Move(), p); err != nil {
		lv.broken = errors.New("a change was not saved; reload the game")
		s.forget(lv)
		writeError(w, err)
		return
	}
	lv.g.Move, lv.g.Shown, lv.g.Active, lv.g.Status, lv.g.Result = lv.sess.Move(), lv.sess.Shown(), p.Active, p.Status, p.Result
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

// handleRecord sends the record file (the same JSON the terminal's save
// writes). It holds the seed and every side's choices, so it is given out
// once the game is over, or to the one player of a hot-seat game.
func (s *Server) handleRecord(w http.ResponseWriter, r *http.Request) {
	u, _, err := s.who(r)
	if err != nil {
		writeError(w, err)
		return
	}
	lv, err := s.game(r.Context(), r.PathValue("id"))
	if err != nil {
		writeError(w, err)
		return
	}
	lv.mu.Lock()
	ok := lv.over() || (lv.hotseat() && len(lv.sidesOf(u.ID)) > 0)
	id, fair := lv.g.ID, fairOf(lv.g.Fair, lv.over())
	lv.mu.Unlock()
	if !ok {
		writeError(w, errf(http.StatusForbidden, "the record holds the seed and every side's secrets: it is available when the game is over"))
		return
	}
	rec, err := s.st.Record(r.Context(), id)
	if err != nil {
		writeError(w, err)
		return
	}
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Content-Disposition", `attachment; filename="sandtable-`+id+`.json"`)
	w.Write(recordFile{Record: rec, Fair: fair}.encode())
}

// replayPerIP bounds the imported records one address may replay in
// each period.
const replayPerIP = 600

// replayView is a past moment of a game, for the replay viewer.
type replayView struct {
	At    int `json:"at"`
	Moves int `json:"moves"`
	// Sides, when set, are the sides the viewer may choose to see from
	// (every side, once the game is over).
	Sides []string `json:"sides,omitempty"`
	// Turns, when asked for (turns=1) and the game numbers its turns, says
	// where each player turn begins, so the viewer can jump to a turn.
	Turns []turnMark `json:"turns,omitempty"`
	gameView
}

// turnMark is the start of a player turn: the game is at turn Turn with
// Side phasing from action At on.
type turnMark struct {
	Turn int    `json:"turn"`
	Side string `json:"side"`
	At   int    `json:"at"`
}

func atOf(r *http.Request, def int) (int, error) {
	t := r.URL.Query().Get("at")
	if t == "" {
		return def, nil
	}
	n, err := strconv.Atoi(t)
	if err != nil {
		return 0, errf(http.StatusBadRequest, "at=%q is not a move number", t)
	}
	return n, nil
}

// handleReplay shows a stored game at an earlier move, from the side the
// requester may see (a player's own side, else the observer's).
func (s *Server) handleReplay(w http.ResponseWriter, r *http.Request) {
	u, _, err := s.who(r)
	if err != nil {
		writeError(w, err)
		return
	}
	lv, err := s.game(r.Context(), r.PathValue("id"))
	if err != nil {
		writeError(w, err)
		return
	}
	lv.mu.Lock()
	lang, err := langOf(r, lv.g.Lang)
	var side engine.Side
	name := r.URL.Query().Get("side")
	switch {
	case err != nil:
	case lv.over() && name != "" && name != "observer":
		// Once the game is over its record is public: any side may be shown.
		if side, err = engine.SideByName(lv.sess.Game, name); err != nil {
			err = errf(http.StatusBadRequest, "%v", err)
		}
	default:
		side, err = lv.sideFor(u.ID, name)
	}
	sides := lv.sess.Game.SideNames()
	over := lv.over()
	rec := lv.shownRecord()
	id := lv.g.ID
	lv.mu.Unlock()
	if err != nil {
		writeError(w, err)
		return
	}
	at, err := atOf(r, len(rec.Actions))
	if err != nil {
		writeError(w, err)
		return
	}
	snaps := func() []engine.Snapshot {
		sn, err := s.st.Snapshots(r.Context(), id)
		if err != nil {
			s.cfg.Log.Error("reading a game's snapshots; replaying it whole", "game", id, "err", err)
		}
		return sn
	}
	if q := r.URL.Query().Get("q"); q != "" {
		s.replayAsk(w, r, gameRecordKey(id, rec), rec, snaps, at, side, lang, q)
		return
	}
	rv, err := s.replayAt(r, gameRecordKey(id, rec), rec, snaps, at, side, lang)
	if err != nil {
		writeError(w, err)
		return
	}
	rv.ID = id
	if over {
		rv.Sides = sides
	}
	writeJSON(w, http.StatusOK, rv)
}

// gameRecordKey names a stored game's record as it stands (its length
// and last hash), for the caches of replays and of the coach's graphs.
func gameRecordKey(id string, rec engine.Record) string {
	key := "game:" + id + ":" + strconv.Itoa(len(rec.Actions))
	if n := len(rec.Actions); n > 0 {
		key += ":" + rec.Actions[n-1].Hash
	}
	return key
}

// replayAt shows the record rec (cached under key; a stored game's
// snapshots, when snaps reads them) after at actions from side, with its
// turn marks when the request asks for them (turns=1).
func (s *Server) replayAt(r *http.Request, key string, rec engine.Record, snaps func() []engine.Snapshot, at int, side engine.Side, lang string) (*replayView, error) {
	var rv *replayView
	err := s.replayWork(r, func() error {
		rp, err := s.replays.getStored(key, rec, snaps)
		if err != nil {
			return err
		}
		if rv, err = rp.view(at, side, lang); err != nil {
			return err
		}
		if r.URL.Query().Get("turns") == "1" {
			rv.Turns = rp.turnMarks()
		}
		return nil
	})
	return rv, err
}

// replayAsk answers a board's question (engine.Asker, ?q=) about the
// record rec after at actions, for side, as handleAsk does about a live
// game: the replay viewer's board asks what the views leave out (WDF's
// supply path of the unit selected).
func (s *Server) replayAsk(w http.ResponseWriter, r *http.Request, key string, rec engine.Record, snaps func() []engine.Snapshot, at int, side engine.Side, lang, q string) {
	if err := checkQuestion(q); err != nil {
		writeError(w, err)
		return
	}
	var ans any
	err := s.replayWork(r, func() error {
		rp, err := s.replays.getStored(key, rec, snaps)
		if err != nil {
			return err
		}
		st, err := rp.stateAt(at)
		if err == nil {
			ans, err = askOf(rp.game, st, side, lang, q)
		}
		return err
	})
	if err != nil {
		writeError(w, err)
		return
	}
	writeJSON(w, http.StatusOK, ans)
}

// handleReplayImport replays a record file the client sends (an exported
// game) and shows it at a move, from any side: the file's holder has it all.
func (s *Server) handleReplayImport(w http.ResponseWriter, r *http.Request) {
	// Bound the requests one address sends (each carries a record to read).
	if ok, wait := s.limiter.allow("replay-ip:"+s.clientIP(r), replayPerIP, loginPeriod); !ok {
		writeError(w, errf(http.StatusTooManyRequests, "too many replays; try again in %d seconds", int(wait.Seconds())+1))
		return
	}
	var file recordFile // a record file may carry its fair dice
	if err := decode(w, r, &file); err != nil {
		writeError(w, err)
		return
	}
	rec := file.Record
	g, err := engine.Lookup(rec.Game)
	if err != nil {
		writeError(w, errf(http.StatusBadRequest, "%v", err))
		return
	}
	lang, err := langOf(r, "en")
	if err != nil {
		writeError(w, err)
		return
	}
	side := engine.Observer
	if name := r.URL.Query().Get("side"); name != "" && name != "observer" {
		if side, err = engine.SideByName(g, name); err != nil {
			writeError(w, errf(http.StatusBadRequest, "%v", err))
			return
		}
	}
	at, err := atOf(r, len(rec.Actions))
	if err != nil {
		writeError(w, err)
		return
	}
	if q := r.URL.Query().Get("q"); q != "" {
		s.replayAsk(w, r, "file:"+recordKey(rec), rec, nil, at, side, lang, q)
		return
	}
	rv, err := s.replayAt(r, "file:"+recordKey(rec), rec, nil, at, side, lang)
	if err != nil {
		writeError(w, err)
		return
	}
	writeJSON(w, http.StatusOK, rv)
}
