package load

import (
	"context"
	"net/http/httptest"
	"net/netip"
	"path/filepath"
	"reflect"
	"testing"
	"time"

	jsonv2 "github.com/go-json-experiment/json"

	_ "sandtable/internal/games"
	"sandtable/internal/server"
	"sandtable/internal/store"
)

func TestCheckLoopback(t *testing.T) {
	for _, c := range []struct {
		url string
		ok  bool
	}{
		{"http://127.0.0.1:8080", true},
		{"http://[::1]:8080", true},
		{"http://localhost:8080", true},
		{"https://127.0.0.2", true},
		{"http://10.0.0.1:8080", false},
		{"http://example.org", false},
		{"ftp://127.0.0.1", false},
		{"127.0.0.1:8080", false},
	} {
		if err := CheckLoopback(c.url); (err == nil) != c.ok {
			t.Errorf("%s: %v", c.url, err)
		}
	}
	if _, err := Run(context.Background(), Config{Base: "http://192.0.2.1", Games: []string{"wdf"}, Live: 1, Duration: time.Second}); err == nil {
		t.Fatal("Run against another machine")
	}
}

// TestRunPlaysRealGames plays a few Compass and WDF games against a
// server in this process until 40 actions are acknowledged: every request
// succeeds, views follow the actions, the WDF pages fetch their map sheet
// (once each), and the latencies are filled in.
func TestRunPlaysRealGames(t *testing.T) {
	if testing.Short() {
		t.Skip("plays games")
	}
	st, err := store.Open(filepath.Join(t.TempDir(), "load.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	srv := server.New(server.Config{Store: st, Logf: t.Logf, Hasher: server.Hasher{Time: 1, MemKiB: 64, Threads: 1},
		TrustedProxies: []netip.Prefix{netip.MustParsePrefix("127.0.0.0/8")}})
	hs := httptest.NewServer(srv)
	defer func() { srv.Close(); hs.Close() }()
	rep, err := Run(context.Background(), Config{Base: hs.URL, Games: []string{"compass", "wdf"}, Live: 4, Duration: time.Minute, Actions: 40, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	if rep.Actions < 40 || rep.Errors != 0 || rep.Views == 0 || rep.Sheets == 0 || rep.Sheets > rep.Views || rep.Action.P50 <= 0 || rep.View.Max < rep.View.P50 {
		t.Fatalf("report: %+v", rep)
	}
	t.Log(rep)
}

// TestDecodeHead: a page's answer read up to its board gives the fields
// the players read as the whole answer decoded does (a string of the head
// that names "view" included), leaves the answer as it was, and refuses
// what is not a JSON object.
func TestDecodeHead(t *testing.T) {
	page := `{"id":"g1","game":"wdf","status":"active","over":false,"your_sides":["allied"],` +
		`"seats":[{"side":"allied","you":true}],"invites":[{"side":"axis","url":"/join"}],"version":7,"log_next":"3-ab",` +
		`"clock":{"x":[1,2,{"y":"}"}]},"move":12,"active":["allied"],"prompt":"Move \",\"view\": {","actions":[{"action":"m 1 2","label":"Move"}],` +
		`"sheet":"/api/sheets/wdf/x","view":{"units":[{"id":"7A"}]},"log":[{"move":1,"text":"view"}]}`
	var head, whole view
	data := []byte(page)
	if err := head.decodeHead(data); err != nil {
		t.Fatal(err)
	}
	if string(data) != page {
		t.Fatalf("decodeHead left the answer changed: %s", data)
	}
	if err := jsonv2.Unmarshal([]byte(page), &whole); err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(head, whole) || head.Move != 12 || head.Sheet == "" || head.LogNext != "3-ab" || len(head.Actions) != 1 {
		t.Fatalf("head %+v\nwhole %+v", head, whole)
	}
	for _, bad := range []string{``, `[]`, `{"id":`, `{"move":"x"}`} {
		var v view
		if err := v.decodeHead([]byte(bad)); err == nil {
			t.Errorf("%q decoded", bad)
		}
	}
}
