package web_test

import (
	"math"
	"testing"

	"github.com/chromedp/chromedp"
)

// TestBrowserProspectExact checks the odds of an attack before it is
// committed (odds.js compassProspect) against odds worked by hand, for the
// prospect the engine gives when 7 RTR (2*) may join 4th Armd Bde (4)
// against Cirene (2) with an artillery (1*) (compass TestProspects): the
// attacker may field [4], [6] (7 RTR behind), [2] or [2, 4]; the defender
// answers with [3] (the artillery behind Cirene) or [1, 2].
//
// Worked by hand, the defender's retreat (the attacker scores more hits):
// [6] (5/6) against [3] (1/2): 5/12, against [1, 2]: 5/6 · 5/9 = 25/54;
// [4] against [3]: 2/3 · 1/2 = 1/3; [2] against [3]: 1/6; [2, 4] (0, 1, 2
// hits: 2/9, 5/9, 2/9) against [3]: 5/9 · 1/2 + 2/9 = 1/2, against
// [1, 2] (0, 1, 2: 5/9, 7/18, 1/18): 25/81 + 2/9 · 17/18 = 14/27. The
// defender answers each with what gives the least; the attacker takes the
// best of those: [2, 4] against [3], retreat 1/2, a tie 2/9 · 1/2 + 5/9 ·
// 1/2 = 7/18, fewer hits 2/9 · 1/2 = 1/9; two hits never reach the
// defence's three levels.
func TestBrowserProspectExact(t *testing.T) {
	ctx, base := browser(t)
	if err := chromedp.Do(ctx, chromedp.Navigate(base+"/")); err != nil {
		t.Fatal(err)
	}
	got, err := chromedp.Run(ctx, chromedp.Evaluate[[]float64](`import('/static/js/odds.js').then((m) => {
  const f = (targets, levels) => ({ targets, levels });
  const o = m.compassProspect({ att: [f([2, 4], 4), f([2], 2), f([4], 2), f([6], 4)], def: [f([1, 2], 3), f([3], 3)] });
  const none = m.compassProspect({ att: [], def: [f([3], 3)] });
  return [o.retreat, o.tie, o.worse, o.wipe, ...o.att, ...o.def, ...o.fielded[0].targets, ...o.fielded[1].targets, none === null ? 1 : 0];
})`, chromedp.EvalAwaitPromise))
	if err != nil {
		t.Fatal(err)
	}
	want := []float64{1.0 / 2, 7.0 / 18, 1.0 / 9, 0, 2.0 / 9, 5.0 / 9, 2.0 / 9, 1.0 / 2, 1.0 / 2, 2, 4, 3, 1}
	if len(got) != len(want) {
		t.Fatalf("got %v, want %v", got, want)
	}
	for i := range want {
		if math.Abs(got[i]-want[i]) > 1e-12 {
			t.Fatalf("prospect odds %v, want %v", got, want)
		}
	}
}
