package server

import (
	"net/http"
	"net/netip"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/prometheus/client_golang/prometheus/promhttp"
)

// metrics are the server's Prometheus metrics, in a registry of its own
// (several servers may run in one test process).
type metrics struct {
	reg      *prometheus.Registry
	requests *prometheus.HistogramVec // action and view requests, by kind and outcome
	applied  prometheus.Counter       // actions stored, by players and the computer
	commits  prometheus.Histogram     // store group commits: their time
	changes  prometheus.Histogram     // ... and their size
	evicted  prometheus.Counter       // live games dropped from memory
}

// latencyBuckets run from 1 ms to 10 s.
var latencyBuckets = prometheus.ExponentialBucketsRange(0.001, 10, 14)

func newMetrics(s *Server) *metrics {
	m := &metrics{
		reg: prometheus.NewRegistry(),
		requests: prometheus.NewHistogramVec(prometheus.HistogramOpts{
			Name: "sandtable_request_seconds", Help: "Time to answer action, undo and view requests, by kind and outcome (ok, refused: 4xx, failed: 5xx).", Buckets: latencyBuckets,
		}, []string{"kind", "outcome"}),
		applied: prometheus.NewCounter(prometheus.CounterOpts{
			Name: "sandtable_actions_total", Help: "Actions committed to the store (players' and the computer's).",
		}),
		commits: prometheus.NewHistogram(prometheus.HistogramOpts{
			Name: "sandtable_store_commit_seconds", Help: "Time of each group commit of the store, fsync included.", Buckets: latencyBuckets,
		}),
		changes: prometheus.NewHistogram(prometheus.HistogramOpts{
			Name: "sandtable_store_commit_changes", Help: "Changes (actions, new games, ...) in each group commit.", Buckets: prometheus.ExponentialBuckets(1, 2, 10),
		}),
		evicted: prometheus.NewCounter(prometheus.CounterOpts{
			Name: "sandtable_live_games_evicted_total", Help: "Games dropped from memory beyond --live-games (replayed from the store when next needed).",
		}),
	}
	m.reg.MustRegister(m.requests, m.applied, m.commits, m.changes, m.evicted,
		collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}),
		prometheus.NewGaugeFunc(prometheus.GaugeOpts{Name: "sandtable_live_games", Help: "Games held in memory."}, func() float64 {
			s.mu.Lock()
			defer s.mu.Unlock()
			return float64(len(s.live))
		}),
		prometheus.NewGaugeFunc(prometheus.GaugeOpts{Name: "sandtable_event_streams", Help: "Open event streams."}, func() float64 {
			s.hub.mu.Lock()
			defer s.hub.mu.Unlock()
			return float64(s.hub.open)
		}),
		prometheus.NewCounterFunc(prometheus.CounterOpts{Name: "sandtable_computer_searches_total", Help: "Computer decisions searched (started)."}, func() float64 {
			return float64(s.think.entered.Load())
		}),
		prometheus.NewGaugeFunc(prometheus.GaugeOpts{Name: "sandtable_computer_searches_running", Help: "Computer decisions being searched now."}, func() float64 {
			return float64(len(s.think.slots))
		}),
		prometheus.NewGaugeFunc(prometheus.GaugeOpts{Name: "sandtable_computer_searches_waiting", Help: "Computer decisions waiting for a search slot."}, func() float64 {
			return float64(s.think.waiting.Load())
		}),
	)
	return m
}

// ObserveCommit records one group commit of the store: how many changes
// it held and how long it took (store.SQLite's OnCommit).
func (s *Server) ObserveCommit(changes int, took time.Duration) {
	s.metrics.commits.Observe(took.Seconds())
	s.metrics.changes.Observe(float64(changes))
}

// statusWriter remembers the status of an answer.
type statusWriter struct {
	http.ResponseWriter
	status int
}

func (w *statusWriter) WriteHeader(code int) {
	w.status = code
	w.ResponseWriter.WriteHeader(code)
}

// timed measures the requests h answers as kind.
func (s *Server) timed(kind string, h http.HandlerFunc) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		t0 := time.Now()
		sw := &statusWriter{ResponseWriter: w, status: http.StatusOK}
		h(sw, r)
		outcome := "ok"
		switch {
		case sw.status >= 500:
			outcome = "failed"
		case sw.status >= 400:
			outcome = "refused"
		}
		s.metrics.requests.WithLabelValues(kind, outcome).Observe(time.Since(t0).Seconds())
	}
}

// handleMetrics serves the metrics in Prometheus's text format to clients
// on this machine or in Config.MetricsFrom, and 404 to others: the counts
// are for the operator.
func (s *Server) handleMetrics(w http.ResponseWriter, r *http.Request) {
	s.operatorOnly(promhttp.HandlerFor(s.metrics.reg, promhttp.HandlerOpts{}).ServeHTTP)(w, r)
}

// operatorOnly serves h to clients on this machine or in
// Config.MetricsFrom, and 404 to others.
func (s *Server) operatorOnly(h http.HandlerFunc) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		addr, err := netip.ParseAddr(s.clientIP(r))
		if err != nil || !(addr.Unmap().IsLoopback() || inPrefixes(addr.Unmap(), s.cfg.MetricsFrom)) {
			writeError(w, errf(http.StatusNotFound, "no such page"))
			return
		}
		h(w, r)
	}
}
