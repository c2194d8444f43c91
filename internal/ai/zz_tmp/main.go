package main

import (
	"fmt"
	"strings"

	"sandtable/internal/ai"
	"sandtable/internal/engine"
	_ "sandtable/internal/games/compass"
)

func main() {
	g, _ := engine.Lookup("compass")
	st, _ := g.New(engine.Setup{Seed: 3})
	ps := []ai.Player{ai.NewGreedy(g, 1), ai.NewGreedy(g, 2)}
	ops := map[string]int{}
	nlegal := map[string]int{}
	n := 0
	for !st.Over() {
		s := st.Active().Sides()[0]
		l := st.Legal(s, nil)
		a := ps[s].Choose(st, s)
		op := strings.Fields(st.EncodeAction(a))[0]
		ops[fmt.Sprint(s, op)]++
		nlegal[fmt.Sprint(s, op)] += len(l)
		if n < 400 && s == 0 {
			fmt.Println(n, s, st.EncodeAction(a), len(l), st.(ai.Scorer).Scores())
		}
		st.Apply(s, a)
		n++
	}
	for k, v := range ops {
		fmt.Println(k, v, float64(nlegal[k])/float64(v))
	}
	fmt.Println(st.Returns(), st.(ai.Scorer).Scores())
}
