package enginetest

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"hash"
	"testing"
)

// ViewHash hashes the JSON of the views a test builds, so that a change
// meant to make views cheaper can be held to views byte for byte as they
// were: the test adds each view and checks the hash against the one it
// recorded (a change of what a view says is a new hash, printed with -v).
type ViewHash struct {
	h hash.Hash
	n int
}

// NewViewHash starts an empty hash.
func NewViewHash() *ViewHash { return &ViewHash{h: sha256.New()} }

// Add hashes the JSON of view v.
func (vh *ViewHash) Add(t testing.TB, v any) {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	vh.h.Write(b)
	vh.n++
}

// Check fails t unless the views added hash to want.
func (vh *ViewHash) Check(t testing.TB, want string) {
	t.Helper()
	got := hex.EncodeToString(vh.h.Sum(nil))
	t.Logf("%d views, hash %s", vh.n, got)
	if got != want {
		t.Errorf("the views changed: hash %s, want %s", got, want)
	}
}
