// Command sandtable plays historical board wargames by their published
// rules: in the terminal, in the browser, or computer against computer.
package main

import (
	"os"

	"sandtable/internal/cli"

	_ "sandtable/internal/games" // registers every game
)

func main() {
	os.Exit(cli.Main(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}
