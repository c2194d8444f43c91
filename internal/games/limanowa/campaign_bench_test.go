package limanowa

import (
	"testing"
	"time"

	"sandtable/internal/ai"
	"sandtable/internal/engine"
)

// campaignRecord is a whole random campaign of God's Playground, the
// longer campaign, for the benchmarks.
func campaignRecord(b *testing.B) engine.Record { return playRandom(b, "gods-playground", 11) }

// BenchmarkCampaignReplay replays a whole campaign from its record,
// checking every action and hash, as opening a stored game does
// (engine.Replay).
func BenchmarkCampaignReplay(b *testing.B) {
	rec := campaignRecord(b)
	for b.Loop() {
		if _, err := engine.ReplayGame(Game{}, rec); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(len(rec.Actions)), "actions")
}

// lateCampaign is the campaign's state a few actions before its end.
func lateCampaign(b *testing.B) *State {
	rec := campaignRecord(b)
	return replayTo(b, rec, len(rec.Actions)-20).(*State)
}

// BenchmarkCampaignView is one side's view late in the campaign, as a
// page or a move's answer renders it.
func BenchmarkCampaignView(b *testing.B) {
	s := lateCampaign(b)
	for b.Loop() {
		s.View(Central, "en")
	}
}

// BenchmarkCampaignStep is a replay viewer's step at the end of the
// record: the state at the server's nearest checkpoint (a Clone, every
// 64 actions or len/64 for a longer record) brought forward action by
// action to the last move before the next checkpoint.
func BenchmarkCampaignStep(b *testing.B) {
	rec := campaignRecord(b)
	every := max(64, (len(rec.Actions)+63)/64)
	from := (len(rec.Actions) - 1) / every * every
	cp := replayTo(b, rec, from).Clone()
	todo := rec.Actions[from:]
	for b.Loop() {
		forward(b, cp.Clone(), todo)
	}
	b.ReportMetric(float64(len(todo)), "actions/step")
}

// BenchmarkCampaignGreedy plays each campaign once with the greedy
// computer player on both sides (ai.Greedy with the campaign evaluation),
// then replays its record as opening the stored game would: the length
// in actions, the players' time a decision and the replay's time.
func BenchmarkCampaignGreedy(b *testing.B) {
	for _, id := range []string{"high-water-mark", "gods-playground"} {
		b.Run(id, func(b *testing.B) {
			for b.Loop() {
				ps := []ai.Player{ai.NewGreedy(Game{}, 1), ai.NewGreedy(Game{}, 2)}
				res, rec, err := ai.RecordGame(Game{}, engine.Setup{Scenario: id, Seed: 1}, ps, 0)
				if err != nil {
					b.Fatal(err)
				}
				start := time.Now()
				if _, err := engine.ReplayGame(Game{}, rec); err != nil {
					b.Fatal(err)
				}
				b.ReportMetric(float64(len(rec.Actions)), "actions")
				b.ReportMetric(float64(time.Since(start).Milliseconds()), "replay-ms")
				b.ReportMetric(res.Returns[Central], "central-return")
				var think time.Duration
				for _, t := range res.Think {
					think += t
				}
				b.ReportMetric(float64(think.Microseconds())/float64(res.Decisions[0]+res.Decisions[1]), "µs/decision")
			}
		})
	}
}

// BenchmarkCampaignMarshal is the state's canonical bytes late in the
// campaign: every recorded action hashes them (engine.Hash).
func BenchmarkCampaignMarshal(b *testing.B) {
	s := lateCampaign(b)
	for b.Loop() {
		s.Marshal()
	}
}
