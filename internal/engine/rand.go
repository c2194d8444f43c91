package engine

import "math/bits"

// Rand is the seeded generator every die roll and draw comes from. It is a
// SplitMix64 sequence: one word of state, so it copies with the game state
// and replays exactly. Its output is pinned by a golden test.
type Rand struct {
	S uint64 `json:"s"`
}

// NewRand returns a generator started from seed.
func NewRand(seed uint64) Rand { return Rand{S: seed} }

// Uint64 returns the next 64 random bits.
func (r *Rand) Uint64() uint64 {
	r.S += 0x9e3779b97f4a7c15
	z := r.S
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9
	z = (z ^ (z >> 27)) * 0x94d049bb133111eb
	return z ^ (z >> 31)
}

// IntN returns a uniform integer in [0, n) without modulo bias (Lemire).
func (r *Rand) IntN(n int) int {
	if n <= 0 {
		panic("engine: IntN with n <= 0")
	}
	bound := uint64(n)
	for {
		x := r.Uint64()
		hi, lo := bits.Mul64(x, bound)
		if lo >= bound || lo >= (-bound)%bound {
			return int(hi)
		}
	}
}

// D6 rolls one six-sided die.
func (r *Rand) D6() int { return r.IntN(6) + 1 }
