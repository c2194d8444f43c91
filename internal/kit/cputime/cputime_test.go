package cputime

import (
	"runtime"
	"testing"
	"time"
)

func TestNowCountsWork(t *testing.T) {
	start := Now()
	x := 0
	for i := 0; Since(start) <= 0 && i < 1<<32; i++ {
		x += i
	}
	if Since(start) <= 0 {
		t.Fatalf("no CPU time counted for a busy loop (%d)", x)
	}
}

func TestThreadCountsThisThreadsWork(t *testing.T) {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	start := Thread()
	x := 0
	for i := 0; Thread()-start <= 0 && i < 1<<32; i++ {
		x += i
	}
	if Thread()-start <= 0 {
		t.Fatalf("no CPU time counted for a busy loop on this thread (%d)", x)
	}
	// A thread asleep spends no CPU.
	before := Thread()
	time.Sleep(20 * time.Millisecond)
	if d := Thread() - before; d > 10*time.Millisecond {
		t.Errorf("a 20 ms sleep counted %v of this thread's CPU", d)
	}
}
