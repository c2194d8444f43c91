package limanowa

import (
	"fmt"
	"slices"

	"sandtable/internal/engine"
	"sandtable/internal/hexgrid"
	"sandtable/internal/kit/datafile"
)

// Series is what a scenario may bring of the series rules that no
// Limanowa scenario uses: a preliminary bombardment (7.1), a creeping
// barrage (7.4), gas (7.51), printed trenches, blockhouses and wire (8.3)
// transport (6.8), infiltration tactics (3.6, 5.12, 6.01e, 6.675b) and
// lakes (8.7). All of it is optional in scenarios.json's "series" object
// (docs/limanowa/data.md); the real scenarios give none (rulings
// L54-L67).
type Series struct {
	Bombardment  *PB
	Barrage      *Barrage
	Gas          bool // OMA groups may fire gas (7.51: from September 1915)
	Trenches     []hexgrid.Hex
	Blockhouses  []hexgrid.Hex
	Wire         []hexgrid.Hexside
	Lakes        []hexgrid.Hexside // blue hexsides, never crossed (8.7)
	Transport    []Transport
	Infiltration [2]bool // the sides using infiltration tactics
}

// PB is a scenario's preliminary bombardment (7.11): fired by Side after
// set-up, before turn 1, on Area (nil: the enemy set-up area).
type PB struct {
	Side engine.Side
	Kind Bombardment
	Area []hexgrid.Hex
}

// Barrage is a scenario's creeping barrage (7.41): fired by Side, first
// on column (Cols) or row Start, advancing Advance (+1 or -1) a time.
type Barrage struct {
	Side    engine.Side
	Cols    bool
	Start   int
	Advance int
}

// Line is the barrage's line after n advances: the in-play hexes of that
// column or row (none once it has rolled off the map).
func (b *Barrage) Line(m *Map, n int) []hexgrid.Hex {
	at := b.Start + n*b.Advance
	var out []hexgrid.Hex
	for _, h := range m.Hexes {
		c, r := Layout.ColRow(h)
		if b.Cols && c == at || !b.Cols && r == at {
			out = append(out, h)
		}
	}
	return out
}

// TransportKind is a kind of transport group (6.81).
type TransportKind uint8

const (
	Mule TransportKind = iota
	Wagon
	Truck
	numTransport
)

var transportNames = []string{"mule", "wagon", "truck"}

func (k TransportKind) String() string { return transportNames[k] }

// TransportRow is the card's line of a transport kind (6.84).
type TransportRow struct {
	Move     int  // the unit's movement score with it
	NoCrater bool // it cannot enter a crater hex
	RoadOnly bool // it moves only along roads
}

// Transport is a number of transport groups of one kind (6.81).
type Transport struct {
	Side  engine.Side
	Kind  TransportKind
	Count int
}

// maxTransport is the most transport groups a scenario gives both sides
// together (a bit each in the state).
const maxTransport = 16

type seriesJSON struct {
	Bombardment *struct {
		Side string    `json:"side"`
		Kind string    `json:"kind"`
		Area *areaJSON `json:"area"`
	} `json:"bombardment"`
	Barrage *struct {
		Side    string `json:"side"`
		Col     string `json:"col"`
		Row     string `json:"row"`
		Advance int    `json:"advance"`
	} `json:"barrage"`
	Gas          bool     `json:"gas"`
	Trenches     []string `json:"trenches"`
	Blockhouses  []string `json:"blockhouses"`
	Wire         []string `json:"wire"`
	Lakes        []string `json:"lakes"`
	Infiltration []string `json:"infiltration"`
	Transport    []struct {
		Side  string `json:"side"`
		Kind  string `json:"kind"`
		Count int    `json:"count"`
	} `json:"transport"`
}

var bombardmentNames = []string{"pulverizing", "paralyzing"}

// series reads a scenario's "series" object; sc has its forces and play
// area already.
func (d *Data) series(fe *datafile.Errors, what string, j *seriesJSON, sc *Scenario) Series {
	var out Series
	bad := func(format string, args ...any) { fe.Add(what+": series: "+format, args...) }
	if b := j.Bombardment; b != nil {
		pb := &PB{}
		side, sok := parseSide(b.Side)
		kind, kok := datafile.Enum[Bombardment](bombardmentNames, b.Kind)
		if !sok || !kok {
			bad("bombardment: side %q or kind %q unknown (7.11: pulverizing or paralyzing)", b.Side, b.Kind)
		}
		pb.Side, pb.Kind = side, kind
		if b.Area != nil {
			a, err := d.area(*b.Area)
			if err != nil {
				bad("bombardment: %v", err)
			}
			pb.Area = a
		}
		out.Bombardment = pb
	}
	if b := j.Barrage; b != nil {
		side, sok := parseSide(b.Side)
		br := &Barrage{Side: side, Cols: b.Col != "", Advance: b.Advance}
		var err error
		switch {
		case b.Col != "" && b.Row == "":
			br.Start, _, err = span(b.Col+"-"+b.Col, true)
		case b.Row != "" && b.Col == "":
			br.Start, _, err = span(b.Row+"-"+b.Row, false)
		default:
			err = fmt.Errorf("want one of col and row")
		}
		if !sok || err != nil || (b.Advance != 1 && b.Advance != -1) {
			bad("barrage: side %q, line (%v) or advance %d (want +1 or -1) wrong (7.41)", b.Side, err, b.Advance)
		} else if len(br.Line(&d.Map, 0)) == 0 {
			bad("barrage: its first line holds no hex in play")
		}
		out.Barrage = br
	}
	if j.Gas {
		// 7.51: gas is fired from September 1915; every Limanowa date is
		// December 1914 (the loader's date pattern), so this refuses it.
		if sc.Date < "1915-09" {
			bad("gas: 7.51 allows gas from September 1915, the scenario is dated %s", sc.Date)
		}
		out.Gas = true
	}
	hexes := func(ids []string, name string) []hexgrid.Hex {
		var hs []hexgrid.Hex
		for _, id := range ids {
			h, err := parseHex(id)
			if err != nil || !d.Map.InPlay(h) || slices.Contains(hs, h) {
				bad("%s: %s not a hex in play, or twice", name, id)
				continue
			}
			hs = append(hs, h)
		}
		return hs
	}
	out.Trenches = hexes(j.Trenches, "trenches")
	out.Blockhouses = hexes(j.Blockhouses, "blockhouses")
	hexsides := func(ids []string, name string) []hexgrid.Hexside {
		var out []hexgrid.Hexside
		for _, id := range ids {
			hs, err := parseHexside(id)
			a, b := hs.Hexes()
			if err != nil || !d.Map.InPlay(a) && !d.Map.InPlay(b) || slices.Contains(out, hs) {
				bad("%s: %s not a hexside of a hex in play, or twice (%v)", name, id, err)
				continue
			}
			out = append(out, hs)
		}
		return out
	}
	out.Wire = hexsides(j.Wire, "wire")
	out.Lakes = hexsides(j.Lakes, "lakes")
	for _, id := range j.Infiltration {
		side, ok := parseSide(id)
		if !ok || out.Infiltration[side] {
			bad("infiltration: side %q unknown or twice", id)
			continue
		}
		out.Infiltration[side] = true
	}
	n := 0
	for _, t := range j.Transport {
		side, sok := parseSide(t.Side)
		kind, kok := datafile.Enum[TransportKind](transportNames, t.Kind)
		if !sok || !kok || t.Count < 1 {
			bad("transport: side %q, kind %q or count %d wrong (6.81)", t.Side, t.Kind, t.Count)
			continue
		}
		n += t.Count
		out.Transport = append(out.Transport, Transport{Side: side, Kind: kind, Count: t.Count})
	}
	if n > maxTransport {
		bad("transport: %d groups, at most %d", n, maxTransport)
	}
	return out
}
