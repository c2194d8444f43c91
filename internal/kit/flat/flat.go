// Package flat encodes a game's flat core: the struct of fixed-size values
// (integers, booleans, arrays and structs of them, no slices, maps or
// strings) that holds everything that changes in a game. Such a core
// copies as one block, so a State's Clone is a plain copy, and encodes
// canonically, so equal positions hash equally (engine.State.Marshal).
package flat

import (
	"bytes"
	"encoding/binary"
	"fmt"
)

// Marshal is the canonical encoding of core, little-endian, field by field
// in declaration order. A core that is not fixed-size is a bug of the
// game: it panics.
func Marshal[C any](core *C) []byte {
	b, err := binary.Append(nil, binary.LittleEndian, core)
	if err != nil {
		panic("flat: the core is not fixed-size: " + err.Error())
	}
	return b
}

// Unmarshal reads core back from data, Marshal's encoding of it (a game's
// engine.Restorer): bytes of another length, or not as Marshal writes
// them (a boolean neither 0 nor 1), are an error.
func Unmarshal[C any](data []byte, core *C) error {
	n, err := binary.Decode(data, binary.LittleEndian, core)
	if err != nil || n != len(data) {
		return fmt.Errorf("flat: %d bytes are not a core of %d", len(data), binary.Size(core))
	}
	if !bytes.Equal(Marshal(core), data) {
		return fmt.Errorf("flat: the bytes are not in canonical form")
	}
	return nil
}
