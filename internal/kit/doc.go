// Package kit is the folder of the small mechanisms the games share; it
// holds no code itself. Each package below it is one idea a game uses from
// its own package: see docs/new-game.md for what each gives.
//
//   - datafile: strict loading of a game's JSON data files, with every
//     problem of a file reported at once and the RECONSTRUCTION notice
//     checked.
//   - sequence: where the sequence of play stands (turn, phasing side,
//     decision point, who decides, the return stack of nested
//     procedures) and how a game ended (Active, Over, Returns).
//   - actiontext: the record text of actions, "op id id", read and
//     written.
//   - flat: the canonical encoding of a game's flat core, over which the
//     record's hashes are taken.
//   - words: a game's texts in every language, in message catalogs a
//     translator edits (one JSON file a language), validated at load.
package kit
