// Package primogenita is La Primogenita (Kim Kanger, Legion Wargames 2022):
// the Allied invasion of Eritrea, January–April 1941, played by its rules
// of play v1.0a (../shared/rules/la-primogenita.txt).
//
// Work in progress: the package is not registered with the engine and
// cmd/sandtable does not import it. What exists:
//
//   - The components (rule 1 and the charts the rulebook refers to but does
//     not print), reconstructed in data/*.json and validated strictly by
//     LoadData; see docs/primogenita/data.md and rulings-data.md.
//
// Everything else of sections 1–9 is not yet implemented.
package primogenita
