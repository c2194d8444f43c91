package cli

import (
	"encoding/json"
	"strings"
	"testing"

	"sandtable/internal/engine"
)

// TestEngineProtocol drives one engine process request by request; every
// step states the request line, whether it succeeds and what the response
// must hold (substrings of its JSON) or must not.
func TestEngineProtocol(t *testing.T) {
	rec := playRecord(t, "clitest-duel", engine.Setup{Seed: 2}, "red:pick 1", "blue:pick 3")
	recJSON, _ := json.Marshal(rec)
	bad := rec
	bad.Actions = append([]engine.RecordEntry{}, rec.Actions...)
	bad.Actions[1].Hash = "ffffffffffffffffffffffff"
	badJSON, _ := json.Marshal(bad)

	steps := []struct {
		req     string
		ok      bool
		want    []string
		notWant []string
	}{
		// Before any game.
		{`{"cmd":"view","side":"north"}`, false, []string{`"error":"no game yet: send \"new\" or \"load\" first"`}, nil},
		{`{"cmd":"games","id":1}`, true, []string{`"id":1`, `{"id":"toy","scenarios":["standard"],"sides":["north","south"],"title":"Toy pile game"}`, `"players":[`, `"clitest-first"`}, nil},
		{`{"cmd":"new","game":"chess"}`, false, []string{`unknown game \"chess\"`}, nil},
		{`{"cmd":"new"}`, false, []string{`new needs \"game\"`}, nil},
		{`{"cmd":"new","game":"toy","setup":{"scenario":"huge"}}`, false, []string{`unknown scenario`}, nil},
		// A toy game.
		{`{"cmd":"new","game":"toy","setup":{"scenario":"","seed":1,"options":{"lang":"it"}}}`, true,
			[]string{`"game":"toy"`, `"move":0`, `"active":["north"]`, `"over":false`, `"setup":{"scenario":"","seed":1,"options":{"lang":"it"}}`, `"hash":"`}, nil},
		{`{"cmd":"view","side":"north"}`, true,
			[]string{`"side":"north"`, `"prompt":"take counters or roll"`, `"actions":[{"action":"take 1","label":"take 1"},`, `{"action":"roll","label":"roll"}]`,
				`"can_undo":false`, `"view":{"pile":12,`, `"move":0`}, []string{`"board"`, `"returns"`}},
		{`{"cmd":"view","side":"south"}`, true, []string{`"actions":[]`, `"prompt":"waiting"`}, nil},
		{`{"cmd":"view"}`, true, []string{`"side":"observer"`, `"my_bonus":-1`, `"actions":[]`, `"can_undo":false`}, nil},
		{`{"cmd":"view","side":"west"}`, false, []string{`toy has no side \"west\"`}, nil},
		{`{"cmd":"legal","side":"north"}`, true, []string{`"actions":[{"action":"take 1","label":"take 1"},{"action":"take 2","label":"take 2"},{"action":"take 3","label":"take 3"},{"action":"roll","label":"roll"}]`}, nil},
		{`{"cmd":"legal","side":"observer"}`, false, []string{"the observer takes no actions"}, nil},
		{`{"cmd":"legal"}`, false, []string{`missing \"side\"`}, nil},
		{`{"cmd":"apply","side":"south","action":"take 1"}`, false, []string{"not south's turn"}, nil},
		{`{"cmd":"apply","side":"north","action":"take 7"}`, false, []string{`cannot read action \"take 7\"`}, nil},
		{`{"cmd":"apply","side":"north"}`, false, []string{`apply needs \"action\"`}, nil},
		{`{"cmd":"apply","side":"north","action":"take 3"}`, true, []string{`"move":1`, `"active":["south"]`, `"hash":"`}, nil},
		{`{"cmd":"undo","side":"south"}`, false, []string{"nothing to undo for south"}, nil},
		{`{"cmd":"apply","side":"south","action":"roll"}`, true, []string{`"move":2`, `"active":["south"]`}, nil},
		{`{"cmd":"log","side":"south","lang":"en","since":2}`, true, []string{`"entries":[{"move":2,"rule":"2","text":"[2] roll [1 `, `"move":2`}, []string{`take`}},
		{`{"cmd":"log"}`, true, []string{`{"move":1,"rule":"1","text":"[1] take [0 3]"}`, `"side":"observer"`}, nil},
		{`{"cmd":"log","since":-1}`, false, []string{`\"since\" must be 0 or more`}, nil},
		{`{"cmd":"log","lang":"fr"}`, false, []string{`unknown language \"fr\"`}, nil},
		{`{"cmd":"record"}`, true, []string{`"record":{"game":"toy","setup":{"scenario":"","seed":1,"options":{"lang":"it"}},"actions":[{"side":"north","action":"take 3","hash":"`, `{"side":"south","action":"roll"`}, nil},
		// Malformed lines change nothing.
		{`{"cmd":"apply","side":"south","action":"take 1"`, false, []string{"malformed request"}, nil},
		{`not json at all`, false, []string{"malformed request"}, nil},
		{`["apply"]`, false, []string{"malformed request: a request is a JSON object, not an array"}, nil},
		{`{"cmd":"apply","side":"south","action":"take 1","extra":1}`, false, []string{`malformed request: json: unknown field \"extra\"`}, nil},
		{`{"cmd":"view"} {"cmd":"view"}`, false, []string{"more than one JSON value"}, nil},
		{`{"cmd":"apply","side":3}`, false, []string{`malformed request: \"side\" must be a string, not a number`}, nil},
		{`{"cmd":"log","since":"2"}`, false, []string{`malformed request: \"since\" must be a whole number, not a string`}, nil},
		{`{"cmd":"new","game":"toy","setup":{"seed":-1}}`, false, []string{`malformed request: \"setup.seed\" must be a whole number, 0 or more, not -1`}, nil},
		{`{}`, false, []string{`missing \"cmd\"`}, nil},
		{`{"cmd":"fly"}`, false, []string{`unknown cmd \"fly\"`}, nil},
		{`{"cmd":"view","side":"south"}`, true, []string{`"move":2`, `"rolled":true`}, nil},
		// A game with secrets, undo, a board and scores.
		{`{"cmd":"new","game":"clitest-duel","setup":{"seed":2}}`, true, []string{`"active":["red","blue"]`, `"scores":[0,0]`}, nil},
		{`{"cmd":"apply","side":"red","action":"pick 2"}`, true, []string{`"active":["blue"]`}, nil},
		{`{"cmd":"view","side":"blue","lang":"it"}`, true, []string{`"board":"[duel board] phase 0, mine ?, theirs ?, steps 0\n"`, `"label":"Scegli 1"`}, []string{`"theirs":"2"`}},
		{`{"cmd":"log","side":"blue"}`, true, []string{`"entries":[]`}, nil},
		{`{"cmd":"log","side":"red"}`, true, []string{`"text":"(D0) picked [2]"`}, nil},
		{`{"cmd":"apply","side":"blue","action":"pick 1"}`, true, []string{`"active":["red"]`}, nil},
		{`{"cmd":"apply","side":"red","action":"step"}`, true, []string{`"move":3`}, nil},
		{`{"cmd":"view","side":"red"}`, true, []string{`"can_undo":true`}, nil},
		{`{"cmd":"undo","side":"red"}`, true, []string{`"move":2`}, nil},
		{`{"cmd":"undo","side":"red"}`, false, []string{"nothing to undo"}, nil},
		{`{"cmd":"apply","side":"red","action":"end"}`, true, []string{`"over":true`, `"returns":[1,0]`, `"scores":[2,1]`, `"active":[]`}, nil},
		{`{"cmd":"apply","side":"red","action":"end"}`, false, []string{"the game is over"}, nil},
		// Loading records.
		{`{"cmd":"load"}`, false, []string{`load needs \"record\"`}, nil},
		{`{"cmd":"load","record":{"game":"","actions":[]}}`, false, []string{"no game named"}, nil},
		{`{"cmd":"load","record":` + string(badJSON) + `}`, false, []string{"record does not replay: action 2 (blue pick 3): state hash"}, nil},
		{`{"cmd":"view","side":"red"}`, true, []string{`"over":true`}, nil}, // the failed load changed nothing
		{`{"cmd":"load","record":` + string(recJSON) + `}`, true, []string{`"game":"clitest-duel"`, `"move":2`, `"active":["red"]`}, nil},
		{`{"cmd":"quit","id":"bye"}`, true, []string{`"id":"bye"`}, nil},
	}
	var in strings.Builder
	for _, s := range steps {
		in.WriteString(s.req + "\n\n") // blank lines are skipped
	}
	in.WriteString(`{"cmd":"games"}` + "\n") // after quit: never read
	code, out, errOut := runCmd(t, in.String(), "engine")
	if code != 0 || errOut != "" {
		t.Fatalf("exit %d, stderr %q", code, errOut)
	}
	got := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	if len(got) != len(steps) {
		t.Fatalf("%d responses to %d requests:\n%s", len(got), len(steps), out)
	}
	for i, s := range steps {
		var r struct {
			OK    bool   `json:"ok"`
			Error string `json:"error"`
		}
		if err := json.Unmarshal([]byte(got[i]), &r); err != nil {
			t.Fatalf("step %d: response is not JSON: %v\n%s", i, err, got[i])
		}
		if r.OK != s.ok || (r.Error == "") != s.ok {
			t.Errorf("step %d %s: ok %v error %q, want ok %v", i, s.req, r.OK, r.Error, s.ok)
		}
		for _, w := range s.want {
			if !strings.Contains(got[i], w) {
				t.Errorf("step %d %s:\nresponse %s\nlacks %s", i, s.req, got[i], w)
			}
		}
		for _, w := range s.notWant {
			if strings.Contains(got[i], w) {
				t.Errorf("step %d %s:\nresponse %s\nholds %s", i, s.req, got[i], w)
			}
		}
	}
}

func TestEngineEndOfInput(t *testing.T) {
	for _, in := range []string{"", "\n  \n", `{"cmd":"games"}`} {
		code, out, _ := runCmd(t, in, "engine")
		if code != 0 || strings.Count(out, "\n") != strings.Count(in, "cmd") {
			t.Errorf("input %q: exit %d, output %q", in, code, out)
		}
	}
	if code, _, errOut := runCmd(t, "", "engine", "extra"); code != 2 || !strings.Contains(errOut, "takes no arguments") {
		t.Errorf("engine extra: exit %d, stderr %q", code, errOut)
	}
}

// FuzzEngineRequest sends one arbitrary line to an engine holding a toy
// game: it must answer with ok or an error, never panic, and a failed
// request must leave the game exactly as it was.
func FuzzEngineRequest(f *testing.F) {
	for _, s := range []string{
		`{"cmd":"view","side":"north"}`, `{"cmd":"apply","side":"north","action":"take 2"}`,
		`{"cmd":"apply","side":"south","action":"roll"}`, `{"cmd":"undo","side":"north"}`,
		`{"cmd":"log","side":"south","since":1,"lang":"it"}`, `{"cmd":"load","record":{"game":"toy","actions":[{"side":"north","action":"roll"}]}}`,
		`{"cmd":"new","game":"toy","setup":{"seed":3}}`, `{"cmd":"record"}`, `{"cmd":"games","id":[1]}`, `{"cmd":"quit"}`,
		`{"cmd":"legal","side":"observer"}`, `{"cmd":5}`, `[]`, `nul`, `{"cmd":"view"}{}`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, line []byte) {
		s := &engServer{}
		for _, req := range []string{`{"cmd":"new","game":"toy","setup":{"seed":1}}`, `{"cmd":"apply","side":"north","action":"take 1"}`} {
			if r, _ := s.handle([]byte(req)); r["ok"] != true {
				t.Fatalf("setup %s: %v", req, r)
			}
		}
		before := string(s.sess.Record.Encode())
		r, _ := s.handle(line)
		if _, err := json.Marshal(r); err != nil {
			t.Fatalf("response does not encode: %v", err)
		}
		ok, _ := r["ok"].(bool)
		if _, hasErr := r["error"]; ok == hasErr {
			t.Fatalf("response %v: ok and error disagree", r)
		}
		if !ok && string(s.sess.Record.Encode()) != before {
			t.Fatalf("failed request %q changed the game", line)
		}
	})
}
