package server

import (
	"net/http"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"
)

// chatJSON is one chat line as pages show it.
type chatJSON struct {
	N      int    `json:"n"`
	Player string `json:"player"`
	Side   string `json:"side"`
	Text   string `json:"text"`
	Time   int64  `json:"time"` // Unix milliseconds
}

const (
	maxChat     = 1000 // characters in a line
	chatPerMin  = 20   // lines a user may write per minute
	chatPeriod  = time.Minute
	chatMaxRead = 500 // lines sent at once
)

// chatSeat returns the sides the user plays in lv as one string, or an
// error: the chat is for the players.
func chatSeat(lv *live, userID int64) (string, error) {
	var names []string
	for _, side := range lv.sidesOf(userID) {
		names = append(names, lv.sess.SideName(side))
	}
	if len(names) == 0 {
		return "", errf(http.StatusForbidden, "the chat is for the players of the game")
	}
	return strings.Join(names, "+"), nil
}

func (s *Server) handleChatRead(w http.ResponseWriter, r *http.Request) {
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
	_, err = chatSeat(lv, u.ID)
	id := lv.g.ID
	lv.mu.Unlock()
	if err != nil {
		writeError(w, err)
		return
	}
	after := 0
	if a := r.URL.Query().Get("after"); a != "" {
		if after, err = strconv.Atoi(a); err != nil || after < 0 {
			writeError(w, errf(http.StatusBadRequest, "after=%q is not a line number", a))
			return
		}
	}
	lines, err := s.st.Chat(r.Context(), id, after)
	if err != nil {
		writeError(w, err)
		return
	}
	if len(lines) > chatMaxRead {
		lines = lines[len(lines)-chatMaxRead:]
	}
	out := []chatJSON{}
	names := map[int64]string{}
	for _, l := range lines {
		if _, ok := names[l.UserID]; !ok {
			pu, err := s.st.UserByID(r.Context(), l.UserID)
			if err != nil {
				writeError(w, err)
				return
			}
			names[l.UserID] = pu.Name
		}
		out = append(out, chatJSON{N: l.N, Player: names[l.UserID], Side: l.Side, Text: l.Text, Time: l.Created.UnixMilli()})
	}
	writeJSON(w, http.StatusOK, out)
}

func (s *Server) handleChatWrite(w http.ResponseWriter, r *http.Request) {
	u, err := s.mustAct(r)
	if err != nil {
		writeError(w, err)
		return
	}
	var req struct {
		Text string `json:"text"`
	}
	if err := decode(w, r, &req); err != nil {
		writeError(w, err)
		return
	}
	text := strings.TrimSpace(req.Text)
	if text == "" || utf8.RuneCountInString(text) > maxChat || !utf8.ValidString(text) {
		writeError(w, errf(http.StatusBadRequest, "a chat line has 1 to %d characters", maxChat))
		return
	}
	lv, err := s.game(r.Context(), r.PathValue("id"))
	if err != nil {
		writeError(w, err)
		return
	}
	lv.mu.Lock()
	side, err := chatSeat(lv, u.ID)
	id := lv.g.ID
	ev := event{Move: lv.sess.Shown(), Status: lv.g.Status, Version: lv.version}
	lv.mu.Unlock()
	if err != nil {
		writeError(w, err)
		return
	}
	if ok, wait := s.limiter.allow("chat:"+strconv.FormatInt(u.ID, 10), chatPerMin, chatPeriod); !ok {
		writeError(w, errf(http.StatusTooManyRequests, "too many chat lines; wait %d seconds", int(wait.Seconds())+1))
		return
	}
	line, err := s.st.AddChat(r.Context(), id, u.ID, side, text)
	if err != nil {
		writeError(w, err)
		return
	}
	ev.Chat = line.N
	s.hub.publish(id, ev)
	writeJSON(w, http.StatusCreated, chatJSON{N: line.N, Player: u.Name, Side: side, Text: text, Time: line.Created.UnixMilli()})
}
