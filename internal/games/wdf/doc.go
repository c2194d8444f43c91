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
// actions.go) run a whole game: random events (5.0), air superiority and naval support (6.1, 6.2), depot
// removal and placement (7.11-7.15), the ASP spend and Organization die
// (7.2-7.5), replacements and refit (7.6), the Allied Reserve Box and
// withdrawals (7.4, 7.8), reinforcements at the entry hexes (7.7), Major Offensive
// declaration and surprise (7.9, 7.92), regular, strategic and
// exploitation movement (9.1-9.6), leader movement and casualties (13.4,
// 13.6), improved positions (12.1-12.3), sea transfer (9.7), the depot's
// exploitation move (7.16), end-of-phase stacking (9.2), depot capture
// (7.14), combat (10.0-10.27 with ground and naval support, battle.go),
// fortress status lost in combat (16.1), attrition (8.3), automatic
// victory (17.1) and victory by points (17.2).
//
// In the movement phases a move is two decisions, the piece ("pick") then
// what it does (ruling W38, actions.go), and the view tells why the
// chosen unit may not go to a hex (why.go).
//
// Air and naval bombardment (14.2, 15.0), units in IPs withheld from an
// attack (12.3) and Montgomery's arrival (13.7) are in too.
//
// The random events (5.0) have the effects the reconstructed table's texts
// give them (events.go).
//
// The owner chooses the units Tobruk supplies (8.4, ruling W5) and the
// armor unit that refits (7.62); retreats observe stacking (10.26, W33).
//
// The game is complete and registered with the engine (register.go): the
// view for the web client and the terminal Board (view.go), the computer
// players' knowledge (ai.go) and the engine's conformance suite
// (conformance_test.go). Nothing is hidden but the future dice (2.0):
// Determinize only reseeds them. Prompts, descriptions, the log and the
// board are in English and Italian (i18n.go).
package wdf
