package actiontext_test

import (
	"fmt"
	"strconv"

	"sandtable/internal/engine"
	"sandtable/internal/kit/actiontext"
)

const (
	opDone = iota + 1
	opMove
)

var ops = actiontext.Ops{"", "done", "move"}

var units = []string{"7rtr", "4-armd-bde"}

func encode(a engine.Action) string {
	if a.Op == opMove {
		unit := actiontext.ID(a.A, len(units), "unit", func(i int) string { return units[i] })
		return ops.Word(a.Op) + " " + unit + " " + strconv.Itoa(int(a.B))
	}
	return ops.Word(a.Op)
}

func decode(text string) (engine.Action, error) {
	op, args, err := ops.Split("toy", text)
	if err != nil {
		return engine.Action{}, err
	}
	a := engine.Action{Op: op}
	if op == opMove {
		if err := actiontext.Want("toy", "move", args, 2, "a unit and a hex"); err != nil {
			return engine.Action{}, err
		}
		for i, id := range units {
			if id == args[0] {
				a.A = int16(i)
			}
		}
		n, _ := strconv.Atoi(args[1])
		a.B = int16(n)
	}
	return a, nil
}

func Example() {
	fmt.Println(encode(engine.Action{Op: opMove, A: 1, B: 2412}))
	a, err := decode("move 4-armd-bde 2412")
	fmt.Println(a, err)
	_, err = decode("move 4-armd-bde")
	fmt.Println(err)
	_, err = decode("fly 7rtr")
	fmt.Println(err)
	// Output:
	// move 4-armd-bde 2412
	// {2 1 2412 0} <nil>
	// toy: "move" takes a unit and a hex
	// toy: unknown action "fly" (actions: done, move)
}
