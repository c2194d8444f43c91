// Package cputime reads the process's CPU time, so that a measurement on a
// loaded machine can report what the work cost rather than how long it
// waited for a core: with GOMAXPROCS=1 that is the work and its garbage
// collection.
package cputime

import (
	"syscall"
	"time"

	"golang.org/x/sys/unix"
)

// Now is the process's CPU time so far, user and system; zero where the
// system cannot tell.
func Now() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// Since is the CPU time spent since start, a reading of Now.
func Since(start time.Duration) time.Duration { return Now() - start }

// Thread is the CPU time of the calling OS thread so far; the caller keeps
// its goroutine on the thread (runtime.LockOSThread) between two readings.
// Zero where the system cannot tell.
func Thread() time.Duration {
	var ts unix.Timespec
	if err := unix.ClockGettime(unix.CLOCK_THREAD_CPUTIME_ID, &ts); err != nil {
		return 0
	}
	return time.Duration(ts.Nano())
}
