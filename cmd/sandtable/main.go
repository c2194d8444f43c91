// Command sandtable plays historical board wargames by their published
// rules: in the terminal, in the browser, or computer against computer.
package main

import (
	"os"

	"sandtable/internal/cli"

	_ "sandtable/internal/games/compass" // registers the game
	_ "sandtable/internal/games/wdf"     // registers the game
)

func main() {
	os.Exit(cli.Main(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}
