package flat

import (
	"bytes"
	"encoding/binary"
	"slices"
	"testing"
)

func TestMarshalIsLittleEndianInFieldOrder(t *testing.T) {
	type inner struct{ A, B int8 }
	type core struct {
		N    uint16
		Flag bool
		In   [2]inner
		Neg  int8
	}
	c := core{N: 0x0102, Flag: true, In: [2]inner{{1, 2}, {3, 4}}, Neg: -1}
	want := []byte{0x02, 0x01, 1, 1, 2, 3, 4, 0xff}
	if got := Marshal(&c); !slices.Equal(got, want) {
		t.Errorf("Marshal = %v, want %v", got, want)
	}
}

func TestMarshalRefusesAVariableCore(t *testing.T) {
	defer func() {
		if recover() == nil {
			t.Error("a core with a slice was encoded")
		}
	}()
	Marshal(&struct{ S []int8 }{})
}

// padded has padding inside, between and after its fields and elements:
// Marshal's copy of its memory must leave all of it out.
type padded struct {
	A int8
	B int32
	C [3]struct {
		X int16
		Y bool
	}
	D  [4]uint16
	E  [2][2]struct{ P, Q int8 }
	F  float64
	G  int64
	H  bool
	In struct {
		U uint8
		V uint32
	}
}

// FuzzMarshalIsEncodingBinary: Marshal gives encoding/binary's bytes for a
// core with padding, whatever its values.
func FuzzMarshalIsEncodingBinary(f *testing.F) {
	f.Add(make([]byte, binary.Size(padded{})))
	f.Add(bytes.Repeat([]byte{1}, binary.Size(padded{})))
	f.Fuzz(func(t *testing.T, data []byte) {
		var c padded
		if _, err := binary.Decode(data, binary.LittleEndian, &c); err != nil {
			return
		}
		want, _ := binary.Append(nil, binary.LittleEndian, &c)
		if got := Marshal(&c); !bytes.Equal(got, want) {
			t.Fatalf("Marshal = %v, encoding/binary %v", got, want)
		}
	})
}

// TestMarshalOfABlankField: a blank field, which encoding/binary writes as
// zeros, is encoded its way.
func TestMarshalOfABlankField(t *testing.T) {
	type core struct {
		A int8
		_ [2]int8
		B int8
	}
	if got := Marshal(&core{A: 1, B: 2}); !slices.Equal(got, []byte{1, 0, 0, 2}) {
		t.Errorf("Marshal = %v", got)
	}
}
