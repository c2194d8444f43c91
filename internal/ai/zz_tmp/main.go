package main

import (
	"fmt"

	"sandtable/internal/ai"
	"sandtable/internal/engine"
	_ "sandtable/internal/games/compass"
)

func main() {
	g, _ := engine.Lookup("compass")
	st, _ := g.New(engine.Setup{Seed: 3})
	ps := []ai.Player{ai.NewGreedy(g, 1), ai.NewGreedy(g, 2)}
	n := 0
	for !st.Over() {
		s := st.Active().Sides()[0]
		l := st.Legal(s, nil)
		if s == 0 && len(l) > 15 && (n > 0) {
			n++
			if n > 4 {
				break
			}
			fmt.Println("---- decision, legal", len(l))
			for _, it := range []int{300, 3000, 20000} {
				cfg := ai.FixedConfig
				cfg.Iterations = it
				m := ai.NewMCTS(g, cfg, 1)
				stats := m.Search(st, s)
				fmt.Printf("iter %d:", it)
				for _, x := range stats[:5] {
					fmt.Printf("  %s %d %.3f |", st.EncodeAction(x.Action), x.Visits, x.Value)
				}
				fmt.Println()
			}
		}
		if s == 0 && len(l) > 15 && n == 0 {
			n = 1
		}
		st.Apply(s, ps[s].Choose(st, s))
	}
}
