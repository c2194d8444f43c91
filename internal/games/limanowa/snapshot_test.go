package limanowa

import (
	"fmt"
	"testing"

	"sandtable/internal/engine"
	"sandtable/internal/engine/enginetest"
	"sandtable/internal/kit/cputime"
)

// TestRestore: a state restored from its bytes is the replayed one and
// plays on identically, in each scenario and in both campaigns (their
// recoveries, 11.532, restore a unit's force); Resume opens each game
// from its snapshots.
func TestRestore(t *testing.T) {
	for _, c := range []struct {
		scenario string
		games    int
		every    int
	}{
		{"probe", 4, 7},
		{"counter-attack", 2, 16},
		{"muhr-at-jabloniec", 2, 16},
		{"high-water-mark", 1, 64},
		{"gods-playground", 1, 64},
	} {
		t.Run(c.scenario, func(t *testing.T) {
			enginetest.Restore(t, Game{}, enginetest.Options{Games: c.games, Scenario: c.scenario, Seed: 1}, c.every)
		})
	}
}

func FuzzUnmarshal(f *testing.F) {
	enginetest.FuzzUnmarshal(f, Game{}, "probe", "counter-attack", "high-water-mark")
}

// longCampaign plays God's Playground for up to most actions, as a long
// game the server opens: at random, but a side passes, ends a command,
// stops a move or holds its fire only when nothing else is open or one
// time in ten, always takes the counter attack and the night attack, and
// nine times in ten changes its standing reaction order before it acts
// on a command (a random campaign ends after ~3,000 actions; these
// padding actions, each listed and hashed on replay like any other,
// bring the record to tens of thousands). It keeps a snapshot every
// `every` actions, as the server does.
func longCampaign(b *testing.B, most, every int) (engine.Record, []engine.Snapshot) {
	sess, err := engine.NewSession(Game{}, engine.Setup{Scenario: "gods-playground", Seed: 1})
	if err != nil {
		b.Fatal(err)
	}
	r := engine.NewRand(1)
	var legal, keep []engine.Action
	var snaps []engine.Snapshot
	from := -1
	for !sess.State.Over() && sess.Move() < most {
		s := sess.State.(*State)
		side := s.Active().Sides()[0]
		legal = s.Legal(side, legal[:0])
		keep = keep[:0]
		for _, a := range legal {
			switch {
			case a.Op == opPolicy:
				if s.Step == stCommand && r.IntN(10) < 9 && a.A != int16(s.Policy[side]) {
					keep = append(keep[:0], a)
				}
			case s.Step >= stHussars && (a.Op == opCounter || a.Op == opNight):
				if a.A == 1 {
					keep = append(keep, a)
				}
			case s.Step < stHussars && (a.Op == opPass || a.Op == opEnd || a.Op == opStop || a.Op == opHold || a.Op == opNoRally):
			default:
				if len(keep) == 0 || keep[0].Op != opPolicy {
					keep = append(keep, a)
				}
			}
		}
		if len(keep) == 0 || keep[0].Op != opPolicy && r.IntN(10) == 0 {
			keep = legal
		}
		if err := sess.Apply(side, keep[r.IntN(len(keep))]); err != nil {
			b.Fatal(err)
		}
		if sess.Move()%every == 0 {
			snaps = append(snaps, sess.Snapshot(from))
			from = sess.Move()
		}
	}
	return sess.Record, snaps
}

// BenchmarkCampaignOpen opens a long campaign (longCampaign, 30,000
// actions; "random": a random campaign, ~3,000) as the server does:
// "replay" replays the whole record, every action checked and hashed (the
// way before snapshots); "resume" restores the newest snapshot (every 256
// actions) and replays the rest (engine.Resume); "step" is a replay
// viewer's step near the end from the snapshot before it, restored, 255
// actions brought forward ("step-before": from the replay viewer's
// checkpoint in memory, every len/64 actions, once the whole record is
// replayed); "unmarshal" is one restore. CPU time a run, beside the wall
// clock's: the machine is shared.
func BenchmarkCampaignOpen(b *testing.B) {
	long, longSnaps := longCampaign(b, 30000, 256)
	random := campaignRecord(b)
	for _, g := range []struct {
		name  string
		rec   engine.Record
		snaps []engine.Snapshot
	}{{"long", long, longSnaps}, {"random", random, snapshotsOf(b, random, 256)}} {
		b.Run(g.name, func(b *testing.B) { benchOpen(b, g.rec, g.snaps) })
	}
}

func benchOpen(b *testing.B, rec engine.Record, snaps []engine.Snapshot) {
	sn := snaps[len(snaps)-2]
	every := max(64, (len(rec.Actions)+63)/64)
	at := (len(rec.Actions) - 1) / every * every
	cp := replayTo(b, rec, at)
	for _, c := range []struct {
		name string
		f    func() error
	}{
		{"replay", func() error { _, err := engine.ReplayGame(Game{}, rec); return err }},
		{"resume", func() error {
			_, res, err := engine.Resume(Game{}, rec, snaps)
			if err == nil && res.From == 0 {
				err = fmt.Errorf("not resumed from a snapshot")
			}
			return err
		}},
		{"step", func() error {
			st, err := Game{}.Unmarshal(rec.Setup, sn.State)
			if err == nil {
				forward(b, st, rec.Actions[sn.Move:sn.Move+255])
			}
			return err
		}},
		{"step-before", func() error {
			forward(b, cp.Clone(), rec.Actions[at:len(rec.Actions)-1])
			return nil
		}},
		{"unmarshal", func() error { _, err := Game{}.Unmarshal(rec.Setup, sn.State); return err }},
	} {
		b.Run(c.name, func(b *testing.B) {
			cpu := cputime.Now()
			for b.Loop() {
				if err := c.f(); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64((cputime.Now()-cpu).Microseconds())/1000/float64(b.N), "cpu-ms/op")
			b.ReportMetric(float64(len(rec.Actions)), "actions")
		})
	}
}

// snapshotsOf are the snapshots the server keeps of rec, every every
// actions.
func snapshotsOf(b *testing.B, rec engine.Record, every int) []engine.Snapshot {
	sess, err := engine.NewSession(Game{}, rec.Setup)
	if err != nil {
		b.Fatal(err)
	}
	var out []engine.Snapshot
	from := -1
	for _, e := range rec.Actions {
		side, _ := engine.SideByName(Game{}, e.Side)
		if err := sess.ApplyText(side, e.Action); err != nil {
			b.Fatal(err)
		}
		if sess.Move()%every == 0 {
			out = append(out, sess.Snapshot(from))
			from = sess.Move()
		}
	}
	return out
}
