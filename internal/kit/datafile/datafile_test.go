package datafile

import (
	"encoding/json"
	"io/fs"
	"strings"
	"testing"
	"testing/fstest"
)

type file struct {
	Notice string            `json:"notice"`
	Items  []json.RawMessage `json:"items"`
}

type item struct {
	ID   string `json:"id"`
	Size int    `json:"size"`
}

const doc = "docs/toy/data.md"

func TestRead(t *testing.T) {
	good := `{"notice": "RECONSTRUCTION: see docs/toy/data.md", "items": []}`
	for _, c := range []struct {
		name, text, want string
	}{
		{"good", good, ""},
		{"syntax error names its line", "{\n\"notice\": \"x\",\n]", "f.json: line 3: "},
		{"unknown field", `{"notice": "RECONSTRUCTION docs/toy/data.md", "itemz": []}`, `f.json: json: unknown field "itemz"`},
		{"trailing data", good + "{}", "f.json: unexpected data after the top-level value"},
		{"missing notice", `{"items": []}`, `f.json: "notice" must start with RECONSTRUCTION and point to docs/toy/data.md`},
		{"notice without the document", `{"notice": "RECONSTRUCTION"}`, `"notice" must start with RECONSTRUCTION`},
	} {
		t.Run(c.name, func(t *testing.T) {
			var f file
			err := Read(fstest.MapFS{"f.json": {Data: []byte(c.text)}}, "f.json", &f, &f.Notice, doc)
			if c.want == "" {
				if err != nil {
					t.Fatal(err)
				}
				return
			}
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Fatalf("error %v, want it to contain %q", err, c.want)
			}
		})
	}
	var f file
	if err := Read(fstest.MapFS{}, "absent.json", &f, &f.Notice, doc); err == nil || !strings.HasPrefix(err.Error(), "absent.json: ") {
		t.Errorf("a missing file: %v", err)
	}
}

func TestEntryNamesTheEntryAndKeepsWhatItCan(t *testing.T) {
	e := &Errors{File: "f.json"}
	for i, c := range []struct {
		raw  string
		held bool
	}{
		{`{"id": "a", "size": 1}`, true},
		{`{"id": "b", "colour": "red", "size": 2}`, true}, // misspelt field: reported, entry kept
		{`{"size": "big"}`, false},                        // wrong type, no id: named by position
	} {
		var it item
		if got := Entry(e, "item", i, json.RawMessage(c.raw), &it); got != c.held {
			t.Errorf("entry %d: held %v, want %v", i+1, got, c.held)
		}
	}
	want := "f.json: item \"b\": json: unknown field \"colour\"\nf.json: item 3: json: cannot unmarshal"
	if e.Len() != 2 || e.Err() == nil || !strings.HasPrefix(e.Err().Error(), want) {
		t.Errorf("errors %d: %v; want 2 starting %q", e.Len(), e.Err(), want)
	}
	if (&Errors{File: "x"}).Err() != nil {
		t.Error("no problems must give a nil error")
	}
}

func TestEnumAndIsID(t *testing.T) {
	names := []string{"road", "track"}
	if k, ok := Enum[uint8](names, "track"); !ok || k != 1 {
		t.Errorf("Enum(track) = %d, %v", k, ok)
	}
	if _, ok := Enum[int8](names, "rail"); ok {
		t.Error("Enum(rail) found")
	}
	for s, want := range map[string]bool{"sidi-barrani": true, "7rtr": true, "Sidi": false, "a--b": false, "-a": false, "": false, "a_b": false} {
		if IsID(s) != want {
			t.Errorf("IsID(%q) = %v", s, !want)
		}
	}
}

func TestEmbeddedLoadsOnce(t *testing.T) {
	fsys := fstest.MapFS{"data/f.json": {Data: []byte(`{"notice": "RECONSTRUCTION docs/toy/data.md", "items": [{"id": "a"}]}`)}}
	loads := 0
	load := func(fsys fs.FS) (*file, error) {
		loads++
		var f file
		return &f, Read(fsys, "f.json", &f, &f.Notice, doc)
	}
	data := Embedded("toy", fsys, "data", load)
	if a, b := data(), data(); a != b || loads != 1 || len(a.Items) != 1 {
		t.Errorf("loaded %d times, same value %v, %d items", loads, a == b, len(a.Items))
	}
	defer func() {
		if r := recover(); r == nil || !strings.HasPrefix(r.(string), "toy: embedded data is invalid: ") {
			t.Errorf("invalid embedded data: recovered %v", r)
		}
	}()
	Embedded("toy", fstest.MapFS{}, "data", load)()
}
