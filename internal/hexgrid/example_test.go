package hexgrid_test

import (
	"fmt"

	"sandtable/internal/hexgrid"
)

func Example() {
	// Western Desert Force: "XXYY", flat-top columns, even columns lower.
	wdf := hexgrid.Layout{Width: 2, MinCol: 1, MaxCol: 70, MinRow: 1, MaxRow: 26}
	bardia, sollum := wdf.MustParse("4009"), wdf.MustParse("4110")
	fmt.Println(hexgrid.Adjacent(bardia, sollum), hexgrid.Distance(wdf.MustParse("3617"), wdf.MustParse("3819")))

	// 6 cost units per MP: road 1/3 MP = 2, clear 1 MP = 6.
	roads := map[hexgrid.Hex]bool{}
	for _, id := range []string{"3409", "3510", "3609", "3709"} {
		roads[wdf.MustParse(id)] = true
	}
	step := func(from, to hexgrid.Hex, _ hexgrid.Hexside) (int, bool) {
		if roads[from] && roads[to] {
			return 2, false
		}
		return 6, false
	}
	s := hexgrid.NewSearch(wdf.Hexes())
	path, cost, _ := s.Path(wdf.MustParse("3409"), wdf.MustParse("3709"), hexgrid.NoLimit, step)
	for _, h := range path {
		fmt.Print(wdf.Format(h), " ")
	}
	fmt.Println(cost)

	if _, err := wdf.Parse("7109"); err != nil {
		fmt.Println(err)
	}
	// Output:
	// true 3
	// 3409 3510 3609 3709 6
	// hexgrid: bad hex id "7109": column 71 outside 01-70
}
