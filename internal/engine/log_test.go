package engine

import (
	"slices"
	"testing"
)

func TestLogCollectsOnlyWhenOn(t *testing.T) {
	var l Log
	l.Add("1", Observer, "lost")
	l.SetLogging(true)
	args := []string{"a", "b"}
	l.Add("2.1", 0, "moved", args...)
	args[0] = "changed"
	got := l.TakeLog()
	want := []LogEntry{{Rule: "2.1", To: 0, Key: "moved", Args: []string{"a", "b"}}}
	if len(got) != 1 || got[0].Rule != want[0].Rule || got[0].Key != want[0].Key || !slices.Equal(got[0].Args, want[0].Args) {
		t.Errorf("log %+v, want %+v (entries before SetLogging dropped, args copied)", got, want)
	}
	if l.TakeLog() != nil || !l.Logging() {
		t.Error("TakeLog must forget what it returned and leave logging on")
	}
	if n := testing.AllocsPerRun(100, func() { (&Log{}).Add("1", Observer, "k", "x", "y") }); n != 0 {
		t.Errorf("Add with logging off allocates %v times", n)
	}
}
