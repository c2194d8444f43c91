// Package primogenita is La Primogenita (Kim Kanger, Legion Wargames 2022):
// the Allied invasion of Eritrea, January–April 1941, played by its rules
// of play v1.0a (../shared/rules/la-primogenita.txt).
//
// Registered (internal/games): play, sim, bench, replay and the engine
// protocol know it; the engine's conformance suite passes on random games
// (conformance_test.go). Some rules below still automate a choice the
// rulebook gives the player. The browser board
// (internal/web/static/js/primogenita.js) draws its view.
//
// Implemented, with tests (one file of tests per rules file; the rulebook's
// worked examples among them):
//
//   - Components (1; data.go, load.go, load_units.go, data/*.json): the
//     reconstructed map, counters, Orders, tables and Game Turn Track,
//     loaded strictly through kit/datafile (docs/primogenita/data.md,
//     rulings-data.md). 1.1's "Agordat is H-11" is a test.
//   - Setup (1.7; sequence.go): Italy then the Allies place each unit in or
//     next to its Setup Hex, never Mountain or Alpine, within the limits.
//   - Sequence of play (2.1; sequence.go): Pre-Phase, Supply Source
//     Segment (5.3), the two ORDER Segments, Rail Movement (4.3), Supply
//     Phase (5.7), Victory Check (2.4); VP (2.2, 2.3) and Asmara as an Open
//     City (2.2).
//   - The view (view.go): everything the browser board draws — the map,
//     counters, Order faces, the secret choice's shape, the revealed
//     Orders, a moving unit's reach, the Assault and bombardment under way.
//   - Orders (3; sequence.go, actions.go, view.go): the secret choice as
//     pick/drop/commit/uncommit with 3.4's weights (ruling P3), hidden from
//     the other side in views and log, revealed in one epoch step; the draw
//     by priority; the Combination Orders Box of three; execute or decline.
//   - Movement and ZoC (4; move.go, zoc.go, orders_move.go): costs, roads,
//     tracks, cliffs, Mobile and Alpine limits, Weak/Hard ZoC, the Move
//     Orders hex by hex, SD last, Advance (39), Overrun (41), Raid (38).
//   - Supply (5; supply.go, logistics.go): traces, Support for Main Orders,
//     SD and town capacities, LS/FS markers and upgrades, Italian sources
//     lost for good, Reinforcements and Emergency Reinforcements,
//     Resupply, Attrition, the Patriot zone.
//   - Bombardment (6; orders_bombard.go) and Assault (7;
//     orders_assault.go): odds, every shift, results 0/1/1+/Oc, Push,
//     Counterattack, retreat, advance, and the Assault Combination Orders
//     (42, 15, 17, 18, 14, 13, 44) in their windows.
//   - Every one of the 44 Orders' own effects (9; orders_*.go).
//   - The terminal board (board.go): the turn, VP and towns, every
//     occupied hex, the units off the map, both Order sheets with the
//     viewer's own secret choice only, the Order Track and Boxes, the
//     Assault or bombardment under way.
//   - Texts in English and Italian (words/*.json, read and checked by
//     internal/kit/words; i18n.go fills them).
//   - Benchmarks (bench_test.go) and a fuzz test of the record text.
//   - The computer players' knowledge (ai.go, ai_supply.go and their tests).
//
// Not yet, or simplified (each a ruling in docs/primogenita/rulings.md):
//
//   - For Support in a Main Order, which units an SD or a town serves when
//     it cannot serve all is chosen by the engine (P11; in the Resupply
//     Segment the player chooses), and so is the Trench Stand Fast takes
//     from the map when none is on the sheet (P13).
//   - Rulings that are stricter than the text: P14 (no unit enters a full
//     hex, even passing through).
//
// Computer players (ai.go): an evaluation (a wide logistic of the VP the
// Allies can expect against the 20 needed: the VP now, the deductions to
// come, the towns by their distance to the Allied advance, the retakes
// Italy threatens, the strength on the map, and supply traced as the next
// Supply Phase will, with the steps and VP it would cost), a prior and a
// rollout policy (in a Move Order the best scored step) with supply
// foresight (ai_supply.go: an Allied move that
// leaves the FS and LS reach, or starts an unsupported unit in a Main
// Order, is weighed down; SD are drawn to cut-off units; the last unit
// leaving a taken town next to Italian units weighs its VP), and the
// guess at the other side's unrevealed Orders by their worth as both
// sides can judge it (Trucks & Mules by the units out of range, the
// Reorganisations by the Disrupted units, an Assault Order by the best
// odds in reach, a Bombardment Order by its Artillery's reach); the
// searching players' own rule (narrow): a drawn Main Order is executed,
// not declined, in the 2nd ORDER Segment, and an Allied Move Order in the
// 1st as well; Assault targets by the odds every unit able to join
// would get (7.2's shifts, shiftsAt) and the town they may take; the turn
// each ORDER Segment (the setup one of its own), its time spread over the
// side's own decisions left (decisionsLeft); drop and uncommit are asides
// (engine.Asider), which the players never weigh.
package primogenita
