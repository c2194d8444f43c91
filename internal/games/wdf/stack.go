package wdf

// StackPoints returns the stacking points of the combat units in hex i
// (9.2): an Italian division 2, any other unit 1, and one battalion free.
// Leaders and depots do not count.
func (b *Board) StackPoints(i int) int { return b.stackPointsWith(i, -1, -1) }

// stackPointsWith is StackPoints of hex i without unit skip and with
// unit extra (-1: none), as if one had left and the other come.
func (b *Board) stackPointsWith(i, skip, extra int) int {
	n, free := 0, false
	units := b.Units(i)
	for k := 0; k <= len(units); k++ {
		u := extra
		if k < len(units) {
			u = units[k]
		}
		if u < 0 || k < len(units) && u == skip {
			continue
		}
		if def := &b.D.Units[u]; !free && def.FreeStacker() {
			free = true
		} else {
			n += def.StackPoints()
		}
	}
	return n
}

// Overstacked reports whether hex i holds more than four stacking points
// (9.2: checked at the end of each phase).
func (b *Board) Overstacked(i int) bool { return b.StackPoints(i) > StackLimit }
