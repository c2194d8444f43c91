// Package compass implements Compass (Giovanni Maccioni), North Africa,
// December 1940 to February 1941, to the letter of its rulebook
// (shared/rules/compass-it.txt, the original, and compass-en.txt).
//
// Files follow the rulebook: sequence.go is rule 6's sequence of play with
// the administrative phase (6.1, 3.10-3.12), stacking (3.1) and victory
// (2, 6.5); move.go rule 6.2.D; combat.go rule 6.2.E and the combat events
// of rule 7; exploit.go 6.2.F; supply.go rule 3.9; view.go the views and
// prospect.go what an attack may bring before it is committed (the odds
// the board shows); load.go and data/*.json
// the components (a reconstruction, docs/compass/data.md). Every rule is
// cited by number in comments and in the game log. Rulings on ambiguities
// are in docs/compass/rulings.md; docs/ARCHITECTURE.md says where each rule
// lives.
package compass
