package server

import (
	"net/http"
	"net/netip"
	"strings"
	"testing"
)

// TestMetrics: /metrics counts actions, requests, live games and store
// commits in Prometheus's text format, for this machine only; Go's
// profiles (/debug/pprof/) likewise.
func TestMetrics(t *testing.T) {
	e := newEnv(t)
	e.st.OnCommit = e.srv.ObserveCommit
	ann := e.user("ann")
	g := ann.create(map[string]any{"game": "vault", "mode": "hotseat"})
	ann.mustAct(g.ID, "red", 0, "step")
	ann.view(g.ID, "")
	code, body := ann.raw("GET", "/metrics", nil, nil)
	if code != http.StatusOK {
		t.Fatalf("/metrics: %d", code)
	}
	text := string(body)
	for _, want := range []string{
		"sandtable_actions_total 1\n",
		`sandtable_request_seconds_count{kind="action",outcome="ok"} 1` + "\n",
		`sandtable_request_seconds_count{kind="view",outcome="ok"} 1` + "\n",
		"sandtable_live_games 1\n",
		"sandtable_event_streams 0\n",
		"sandtable_computer_searches_total 0\n",
		"sandtable_store_commit_seconds_count ",
		"sandtable_store_commit_changes_bucket",
		"sandtable_live_games_evicted_total 0\n",
		"go_goroutines ",
	} {
		if !strings.Contains(text, want) {
			t.Errorf("/metrics lacks %q", want)
		}
	}
	if code, body := ann.raw("GET", "/debug/pprof/goroutine?debug=1", nil, nil); code != http.StatusOK || !strings.Contains(string(body), "goroutine") {
		t.Fatalf("/debug/pprof/goroutine: %d", code)
	}
	// Through a proxy, a client elsewhere is not shown the metrics.
	e.srv.cfg.TrustedProxies = []netip.Prefix{netip.MustParsePrefix("127.0.0.0/8")}
	for _, path := range []string{"/metrics", "/debug/pprof/", "/debug/pprof/heap", "/debug/pprof/profile?seconds=1"} {
		if code, _ := ann.raw("GET", path, nil, map[string]string{"X-Forwarded-For": "203.0.113.5"}); code != http.StatusNotFound {
			t.Fatalf("%s from elsewhere: %d, want 404", path, code)
		}
	}
	e.srv.cfg.MetricsFrom = []netip.Prefix{netip.MustParsePrefix("203.0.113.0/24")}
	if code, _ := ann.raw("GET", "/metrics", nil, map[string]string{"X-Forwarded-For": "203.0.113.5"}); code != http.StatusOK {
		t.Fatalf("/metrics from --metrics-from: %d", code)
	}
}
