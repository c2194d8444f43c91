// Package wdf is Western Desert Force (Avalanche Press, 2013): the
// components (data.go, load.go: map, pieces, turn track and charts, a
// RECONSTRUCTION documented in docs/wdf/data.md) and the rules built on
// them. Rule numbers in comments refer to the rulebook
// (shared/rules/western-desert-force.txt); docs/wdf/rulings.md records
// every reading of an unclear rule.
//
// Implemented, as pure functions over a Position read through a Board:
//   - 9.3 zones of control: who exerts them, where, negation (zoc.go);
//   - 8.0-8.4 supply paths, Tobruk as a limited source, leaders' supply
//     ranges, permanent elimination paths (supply.go).
//
// Not yet: the game state and the sequence of play (4.0), random events
// (5.0), air/naval support (6.0, 14.0, 15.0), the organization phase
// (7.0), sea transfer (9.7), combat resolution beyond its arithmetic
// (10.22-10.27 decisions, retreats, advances), improved position building
// (12.0), leader casualties (13.6), fortress status changes (16.1) and
// victory (17.0). The game is not registered with the engine.
package wdf
