// Package docs embeds the project's documents (data notes, rulings, the
// server and AI notes) so that the server can show the reconstruction
// notices and rulings wherever it is started.
package docs

import "embed"

// FS holds every Markdown file of this folder and of the per-game folders
// below it (docs/GAME/*.md).
//
//go:embed *.md */*.md
var FS embed.FS
