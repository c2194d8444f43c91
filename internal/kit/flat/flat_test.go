package flat

import (
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
