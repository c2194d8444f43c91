package cputime

import "testing"

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
