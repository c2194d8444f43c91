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
//     ranges, permanent elimination paths (supply.go);
//   - 9.0-9.6 movement allowances and legal destinations: terrain and
//     hexside costs, roads and tracks, EZOC rules, strategic and
//     exploitation movement, Axis Supply Level (move.go);
//   - 9.2 stacking (stack.go);
//   - 10.0-10.25 combat arithmetic: attack obligations, final combat
//     strengths and dice, overwhelming attacks, loss options (combat.go);
//   - 7.11-7.13, 7.31-7.32, 7.9 depot paths, placement, Attack Points row
//     and Major Offensive cost (depot.go).
//
// The game state (state.go) and the sequence of play of 4.0 (sequence.go,
// actions.go) run a whole game: random events rolled and logged but
// without effect (5.0), air superiority and naval support (6.1, 6.2), depot
// removal and placement (7.11-7.15), the ASP spend and Organization die
// (7.2-7.5), reinforcements at the entry hexes (7.7), Major Offensive
// declaration and surprise (7.9, 7.92), regular, strategic and
// exploitation movement (9.1-9.6), end-of-phase stacking (9.2), depot
// capture (7.14), attrition (8.3), automatic victory (17.1) and victory by
// points (17.2).
//
// Not yet: combat resolution (10.0-10.27: the combat phases only pass),
// the random events' effects (5.0), ASP use in combat (14.0) and naval
// attacks (15.0), Allied reserves and withdrawals (7.4, 7.8),
// replacements and refit (7.6), depot exploitation movement (7.16), sea
// transfer (9.7), improved positions (12.0), leader movement, casualties
// and Montgomery (13.4, 13.6, 13.7), fortress status changes (16.1), the
// owner's choice of units supplied by Tobruk (8.4), views, prompts and log
// in Italian, computer opponent. The game is not registered with the
// engine.
package wdf
