package cli

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"

	"sandtable/internal/ai"
	"sandtable/internal/engine"
)

func init() {
	Register(Command{Name: "engine", Summary: "drive the engine with JSON lines on stdin/stdout (see docs/engine-protocol.md)", Run: runEngine})
}

// engRequest is one line of the engine protocol; which fields count depends
// on Cmd. An id, when given, is echoed in the response.
type engRequest struct {
	ID     json.RawMessage `json:"id,omitempty"`
	Cmd    string          `json:"cmd"`
	Game   string          `json:"game,omitempty"`
	Setup  *engine.Setup   `json:"setup,omitempty"`
	Side   string          `json:"side,omitempty"`
	Action string          `json:"action,omitempty"`
	Record *engine.Record  `json:"record,omitempty"`
	Lang   string          `json:"lang,omitempty"`
	Since  int             `json:"since,omitempty"`
}

// engReply is a response under construction; "ok" and "error" are added last.
type engReply map[string]any

// engServer holds the one game an engine process drives.
type engServer struct {
	sess *engine.Session
	lang string // the session's default language
}

func runEngine(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := newFlagSet("engine", "engine   (then one JSON request per line on stdin)", stderr)
	pos, err := parseFlags(fs, args)
	if err != nil {
		return flagExit(err)
	}
	if len(pos) > 0 {
		fmt.Fprintln(stderr, "engine: takes no arguments; send requests on stdin")
		return 2
	}
	in := bufio.NewReader(stdin)
	enc := json.NewEncoder(stdout)
	enc.SetEscapeHTML(false)
	srv := &engServer{}
	for {
		line, err := in.ReadBytes('\n')
		if len(bytes.TrimSpace(line)) > 0 {
			resp, stop := srv.handle(line)
			if _, merr := json.Marshal(resp); merr != nil { // a game's view that JSON cannot hold
				resp = engReply{"ok": false, "error": "the response cannot be written as JSON: " + merr.Error()}
			}
			if werr := enc.Encode(resp); werr != nil {
				fmt.Fprintf(stderr, "engine: %v\n", werr)
				return 1
			}
			if stop {
				return 0
			}
		}
		if err != nil {
			if err == io.EOF {
				return 0
			}
			fmt.Fprintf(stderr, "engine: %v\n", err)
			return 1
		}
	}
}

// handle answers one request line and reports whether to stop. A request
// that fails leaves the session as it was.
func (s *engServer) handle(line []byte) (engReply, bool) {
	var req engRequest
	dec := json.NewDecoder(bytes.NewReader(line))
	dec.DisallowUnknownFields()
	err := dec.Decode(&req)
	if err == nil && dec.More() {
		err = errors.New("more than one JSON value on the line")
	}
	if err != nil {
		return engReply{"ok": false, "error": "malformed request: " + decodeError(err)}, false
	}
	r, err := s.dispatch(req)
	if err != nil {
		r = engReply{"ok": false, "error": err.Error()}
	} else {
		r["ok"] = true
	}
	if req.Cmd != "" {
		r["cmd"] = req.Cmd
	}
	if len(req.ID) > 0 {
		r["id"] = req.ID
	}
	return r, req.Cmd == "quit" && err == nil
}

// decodeError says what is wrong with a request line in the protocol's
// terms rather than Go's.
func decodeError(err error) string {
	var te *json.UnmarshalTypeError
	if errors.As(err, &te) {
		if te.Field == "" {
			return "a request is a JSON object, not " + jsonKind(te.Value)
		}
		return fmt.Sprintf("%q must be %s, not %s", te.Field, jsonKind(te.Type.Kind().String()), jsonKind(te.Value))
	}
	return err.Error()
}

// jsonKind names a JSON or Go kind for people.
func jsonKind(k string) string {
	if v, ok := strings.CutPrefix(k, "number "); ok {
		return v
	}
	switch k {
	case "string":
		return "a string"
	case "number", "float64":
		return "a number"
	case "int", "int64":
		return "a whole number"
	case "uint64":
		return "a whole number, 0 or more"
	case "bool":
		return "true or false"
	case "array", "slice":
		return "an array"
	case "object", "struct", "map", "ptr":
		return "an object"
	}
	return k
}

func (s *engServer) dispatch(req engRequest) (engReply, error) {
	switch req.Cmd {
	case "":
		return nil, errors.New(`missing "cmd"`)
	case "games":
		return s.games(), nil
	case "new":
		return s.newGame(req)
	case "load":
		return s.load(req)
	case "quit":
		return engReply{}, nil
	case "view", "legal", "apply", "undo", "record", "log":
	default:
		return nil, fmt.Errorf("unknown cmd %q (known: games, new, load, view, legal, apply, undo, record, log, quit)", req.Cmd)
	}
	if s.sess == nil {
		return nil, errors.New(`no game yet: send "new" or "load" first`)
	}
	lang := s.lang
	if req.Lang != "" {
		if err := checkLang(req.Lang); err != nil {
			return nil, err
		}
		lang = req.Lang
	}
	switch req.Cmd {
	case "view":
		return s.view(req, lang)
	case "legal":
		return s.legal(req, lang)
	case "apply":
		return s.apply(req)
	case "undo":
		return s.undo(req)
	case "record":
		rec := s.sess.Record
		rec.Actions = append([]engine.RecordEntry{}, rec.Actions...)
		return engReply{"record": rec}, nil
	default: // log
		return s.log(req, lang)
	}
}

func (s *engServer) games() engReply {
	var list []engReply
	for _, id := range engine.GameIDs() {
		g, _ := engine.Lookup(id)
		list = append(list, engReply{"id": id, "title": g.Title(), "sides": g.SideNames(), "scenarios": g.Scenarios()})
	}
	if list == nil {
		list = []engReply{}
	}
	players := ai.Names()
	if players == nil {
		players = []string{}
	}
	return engReply{"games": list, "players": players}
}

func (s *engServer) newGame(req engRequest) (engReply, error) {
	if req.Game == "" {
		return nil, errors.New(`new needs "game" (see "games")`)
	}
	g, err := engine.Lookup(req.Game)
	if err != nil {
		return nil, err
	}
	var setup engine.Setup
	if req.Setup != nil {
		setup = *req.Setup
	}
	sess, err := engine.NewSession(g, setup)
	if err != nil {
		return nil, err
	}
	s.start(sess)
	return s.summary(), nil
}

func (s *engServer) load(req engRequest) (engReply, error) {
	if req.Record == nil {
		return nil, errors.New(`load needs "record"`)
	}
	if req.Record.Game == "" {
		return nil, errors.New("record: no game named")
	}
	sess, err := engine.Replay(*req.Record)
	if err != nil {
		return nil, fmt.Errorf("record does not replay: %v", err)
	}
	s.start(sess)
	return s.summary(), nil
}

func (s *engServer) start(sess *engine.Session) {
	s.sess = sess
	s.lang = sess.Record.Setup.Option("lang", "en")
}

// summary describes the session after new or load.
func (s *engServer) summary() engReply {
	g := s.sess.Game
	r := s.status()
	r["game"], r["title"], r["sides"], r["setup"] = g.ID(), g.Title(), g.SideNames(), s.sess.Record.Setup
	return r
}

// status is the part of every state-changing response that says where the
// game stands.
func (s *engServer) status() engReply {
	st := s.sess.State
	r := engReply{"move": s.sess.Move(), "hash": engine.Hash(st), "active": sideNames(s.sess.Game, st.Active()), "over": st.Over()}
	if st.Over() {
		r["returns"] = st.Returns()
	}
	if sc, ok := st.(Scorer); ok {
		r["scores"] = sc.Scores()
	}
	return r
}

// side reads a request's side; observer is allowed only where seeing, not
// deciding, is asked.
func (s *engServer) side(name string, observerOK bool) (engine.Side, error) {
	switch {
	case name == "" && observerOK:
		return engine.Observer, nil
	case name == "":
		return 0, errors.New(`missing "side"`)
	case name == "observer" && !observerOK:
		return 0, errors.New("the observer takes no actions")
	}
	return parseViewer(s.sess.Game, name)
}

// engActionItem is a legal action as the protocol shows it.
type engActionItem struct {
	Action string `json:"action"` // record text, to send back in apply
	Label  string `json:"label"`  // described for people
}

func (s *engServer) actions(side engine.Side, lang string) []engActionItem {
	st := s.sess.State
	out := []engActionItem{}
	if side == engine.Observer {
		return out
	}
	for _, a := range st.Legal(side, nil) {
		out = append(out, engActionItem{Action: st.EncodeAction(a), Label: st.Describe(a, lang)})
	}
	return out
}

func (s *engServer) view(req engRequest, lang string) (engReply, error) {
	side, err := s.side(req.Side, true)
	if err != nil {
		return nil, err
	}
	st := s.sess.State
	r := s.status()
	r["side"] = s.sess.SideName(side)
	r["view"] = st.View(side, lang)
	if _, sheet, err := engine.SheetOf(s.sess.Game, st, lang); err == nil && sheet != nil {
		r["sheet"] = sheet // what the view leaves out: its map sheet (engine.Sheeted)
	}
	r["prompt"] = st.Prompt(side, lang)
	r["actions"] = s.actions(side, lang)
	r["can_undo"] = side != engine.Observer && s.sess.CanUndo(side)
	if b, ok := st.(Boarder); ok {
		r["board"] = b.Board(side, lang)
	}
	return r, nil
}

func (s *engServer) legal(req engRequest, lang string) (engReply, error) {
	side, err := s.side(req.Side, false)
	if err != nil {
		return nil, err
	}
	return engReply{"side": req.Side, "move": s.sess.Move(), "actions": s.actions(side, lang)}, nil
}

func (s *engServer) apply(req engRequest) (engReply, error) {
	side, err := s.side(req.Side, false)
	if err != nil {
		return nil, err
	}
	if req.Action == "" {
		return nil, errors.New(`apply needs "action" (an action's record text, from "legal")`)
	}
	if err := s.sess.ApplyText(side, req.Action); err != nil {
		return nil, err
	}
	return s.status(), nil
}

func (s *engServer) undo(req engRequest) (engReply, error) {
	side, err := s.side(req.Side, false)
	if err != nil {
		return nil, err
	}
	if err := s.sess.Undo(side); err != nil {
		return nil, fmt.Errorf("%v for %s (undo stops at a die roll, a reveal and the other side's move)", err, req.Side)
	}
	return s.status(), nil
}

// engLogItem is one log entry as the protocol shows it.
type engLogItem struct {
	Move int    `json:"move"`
	Rule string `json:"rule,omitempty"`
	Text string `json:"text"`
}

func (s *engServer) log(req engRequest, lang string) (engReply, error) {
	side, err := s.side(req.Side, true)
	if err != nil {
		return nil, err
	}
	if req.Since < 0 {
		return nil, errors.New(`"since" must be 0 or more`)
	}
	out := []engLogItem{}
	for _, e := range s.sess.Log {
		if e.Move >= req.Since && e.VisibleTo(side) {
			out = append(out, engLogItem{Move: e.Move, Rule: e.Rule, Text: s.sess.State.RenderLog(e.LogEntry, lang)})
		}
	}
	return engReply{"side": s.sess.SideName(side), "entries": out, "move": s.sess.Move()}, nil
}
