package hexgrid

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
)

// Numbering says how printed (column, row) numbers map onto the hexes.
type Numbering int

const (
	// EvenShifted: offset numbering where even-numbered columns (flat-top)
	// sit half a hex lower, or even-numbered rows (pointy-top) sit half a
	// hex further right. Western Desert Force and Limanowa (columns A=1,
	// B=2, …) use it on flat-top maps.
	EvenShifted Numbering = iota
	// OddShifted: as EvenShifted with the odd columns (rows) shifted.
	OddShifted
	// Skewed: axial numbering. Pointy-top: rows are straight and a column
	// is a line tilted up to the right, so one row down a column number sits
	// half a hex further left (La Primogenita, "H-11"). Flat-top: columns are
	// straight and a row number rises half a hex per column to the right.
	Skewed
)

// Layout describes a printed hex map: orientation, numbering, how ids are
// written and the printed extent. The zero Layout is flat-top, even columns
// shifted, plain numbers without padding; set fields for a real map.
type Layout struct {
	Pointy    bool      // pointy-top hexes in horizontal rows; false: flat-top hexes in vertical columns
	Numbering Numbering // which columns/rows are shifted, or axial (Skewed)

	RowFirst   bool   // the id gives the row before the column ("H-11")
	ColLetters bool   // the column is written in letters: A=1 … Z=26, AA=27 …
	RowLetters bool   // the row is written in letters
	Width      int    // numeric parts are zero-padded to this many digits ("3609", "AR04")
	Sep        string // text between the two parts ("-" in "H-11")

	// Printed extent, inclusive. The hexes a game actually plays on may be
	// fewer (La Primogenita's field is a trapezoid, Limanowa only counts
	// hexes with a centre dot); games filter with their own terrain data.
	MinCol, MaxCol, MinRow, MaxRow int
}

// ErrID is wrapped by every error about a malformed or off-map hex id.
var ErrID = errors.New("bad hex id")

// Hex returns the hex at printed column col and row row (A=1 for letters).
func (l Layout) Hex(col, row int) Hex {
	if l.Pointy {
		major, minor := l.axial(row, col)
		return Hex{minor, major}
	}
	q, r := l.axial(col, row)
	return Hex{q, r}
}

// ColRow returns the printed column and row of h.
func (l Layout) ColRow(h Hex) (col, row int) {
	if l.Pointy {
		h = h.swap()
		row, col = l.offset(h.Q, h.R)
		return col, row
	}
	return l.offset(h.Q, h.R)
}

// swap exchanges the roles of q and r (used to treat pointy-top rows as
// flat-top columns: the axial neighbour set is symmetric under the swap).
func (h Hex) swap() Hex { return Hex{h.R, h.Q} }

// axial maps a flat-top (major, minor) = (col, row) pair to axial (q, r).
func (l Layout) axial(major, minor int) (q, r int) {
	switch l.Numbering {
	case OddShifted:
		return major, minor - (major-(major&1))/2
	case Skewed:
		return major, minor - major
	default:
		return major, minor - (major+(major&1))/2
	}
}

func (l Layout) offset(q, r int) (major, minor int) {
	switch l.Numbering {
	case OddShifted:
		return q, r + (q-(q&1))/2
	case Skewed:
		return q, r + q
	default:
		return q, r + (q+(q&1))/2
	}
}

// OnMap reports whether h lies inside the printed extent.
func (l Layout) OnMap(h Hex) bool {
	c, r := l.ColRow(h)
	return c >= l.MinCol && c <= l.MaxCol && r >= l.MinRow && r <= l.MaxRow
}

// Hexes returns every hex of the printed extent, column by column for
// flat-top maps and row by row for pointy-top maps.
func (l Layout) Hexes() []Hex {
	if l.MaxCol < l.MinCol || l.MaxRow < l.MinRow {
		return nil
	}
	out := make([]Hex, 0, (l.MaxCol-l.MinCol+1)*(l.MaxRow-l.MinRow+1))
	if l.Pointy {
		for r := l.MinRow; r <= l.MaxRow; r++ {
			for c := l.MinCol; c <= l.MaxCol; c++ {
				out = append(out, l.Hex(c, r))
			}
		}
		return out
	}
	for c := l.MinCol; c <= l.MaxCol; c++ {
		for r := l.MinRow; r <= l.MaxRow; r++ {
			out = append(out, l.Hex(c, r))
		}
	}
	return out
}

// Format writes h's printed id, e.g. "3609", "AR04" or "H-11".
func (l Layout) Format(h Hex) string {
	c, r := l.ColRow(h)
	cs, rs := l.part(c, l.ColLetters), l.part(r, l.RowLetters)
	if l.RowFirst {
		return rs + l.Sep + cs
	}
	return cs + l.Sep + rs
}

func (l Layout) part(n int, letters bool) string {
	if letters {
		if n < 1 {
			return "?" + strconv.Itoa(n)
		}
		var b []byte
		for ; n > 0; n = (n - 1) / 26 {
			b = append([]byte{byte('A' + (n-1)%26)}, b...)
		}
		return string(b)
	}
	s := strconv.Itoa(n)
	if n >= 0 && len(s) < l.Width {
		s = strings.Repeat("0", l.Width-len(s)) + s
	}
	return s
}

// Parse reads a printed id (letters in either case, surrounding spaces
// ignored) and checks it against the printed extent.
func (l Layout) Parse(id string) (Hex, error) {
	s := strings.TrimSpace(id)
	bad := func(format string, a ...any) (Hex, error) {
		return Hex{}, fmt.Errorf("hexgrid: %w %q: %s", ErrID, id, fmt.Sprintf(format, a...))
	}
	if s == "" {
		return bad("empty")
	}
	firstLetters, secondLetters := l.ColLetters, l.RowLetters
	if l.RowFirst {
		firstLetters, secondLetters = l.RowLetters, l.ColLetters
	}
	var first, second string
	switch {
	case l.Sep != "":
		i := strings.Index(s, l.Sep)
		if i < 0 {
			return bad("want two parts separated by %q", l.Sep)
		}
		first, second = s[:i], s[i+len(l.Sep):]
	case firstLetters != secondLetters:
		i := 0
		for i < len(s) && isLetter(s[i]) == firstLetters {
			i++
		}
		first, second = s[:i], s[i:]
	case l.Width > 0:
		if len(s) != 2*l.Width {
			return bad("want %d characters", 2*l.Width)
		}
		first, second = s[:l.Width], s[l.Width:]
	default:
		return bad("layout cannot split ids without a separator or width")
	}
	a, err := parsePart(first, firstLetters)
	if err != nil {
		return bad("%v", err)
	}
	b, err := parsePart(second, secondLetters)
	if err != nil {
		return bad("%v", err)
	}
	col, row := a, b
	if l.RowFirst {
		col, row = b, a
	}
	if col < l.MinCol || col > l.MaxCol {
		return bad("column %s outside %s-%s", l.part(col, l.ColLetters), l.part(l.MinCol, l.ColLetters), l.part(l.MaxCol, l.ColLetters))
	}
	if row < l.MinRow || row > l.MaxRow {
		return bad("row %s outside %s-%s", l.part(row, l.RowLetters), l.part(l.MinRow, l.RowLetters), l.part(l.MaxRow, l.RowLetters))
	}
	return l.Hex(col, row), nil
}

// MustParse is Parse for ids known to be valid (tables, tests); it panics
// on error.
func (l Layout) MustParse(id string) Hex {
	h, err := l.Parse(id)
	if err != nil {
		panic(err)
	}
	return h
}

func isLetter(c byte) bool { return c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z' }

func parsePart(s string, letters bool) (int, error) {
	if s == "" {
		if letters {
			return 0, errors.New("missing letters")
		}
		return 0, errors.New("missing number")
	}
	if letters {
		n := 0
		for i := 0; i < len(s); i++ {
			c := s[i]
			if !isLetter(c) {
				return 0, fmt.Errorf("%q is not letters", s)
			}
			if n > 1<<20 {
				return 0, fmt.Errorf("%q is too long", s)
			}
			n = n*26 + int(c|0x20-'a') + 1
		}
		return n, nil
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return 0, fmt.Errorf("%q is not a number", s)
		}
	}
	if len(s) > 6 {
		return 0, fmt.Errorf("%q is too long", s)
	}
	n, _ := strconv.Atoi(s)
	return n, nil
}
