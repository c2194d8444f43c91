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
	"reflect"
	"sync"
	"unsafe"
)

// Marshal is the canonical encoding of core, little-endian, field by field
// in declaration order (encoding/binary's). A core that is not fixed-size
// is a bug of the game: it panics.
//
// Every action's state is hashed from it (engine.Hash), so it is fast: on
// a little-endian machine the encoding of a core is its memory but the
// padding, so Marshal copies the core's runs of bytes between the padding
// (found once per type), where encoding/binary walks every field and array
// element by reflection (36 µs a WDF core, 1 µs copied).
func Marshal[C any](core *C) []byte {
	runs := layoutOf(reflect.TypeFor[C]())
	if runs == nil {
		b, err := binary.Append(nil, binary.LittleEndian, core)
		if err != nil {
			panic("flat: the core is not fixed-size: " + err.Error())
		}
		return b
	}
	b := make([]byte, 0, runs.size)
	p := unsafe.Pointer(core)
	for _, r := range runs.runs {
		b = append(b, unsafe.Slice((*byte)(unsafe.Add(p, r.off)), r.n)...)
	}
	return b
}

// layout is where a type's encoded bytes lie in its memory.
type layout struct {
	runs []span
	size int // the encoding's length
}

type span struct{ off, n uintptr }

var (
	layouts      sync.Map // reflect.Type -> *layout, nil for encoding/binary's way
	littleEndian = binary.NativeEndian.Uint16([]byte{1, 0}) == 1
)

// layoutOf is t's layout, or nil when the machine is big-endian or t holds
// what its memory does not encode as encoding/binary does (a blank field,
// which binary writes as zeros, or anything not fixed-size).
func layoutOf(t reflect.Type) *layout {
	if l, ok := layouts.Load(t); ok {
		return l.(*layout)
	}
	var l *layout
	if runs, ok := spans(t, 0, nil); ok && littleEndian {
		l = &layout{runs: runs}
		for _, r := range runs {
			l.size += int(r.n)
		}
	}
	layouts.Store(t, l)
	return l
}

// spans appends the runs of bytes of a value of type t at offset off to
// out, joining runs that touch (so an array without padding is one run).
func spans(t reflect.Type, off uintptr, out []span) ([]span, bool) {
	switch t.Kind() {
	case reflect.Bool, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Float32, reflect.Float64:
		return join(out, span{off, t.Size()}), true
	case reflect.Array:
		elem, ok := spans(t.Elem(), 0, nil)
		if !ok {
			return nil, false
		}
		for i := range uintptr(t.Len()) {
			for _, r := range elem {
				out = join(out, span{off + i*t.Elem().Size() + r.off, r.n})
			}
		}
		return out, true
	case reflect.Struct:
		for i := range t.NumField() {
			f := t.Field(i)
			var ok bool
			if f.Name == "_" {
				return nil, false
			}
			if out, ok = spans(f.Type, off+f.Offset, out); !ok {
				return nil, false
			}
		}
		return out, true
	}
	return nil, false
}

// join appends r to out, or lengthens out's last run when r follows it.
func join(out []span, r span) []span {
	if k := len(out) - 1; k >= 0 && out[k].off+out[k].n == r.off {
		out[k].n += r.n
		return out
	}
	return append(out, r)
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
