package server

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"path/filepath"
	"slices"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"sandtable/internal/store"
)

// BenchmarkConcurrentGames plays b.N actions spread over 16 games at
// once, each action a POST over loopback committed to an SQLite file, and
// reports actions per second and the p50/p99 latency of an action.
func BenchmarkConcurrentGames(b *testing.B) {
	for _, games := range []int{1, 16, 64} {
		b.Run(fmt.Sprintf("games=%d", games), func(b *testing.B) { benchGames(b, games) })
	}
}

func benchGames(b *testing.B, games int) {
	st, err := store.Open(filepath.Join(b.TempDir(), "bench.db"))
	if err != nil {
		b.Fatal(err)
	}
	srv := New(Config{Store: st, Hasher: cheap, Logf: b.Logf, GamesPerUser: 1 << 30}) // each client starts a game every 10 actions
	hs := newLoopback(srv)
	defer func() { srv.Close(); hs.Close(); st.Close() }()
	srv.limiter.off = true // every client comes from 127.0.0.1
	var left atomic.Int64
	left.Store(int64(b.N))
	var mu sync.Mutex
	var lat []time.Duration
	var wg sync.WaitGroup
	clients := make([]*client, games)
	for i := range clients {
		clients[i] = register(b, hs.URL, fmt.Sprintf("bench%d", i))
	}
	b.ResetTimer()
	start := time.Now()
	for i := range games {
		wg.Add(1)
		go func(c *client) {
			defer wg.Done()
			var mine []time.Duration
			id, move := "", 0
			for left.Add(-1) >= 0 {
				if id == "" || move == 10 {
					var v gameView
					c.call("POST", "/api/games", map[string]any{"game": "vault", "mode": "hotseat"}, &v)
					id, move = v.ID, 0
				}
				body, _ := json.Marshal(map[string]any{"side": []string{"red", "blue"}[move%2], "move": move, "action": "step"})
				req, _ := http.NewRequest("POST", hs.URL+"/api/games/"+id+"/actions", bytes.NewReader(body))
				req.Header.Set("Content-Type", "application/json")
				req.Header.Set(csrfHeader, c.csrf)
				t0 := time.Now()
				resp, err := c.c.Do(req)
				if err != nil {
					b.Error(err)
					return
				}
				io.Copy(io.Discard, resp.Body)
				resp.Body.Close()
				mine = append(mine, time.Since(t0))
				if resp.StatusCode != http.StatusOK {
					b.Errorf("action: %d", resp.StatusCode)
					return
				}
				move++
			}
			mu.Lock()
			lat = append(lat, mine...)
			mu.Unlock()
		}(clients[i])
	}
	wg.Wait()
	elapsed := time.Since(start)
	b.StopTimer()
	if len(lat) == 0 {
		return
	}
	slices.Sort(lat)
	b.ReportMetric(float64(len(lat))/elapsed.Seconds(), "actions/s")
	b.ReportMetric(float64(lat[len(lat)/2].Microseconds())/1000, "p50-ms")
	b.ReportMetric(float64(lat[len(lat)*99/100].Microseconds())/1000, "p99-ms")
}
