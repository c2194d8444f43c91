// Package compass implements Compass (Giovanni Maccioni), North Africa,
// December 1940 to February 1941, to the letter of its rulebook
// (shared/rules/compass-it.txt, the original, and compass-en.txt).
//
// Files follow the rulebook: sequence.go is rule 6's sequence of play,
// move.go rule 6.2.D, combat.go rule 6.2.E, exploit.go 6.2.F, supply.go
// rule 3.9, events.go rule 7, victory.go rules 2 and 6.5. Every rule is
// cited by number in comments and in the game log. Rulings on ambiguities
// are in docs/compass/rulings.md.
package compass
