package engine

import (
	"fmt"
	"sort"
)

var games = map[string]Game{}

// Register makes a game available by its ID. Game packages call it from init.
func Register(g Game) {
	if _, dup := games[g.ID()]; dup {
		panic("engine: game registered twice: " + g.ID())
	}
	games[g.ID()] = g
}

// Lookup returns the registered game with that ID.
func Lookup(id string) (Game, error) {
	g, ok := games[id]
	if !ok {
		return nil, fmt.Errorf("unknown game %q (known: %v)", id, GameIDs())
	}
	return g, nil
}

// GameIDs lists the registered games in alphabetical order.
func GameIDs() []string {
	ids := make([]string, 0, len(games))
	for id := range games {
		ids = append(ids, id)
	}
	sort.Strings(ids)
	return ids
}

// SideByName finds a side of g by its name.
func SideByName(g Game, name string) (Side, error) {
	for i, n := range g.SideNames() {
		if n == name {
			return Side(i), nil
		}
	}
	return Observer, fmt.Errorf("%s has no side %q (sides: %v)", g.ID(), name, g.SideNames())
}
