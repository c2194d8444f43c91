package engine

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
)

// Record is a whole game as stored: the game, its setup and every action
// with the hash of the state it produced. Replaying it must reproduce every
// hash; the record, not any saved state, is the truth.
type Record struct {
	Game    string        `json:"game"`
	Setup   Setup         `json:"setup"`
	Actions []RecordEntry `json:"actions"`
}

// RecordEntry is one accepted action.
type RecordEntry struct {
	Side   string `json:"side"`
	Action string `json:"action"`
	Hash   string `json:"hash"`
}

// Hash is the short hash of a state's canonical bytes, as written in records.
func Hash(st State) string {
	sum := sha256.Sum256(st.Marshal())
	return hex.EncodeToString(sum[:12])
}

// DecodeRecord parses a record file.
func DecodeRecord(data []byte) (Record, error) {
	var r Record
	if err := json.Unmarshal(data, &r); err != nil {
		return Record{}, fmt.Errorf("record: %w", err)
	}
	if r.Game == "" {
		return Record{}, fmt.Errorf("record: no game named")
	}
	return r, nil
}

// Encode writes the record as indented JSON.
func (r Record) Encode() []byte {
	b, err := json.MarshalIndent(r, "", " ")
	if err != nil {
		panic(err) // a Record holds only strings and numbers
	}
	return append(b, '\n')
}
