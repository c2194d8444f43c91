// Package cli holds the sandtable subcommands. Each command registers itself
// from its own file; cmd/sandtable only dispatches.
package cli

import (
	"fmt"
	"io"
	"sort"
)

// Command is one subcommand of sandtable.
type Command struct {
	Name    string
	Summary string // one line for the usage text
	// Run executes the command with the arguments after its name and
	// returns the process exit code.
	Run func(args []string, stdin io.Reader, stdout, stderr io.Writer) int
}

var commands = map[string]Command{}

// Register adds a command; command files call it from init.
func Register(c Command) {
	if _, dup := commands[c.Name]; dup {
		panic("cli: command registered twice: " + c.Name)
	}
	commands[c.Name] = c
}

// Main runs the command named by args[0] and returns the exit code.
func Main(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(args) == 0 || args[0] == "help" || args[0] == "-h" || args[0] == "--help" {
		usage(stdout)
		return 0
	}
	c, ok := commands[args[0]]
	if !ok {
		fmt.Fprintf(stderr, "sandtable: unknown command %q\n\n", args[0])
		usage(stderr)
		return 2
	}
	return c.Run(args[1:], stdin, stdout, stderr)
}

func usage(w io.Writer) {
	fmt.Fprintln(w, "sandtable plays historical board wargames by their published rules.")
	fmt.Fprintln(w, "\nUsage: sandtable COMMAND [flags]\n\nCommands:")
	names := make([]string, 0, len(commands))
	for n := range commands {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		fmt.Fprintf(w, "  %-8s %s\n", n, commands[n].Summary)
	}
	fmt.Fprintln(w, "\nRun 'sandtable COMMAND -h' for a command's flags.")
}
