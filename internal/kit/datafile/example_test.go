package datafile_test

import (
	"encoding/json"
	"fmt"
	"io/fs"
	"testing/fstest"

	"sandtable/internal/kit/datafile"
)

// The shape of a game's loader: read the file, decode and check each
// entry, report every problem at once.
func Example() {
	type unitJSON struct {
		ID string `json:"id"`
		CV int    `json:"cv"`
	}
	load := func(fsys fs.FS) ([]unitJSON, error) {
		var f struct {
			Notice string            `json:"notice"`
			Units  []json.RawMessage `json:"units"`
		}
		if err := datafile.Read(fsys, "units.json", &f, &f.Notice, "docs/toy/data.md"); err != nil {
			return nil, err
		}
		fe := &datafile.Errors{File: "units.json"}
		var units []unitJSON
		for i, raw := range f.Units {
			var u unitJSON
			if !datafile.Entry(fe, "unit", i, raw, &u) {
				continue
			}
			if !datafile.IsID(u.ID) {
				fe.Add("unit %d: id %q is not lower-case kebab", i+1, u.ID)
			}
			if u.CV < 1 || u.CV > 9 {
				fe.Add("unit %q: cv %d out of range 1-9", u.ID, u.CV)
			}
			units = append(units, u)
		}
		return units, fe.Err()
	}
	fsys := fstest.MapFS{"units.json": {Data: []byte(`{
  "notice": "RECONSTRUCTION from history, see docs/toy/data.md",
  "units": [{"id": "7rtr", "cv": 4}, {"id": "Bad Id", "cv": 12}, {"id": "x", "cv": 1, "colour": "red"}]
}`)}}
	_, err := load(fsys)
	fmt.Println(err)
	// Output:
	// units.json: unit 2: id "Bad Id" is not lower-case kebab
	// units.json: unit "Bad Id": cv 12 out of range 1-9
	// units.json: unit "x": json: unknown field "colour"
}
