package web_test

import (
	"context"
	"fmt"
	"time"

	"github.com/chromedp/chromedp"
)

// hitPoint finds a point of the viewport where the element sel is what a
// pointer would hit (not covered by another element), after scrolling it
// into view; it searches a fine grid from the element's centre outwards,
// so a counter showing only an edge under its stack is found too.
const hitPoint = `((sel, stack) => {
  let el = document.querySelector(sel);
  if (el && stack) el = el.closest('.stack');
  if (!el) return [];
  el.scrollIntoView({block: 'center', inline: 'center'});
  const r = el.getBoundingClientRect();
  const pts = [];
  for (let i = 0; i <= 16; i++) for (let j = 0; j <= 16; j++) pts.push([r.left + r.width * (0.03 + 0.94 * i / 16), r.top + r.height * (0.03 + 0.94 * j / 16)]);
  const cx = r.left + r.width / 2, cy = r.top + r.height / 2;
  pts.sort((a, b) => Math.hypot(a[0] - cx, a[1] - cy) - Math.hypot(b[0] - cx, b[1] - cy));
  for (const [x, y] of pts) {
    const hit = document.elementFromPoint(x, y);
    if (hit && (hit === el || el.contains(hit))) return [x, y];
  }
  return [];
})(%q, %t)`

// pointOf is where sel can be hit, or an error if it is absent or covered.
func pointOf(ctx context.Context, sel string) (float64, float64, error) {
	return hitOf(ctx, sel, false)
}

// hitOf is pointOf for sel, or for the stack that holds it.
func hitOf(ctx context.Context, sel string, stack bool) (float64, float64, error) {
	p, err := chromedp.Run(ctx, chromedp.Evaluate[[]float64](fmt.Sprintf(hitPoint, sel, stack)))
	if err != nil {
		return 0, 0, err
	}
	if len(p) != 2 {
		return 0, 0, fmt.Errorf("%s is absent or covered: a player could not click it", sel)
	}
	return p[0], p[1], nil
}

// mouseClick clicks sel as a player with a mouse does: the pointer moves
// onto it first (or, for a counter hidden in a pile, onto its stack, which
// fans out), then presses where the element is now.
func mouseClick(sel string) chromedp.Action[chromedp.Void] {
	return chromedp.Func(func(ctx context.Context, _ *chromedp.Target) error {
		x, y, err := pointOf(ctx, sel)
		if err != nil {
			if x, y, err = hitOf(ctx, sel, true); err != nil {
				return err
			}
		}
		if err := chromedp.Do(ctx, chromedp.MouseEvent(chromedp.MouseMoved, x, y), chromedp.Sleep(100*time.Millisecond)); err != nil {
			return err
		}
		if x, y, err = pointOf(ctx, sel); err != nil {
			return err
		}
		return chromedp.Do(ctx, chromedp.MouseEvent(chromedp.MouseMoved, x, y), chromedp.MouseClickXY(x, y))
	})
}

// mouseHover moves the pointer onto sel.
func mouseHover(sel string) chromedp.Action[chromedp.Void] {
	return chromedp.Func(func(ctx context.Context, _ *chromedp.Target) error {
		x, y, err := pointOf(ctx, sel)
		if err != nil {
			return err
		}
		return chromedp.Do(ctx, chromedp.MouseEvent(chromedp.MouseMoved, x, y))
	})
}

// tap touches sel with a finger (the page must run with touch emulation).
func tap(sel string) chromedp.Action[chromedp.Void] {
	return chromedp.Func(func(ctx context.Context, _ *chromedp.Target) error {
		x, y, err := pointOf(ctx, sel)
		if err != nil {
			return err
		}
		return chromedp.Do(ctx, chromedp.TapXY(x, y))
	})
}
