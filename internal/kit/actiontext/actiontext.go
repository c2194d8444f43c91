// Package actiontext writes and reads the record text of a game's actions
// (engine.State.EncodeAction, DecodeAction): an operation word followed by
// its arguments, each the id of a piece, area or hex from the game's data
// files, or a word or number, separated by spaces ("move 7rtr bir-enba").
// The game keeps the meaning of each operation; this package keeps the
// words, the checks and the error messages the same in every game.
package actiontext

import (
	"fmt"
	"strings"
)

// Ops is a game's operation words indexed by operation code
// (engine.Action.Op); code 0 is no operation and has no word.
type Ops []string

// Word is op's word, or "opN" for a code without one (so that any action
// still has a text).
func (o Ops) Word(op uint8) string {
	if op == 0 || int(op) >= len(o) {
		return fmt.Sprintf("op%d", op)
	}
	return o[op]
}

// Split reads a record text: its operation code and its arguments. An
// error starts with game and, for an unknown word, lists the words known.
func (o Ops) Split(game, text string) (op uint8, args []string, err error) {
	f := strings.Fields(text)
	if len(f) == 0 {
		return 0, nil, fmt.Errorf("%s: empty action", game)
	}
	for i, w := range o {
		if i > 0 && w == f[0] {
			return uint8(i), f[1:], nil
		}
	}
	return 0, nil, fmt.Errorf("%s: unknown action %q (actions: %s)", game, f[0], strings.Join(o[1:], ", "))
}

// Want checks that an action has n arguments; what names them in the
// error ("a unit and an area").
func Want(game, word string, args []string, n int, what string) error {
	if len(args) != n {
		return fmt.Errorf("%s: %q takes %s", game, word, what)
	}
	return nil
}

// ID is the id of entry i of a list of n (id(i)), or kind followed by i
// when i is not in the list: an action that does not fit the data still
// has a text, which decoding will refuse.
func ID(i int16, n int, kind string, id func(int) string) string {
	if i < 0 || int(i) >= n {
		return fmt.Sprintf("%s%d", kind, i)
	}
	return id(int(i))
}
