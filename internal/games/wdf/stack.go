package wdf

// StackPoints returns the stacking points of the combat units in hex i
// (9.2): an Italian division 2, any other unit 1, and one battalion free.
// Leaders and depots do not count.
func (b *Board) StackPoints(i int) int {
	n, free := 0, false
	for _, u := range b.Units(i) {
		def := &b.D.Units[u]
		if !free && def.FreeStacker() {
			free = true
			continue
		}
		n += def.StackPoints()
	}
	return n
}

// Overstacked reports whether hex i holds more than four stacking points
// (9.2: checked at the end of each phase).
func (b *Board) Overstacked(i int) bool { return b.StackPoints(i) > StackLimit }
