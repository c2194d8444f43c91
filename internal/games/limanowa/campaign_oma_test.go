package limanowa

import (
	"slices"
	"strings"
	"testing"

	"sandtable/internal/engine"
	"sandtable/internal/hexgrid"
)

// A campaign day's off-map artillery is the day's order of battle (13.0,
// ruling L51): High Water Mark's 8 December lists two Central and three
// Russian groups, numbered in the list's order; a day without any has
// none; a group may be called in the day's attack.
func TestCampaignDayGroups(t *testing.T) {
	calls := func(s *State) bool {
		return s.Step == stCommand && slices.ContainsFunc(s.legalTexts(), func(x string) bool { return strings.HasPrefix(x, "call ") })
	}
	s := campaignAt(t, "high-water-mark", 3, calls)
	if s.camp.Day != 0 || s.camp.Seg != segAttack {
		t.Fatalf("the first call offered on day %d, segment %d", s.camp.Day, s.camp.Seg)
	}
	var ids []string
	for g := range s.groups() {
		ids = append(ids, s.groupID(g))
	}
	want := []string{"oma-central-1", "oma-central-2", "oma-russian-1", "oma-russian-2", "oma-russian-3"}
	if !slices.Equal(ids, want) {
		t.Fatalf("groups %v, want %v", ids, want)
	}
	if o := s.spec1(4); o.Mode != Runner || !o.Howitzer || o.Fire != 5 {
		t.Errorf("oma-russian-3 is %+v", o)
	}
	var call string
	for _, x := range s.legalTexts() {
		if strings.HasPrefix(x, "call ") && strings.HasSuffix(x, " shell") {
			call = x
			break
		}
	}
	g, _ := s.groupByID(strings.Fields(call)[1])
	play(t, s, call)
	if s.Groups[g].Cross == 0 || !s.Groups[g].Spent {
		t.Fatalf("%s left %+v", call, s.Groups[g])
	}
	s2 := campaignAt(t, "gods-playground", 1, func(s *State) bool { return s.Step == stCommand })
	if s2.camp.Day != 0 || s2.groups() != 0 || s2.Artillery() != nil {
		t.Errorf("3 December has %d groups", s2.groups())
	}
}

// aVertex is a vertex a cross hair may stand on.
func aVertex(t *testing.T, s *State, k int) int16 {
	t.Helper()
	for _, h := range s.d.Map.Hexes[k:] {
		if c := vertexCode(hexgrid.Corner(h, 0)); s.validVertex(c) {
			return c
		}
	}
	t.Fatal("no vertex")
	return 0
}

// 11.2, 11.32, 11.33: after the attack scenario the attacker's cross hair
// is removed and the defender's stay; in the counter attack the elapsed
// relay delay carries over - a runner group (RD 3) called on turn 11 is
// primed on turn 2 (11.32's example with its numbers), one primed in the
// attack is primed from turn 1; after the counter attack none is left.
func TestCampaignCrossHairsCarried(t *testing.T) {
	for _, counter := range []bool{true, false} {
		s := campaignAt(t, "high-water-mark", 3, func(s *State) bool {
			return s.camp.Seg == segAttack && s.Turn == 12 && s.Step == stCommand
		})
		c1, c2, c3 := aVertex(t, s, 100), aVertex(t, s, 200), aVertex(t, s, 300)
		s.Groups = [maxOMA]omaGroup{}
		s.Groups[0] = omaGroup{Cross: c1, Glass: 13}     // oma-central-1, telephone, called on turn 12
		s.Groups[2] = omaGroup{Cross: c2, Glass: 10}     // oma-russian-1, telephone, called on turn 9: primed
		s.Groups[4] = omaGroup{Cross: c3, Glass: 11 + 3} // oma-russian-3, runner, called on turn 11
		s.endScenario()                                  // the attack's last administration
		var log string
		logHas(t, s, &log, "Austro-Hungarian artillery group 1's cross hair and hourglass at "+formatVertex(codeVertex(c1))+" are removed (11.2)")
		if s.Groups[0].Cross != 0 || s.Groups[2].Cross != c2 || s.Groups[4].Cross != c3 {
			t.Fatalf("after the attack: %+v", s.Groups)
		}
		at(t, s, stCounter, Russian, "the counter attack choice")
		if err := s.checkArtillery(); err != nil {
			t.Fatal(err)
		}
		if !counter {
			play(t, s, "counter-attack no")
			for g := range s.groups() {
				if s.Groups[g].Cross != 0 || s.Groups[g].Glass != 0 {
					t.Errorf("declined, %s stays: %+v", s.groupID(g), s.Groups[g])
				}
			}
			logHas(t, s, &log, "are removed (11.33)")
			continue
		}
		play(t, s, "counter-attack yes")
		if s.Groups[4].Glass != int8(s.d.Turns.CarriedOver(11, 3)) || s.Groups[4].Glass != 2 || s.primed(4) {
			t.Errorf("runner group: %+v primed %v on turn %d", s.Groups[4], s.primed(4), s.Turn)
		}
		if !s.primed(2) {
			t.Errorf("the group primed in the attack is not primed on turn 1: %+v", s.Groups[2])
		}
		logHas(t, s, &log, "Russian artillery group 3 keeps its cross hair at "+formatVertex(codeVertex(c3))+" into the counter attack: primed on turn 2 (11.32)",
			"Russian artillery group 1 keeps its cross hair at "+formatVertex(codeVertex(c2))+" into the counter attack: primed on turn 1 (11.32)")
		s.Turn = 2
		if !s.primed(4) {
			t.Error("not primed on the counter attack's turn 2")
		}
		s.Turn = 6
		s.endScenario() // the counter attack's last administration
		for g := range s.groups() {
			if s.Groups[g].Cross != 0 || s.Groups[g].Glass != 0 {
				t.Errorf("after the counter attack %s: %+v", s.groupID(g), s.Groups[g])
			}
		}
		logHas(t, s, &log, "are removed (11.33)")
		if err := s.checkArtillery(); err != nil {
			t.Fatal(err)
		}
	}
}

// 11.522: in a night scenario an aircraft group is a telephone group -
// its signal success, relay delay and observers (an infantry unit that
// sees the vertex, canCall); by day it is an aircraft group.
func TestCampaignNightAircraft(t *testing.T) {
	s := campaignAt(t, "high-water-mark", 3, func(s *State) bool { return s.Step == stCommand })
	if c := s.conditions(); c.Night || effective(Aircraft, c) != Aircraft {
		t.Fatalf("by day: %+v", c)
	}
	s.camp.Seg = segNight
	if c := s.conditions(); !c.Night || effective(Aircraft, c) != Telephone {
		t.Errorf("at night: %+v", c)
	}
}

// A new day brings its own groups (ruling L51): the night's last
// sub-segment ends with every group's state gone, its memory of vertices
// hit too.
func TestCampaignGroupsNewDay(t *testing.T) {
	s := campaignAt(t, "high-water-mark", 3, func(s *State) bool { return s.Step == stRedeploy && s.Decider == Russian })
	s.Groups[1].Hit[hitMemory-1] = aVertex(t, s, 50)
	play(t, s, "done")
	if s.camp.Day != 1 || s.Groups != ([maxOMA]omaGroup{}) || s.groups() != 0 {
		t.Errorf("day %d groups %d: %+v", s.camp.Day, s.groups(), s.Groups)
	}
}

// An OMA group's record name reads without the order of battle, so a
// campaign's log of an earlier day renders on a later one.
func TestParseGroupID(t *testing.T) {
	for _, c := range []struct {
		id   string
		side engine.Side
		n    int
		ok   bool
	}{
		{"oma-central-1", Central, 1, true}, {"oma-russian-12", Russian, 12, true},
		{"oma-russian-0", 0, 0, false}, {"oma-russian-01", 0, 0, false}, {"oma-prussian-1", 0, 0, false},
		{"oma-russian", 0, 0, false}, {"russian-1", 0, 0, false}, {"oma-central-+1", 0, 0, false},
	} {
		side, n, ok := parseGroupID(c.id)
		if ok != c.ok || ok && (side != c.side || n != c.n) {
			t.Errorf("%s: %v %d %v", c.id, side, n, ok)
		}
	}
}

// 13.0 prints the mounted Hussar squadron 0/1/8/9 formed and +1/2/7/1
// dispersed: walking on (10.21) costs one point of nine, or of one - a
// dispersed mounted Hussar enters with 0 MP left, as the log says
// (ruling L53); the day's exchange keeps the face up.
func TestMountedHussarWalksOn(t *testing.T) {
	var hussar int
	s := campaignAt(t, "gods-playground", 3, func(s *State) bool {
		if s.Step != stCommand || s.Decider != Central || !s.camp.Mounted {
			return false
		}
		for i := range s.pos.Units {
			if s.d.Counters[s.pos.Units[i].Counter].ID == "hussar-sqn" && s.entering(i) && s.commandable(i) {
				hussar = i
				return true
			}
		}
		return false
	})
	for _, dispersed := range []bool{false, true} {
		st := s.Clone().(*State)
		st.SetLogging(true)
		u := &st.pos.Units[hussar]
		u.Dispersed = dispersed
		h := st.entryHexes(hussar, nil)[0]
		st.Group[0], st.NGroup = int16(hussar), 1
		st.startMove(hussar, -1)
		st.step(h)
		want := map[bool]int8{false: 8, true: 0}[dispersed]
		if u.Where != OnMap || u.MP != want {
			t.Errorf("dispersed %v: %v with %d MP, want %d", dispersed, u.Where, u.MP, want)
		}
		var log string
		logHas(t, st, &log, "("+itoa(int(want))+" MP left) (10.21)")
	}
}
