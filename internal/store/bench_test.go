package store

import (
	"context"
	"fmt"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"sandtable/internal/kit/cputime"
)

// BenchmarkAppendConcurrent appends b.N actions spread over N games at
// once to an SQLite file (synchronous=FULL), and reports the actions a
// second, the process's CPU an action and the changes each group commit
// carried.
func BenchmarkAppendConcurrent(b *testing.B) {
	for _, games := range []int{1, 16, 256} {
		b.Run(fmt.Sprintf("games=%d", games), func(b *testing.B) {
			s, err := Open(b.TempDir() + "/bench.db")
			if err != nil {
				b.Fatal(err)
			}
			defer s.Close()
			makeGames(b, s, games)
			var commits, changes atomic.Int64
			s.OnCommit = func(n int, _ time.Duration) { commits.Add(1); changes.Add(int64(n)) }
			var left atomic.Int64
			left.Store(int64(b.N))
			var wg sync.WaitGroup
			b.ResetTimer()
			start, cpu := time.Now(), cputime.Now()
			for g := range games {
				wg.Go(func() {
					id := fmt.Sprint("g", g)
					for m := 0; left.Add(-1) >= 0; m++ {
						if err := s.AppendAction(context.Background(), id, m, entry(m+1), Progress{}); err != nil {
							b.Error(err)
							return
						}
					}
				})
			}
			wg.Wait()
			b.StopTimer()
			b.ReportMetric(float64(b.N)/time.Since(start).Seconds(), "actions/s")
			b.ReportMetric(float64(cputime.Since(cpu).Microseconds())/float64(b.N), "cpu-µs/action")
			if c := commits.Load(); c > 0 {
				b.ReportMetric(float64(changes.Load())/float64(c), "changes/commit")
			}
		})
	}
}
