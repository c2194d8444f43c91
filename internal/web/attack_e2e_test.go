package web_test

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// TestBrowserCompassAttackAgainstComputer plays the opening of a Compass
// game as the Allies against the computer, by clicks on the page: it
// chooses the turn 1 events, moves 7th Armd Bde by clicking its counter and
// an area, declares an attack on Nibeiwa by clicking it (the unit stays
// selected after its move), ends the movement
// phase, fights the combat by clicking the attacked area, and answers the
// combat's questions until the hits are counted; then it checks that
// the log shows the dice against their target numbers and the hits.
func TestBrowserCompassAttackAgainstComputer(t *testing.T) {
	ctx, base := browser(t)
	err := chromedp.Do(ctx,
		compassAgainstRandom(base, "allied"),
	)
	if err != nil {
		t.Fatal(err)
	}
	// step clicks the element sel with the mouse, as a player does (the
	// pointer moves onto it, a stack under it fans out, the button is
	// pressed where nothing covers it), and waits until the game has moved
	// on past move.
	step := func(sel string) {
		t.Helper()
		move := gameMove(t, ctx)
		err := chromedp.Do(ctx, chromedp.WaitVisible(css(sel)), mouseClick(sel))
		if err != nil {
			t.Fatalf("clicking %s: %v", sel, err)
		}
		waitMove(t, ctx, move)
	}
	// 6.1.A: the Allied player chooses three events.
	for range 3 {
		step(`.actions button[data-action^="pick "]`)
	}
	// 6.1.B: he holds markers, so he is asked about replacements.
	step(`.prompt button[data-action="done"]`)
	// 6.2.D: move 7th Armd Bde to Bir Enba, then declare an attack on Nibeiwa.
	step(`svg.map g.counter[data-unit="7-armd-bde"]`) // selects; no move yet
	step(`svg.map path.area[data-area="bir-enba"]`)
	// The unit that moved stays selected, its next places lit: the attack
	// is declared by clicking the area at once.
	if err := chromedp.Do(ctx, chromedp.WaitVisible(css(`svg.map g.counter.selected[data-unit="7-armd-bde"]`)),
		chromedp.WaitVisible(css(`svg.map path.area.dest[data-area="nibeiwa"]`))); err != nil {
		t.Fatalf("the unit that moved is no longer selected: %v", err)
	}
	// Before declaring it, the attack's exact odds (its best fielding
	// against the defender's best answer): on the attacked area and in
	// the selected unit's line.
	prospect := func(sel, what string) {
		t.Helper()
		// The page draws the odds once the view of the new decision has
		// arrived: read again for up to 5 s before calling them missing.
		var text string
		for deadline := time.Now().Add(5 * time.Second); ; time.Sleep(100 * time.Millisecond) {
			var err error
			text, err = chromedp.Run(ctx, chromedp.Evaluate[string](`(document.querySelector('`+sel+`') || {}).textContent || ''`))
			if err != nil {
				t.Fatal(err)
			}
			if strings.Contains(text, "%") || time.Now().After(deadline) {
				break
			}
		}
		if !strings.Contains(text, "%") {
			t.Errorf("%s: no odds (%q)", what, text)
		}
	}
	prospect(`svg.map g.cost.odds[data-area="nibeiwa"]`, "the attacked area before the declaration")
	prospect(`.unitinfo .prospects span[data-action="attack 7-armd-bde nibeiwa"]`, "the unit's line before the declaration")
	if err := chromedp.Do(ctx, shot("compass-attack-prospect")); err != nil {
		t.Fatal(err)
	}
	step(`svg.map path.area[data-area="nibeiwa"]`)
	if err := chromedp.Do(ctx, chromedp.WaitVisible(css(`svg.map line.attack`)), shot("compass-attack-declared")); err != nil {
		t.Fatal(err)
	}
	step(`.prompt button[data-action="done"]`)
	// Before fighting it: the odds on the area the combat is fought on.
	prospect(`svg.map g.cost.odds[data-area="nibeiwa"]`, "the attacked area before the combat")
	// 6.2.E: clicking the attacked area fights the combat from Bir Enba.
	step(`svg.map path.area[data-area="nibeiwa"]`)
	if err := chromedp.Do(ctx, chromedp.WaitVisible(css(`table.battle caption`))); err != nil {
		t.Fatal(err)
	}
	// The numbers stand under their headings (a left-aligned "Hits on"
	// stood over the support column, its numbers at the far right).
	if align, err := chromedp.Run(ctx, chromedp.Evaluate[[]string](`['thead th:nth-child(3)', 'tbody td.num'].map((q) => getComputedStyle(document.querySelector('table.battle ' + q)).textAlign)`)); err != nil {
		t.Fatal(err)
	} else if align[0] != align[1] {
		t.Errorf("the battle table's 'Hits on' heading is aligned %s, its numbers %s", align[0], align[1])
	}
	// Before the dice, the exact odds of the battle as it stands: the
	// three outcomes of 6.2.E.7-8 sum to one.
	odds, err := chromedp.Run(ctx, chromedp.Evaluate[string](`(document.querySelector('.battle-odds') || {}).textContent || ''`))
	if err != nil {
		t.Fatal(err)
	}
	if odds == "" {
		t.Errorf("no odds beside the battle before its dice")
	} else {
		var r, tie, w float64
		if _, err := fmt.Sscanf(odds[strings.Index(odds, "retreats"):], "retreats %f%% · tie, both stay %f%% · attacker scores fewer hits %f%%", &r, &tie, &w); err != nil || r+tie+w < 98 || r+tie+w > 102 {
			t.Errorf("the odds %q do not read as three outcomes summing to 100%% (%v)", odds, err)
		}
	}
	// Beside an event that would change a die's number, the odds then.
	if note, _ := chromedp.Run(ctx, chromedp.Evaluate[string](`(() => { const b = document.querySelector('.actions button[data-action^="play air-support"]'); return b ? (b.querySelector('small.note') || { textContent: 'none' }).textContent : ''; })()`)); note == "none" || (note != "" && !strings.Contains(note, "%")) {
		t.Errorf("the Air Support button tells no odds: %q", note)
	}
	if err := chromedp.Do(ctx, shot("compass-battle-odds")); err != nil {
		t.Fatal(err)
	}
	// The Allied events and, after the dice, the Leader re-roll question
	// (6.2.E.4): pass until the hits are counted.
	// The page is waited on first: the computer's answer may still be on
	// its way when our last click has been taken.
	const settled = `document.querySelector('ol.log').textContent.includes('Compass 6.2.E.5: hits:') ||
		document.querySelector('.prompt button[data-action="done"]') !== null`
	for range 8 {
		if _, err := chromedp.Run(ctx, chromedp.Poll[bool](settled, chromedp.WithPollingTimeout(10*time.Second))); err != nil {
			t.Fatalf("waiting for the combat's next question or its hits: %v", err)
		}
		if strings.Contains(pageLog(t, ctx), "Compass 6.2.E.5: hits:") {
			break
		}
		step(`.prompt button[data-action="done"]`)
	}
	log := pageLog(t, ctx)
	for _, want := range []string{"Compass 6.2.E.1", "7th Armd Bde: CV 3", "rolls", "Compass 6.2.E.5: hits: attacker"} {
		if !strings.Contains(log, want) {
			t.Fatalf("the page's log lacks %q:\n%s", want, log)
		}
	}
	// While the battle goes on (losses, retreat or advance to decide), its
	// panel shows each die against its target number and whether it hit.
	panel, err := pageText(ctx, `table.battle`)
	if err != nil {
		t.Fatal(err)
	}
	if panel != "" && (!strings.Contains(panel, "7th Armd Bde") || !(strings.Contains(panel, "hit") || strings.Contains(panel, "miss"))) {
		t.Fatalf("the battle panel lacks the attacker's die:\n%s", panel)
	}
	// The caption's hits are the rows that say hit (it read "hits 0–0"
	// under two hits while the Leader questions were open).
	agree, err := chromedp.Run(ctx, chromedp.Evaluate[string](`(() => {
  const t = document.querySelector('table.battle');
  if (!t) return '';
  const n = [0, 0];
  let side = -1;
  for (const tr of t.querySelectorAll('tbody tr')) {
    if (tr.querySelector('th')) { side++; continue; }
    if (side < 2 && tr.querySelector('td.hit')) n[side]++;
  }
  const m = /(\d+)–(\d+)$/.exec(t.querySelector('caption').textContent);
  return m && +m[1] === n[0] && +m[2] === n[1] ? '' : t.querySelector('caption').textContent + ' / rows ' + n;
})()`))
	if err != nil {
		t.Fatal(err)
	}
	if agree != "" {
		t.Errorf("the battle caption's hits disagree with its rows: %s", agree)
	}
	if err := chromedp.Do(ctx, shot("compass-battle-dice")); err != nil {
		t.Fatal(err)
	}
	// Answer the rest (losses, retreat, advance) with the first action
	// offered, until the battle is over; then the last battle's panel
	// holds every loss, retreat and advance the log tells.
	const over = `document.querySelector('table.battle') === null`
	for range 10 {
		if _, err := chromedp.Run(ctx, chromedp.Poll[bool](over+` || document.querySelector('.actions button[data-action], .prompt button[data-action]') !== null`, chromedp.WithPollingTimeout(10*time.Second))); err != nil {
			t.Fatalf("waiting for the battle's next question or its end: %v", err)
		}
		if done, _ := chromedp.Run(ctx, chromedp.Evaluate[bool](over)); done {
			break
		}
		// The first answer listed, else "done" in the prompt bar.
		if listed, _ := chromedp.Run(ctx, chromedp.Evaluate[bool](`document.querySelector('.actions button[data-action]') !== null`)); listed {
			step(`.actions button[data-action]`)
		} else {
			step(`.prompt button[data-action]`)
		}
	}
	summary, err := chromedp.Run(ctx, chromedp.Evaluate[string](`(() => { const d = document.querySelector('details.lastbattle'); if (!d) return ''; d.open = true; return d.innerText; })()`))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(summary, "Compass 6.2.E.1: Allied attack from Bir Enba on Nibeiwa") || !strings.Contains(summary, "rolls") {
		t.Fatalf("no last battle panel with its dice after the battle:\n%s", summary)
	}
	log = pageLog(t, ctx)
	for _, line := range strings.Split(log, "\n") {
		for _, rule := range []string{"Compass 6.2.E.6", "Compass 6.2.E.7", "Compass 6.2.E.8"} {
			if i := strings.Index(line, rule); i >= 0 && !strings.Contains(summary, line[i:]) {
				t.Errorf("the last battle panel lacks %q:\n%s", line[i:], summary)
			}
		}
	}
	if err := chromedp.Do(ctx, shot("compass-battle-resolved")); err != nil {
		t.Fatal(err)
	}
	noStrayText(t, ctx)
}

// gameMove asks the server for the move number of the page's game.
func gameMove(t *testing.T, ctx context.Context) int {
	t.Helper()
	n, err := chromedp.Run(ctx, chromedp.Evaluate[int](`fetch('/api/games/' + location.pathname.split('/')[2]).then(r => r.json()).then(v => v.move)`, chromedp.EvalAwaitPromise))
	if err != nil {
		t.Fatal(err)
	}
	return n
}

// waitMove waits until the page's game has gone past move and the page
// shows it (a selection click changes nothing: it returns at once).
func waitMove(t *testing.T, ctx context.Context, move int) {
	t.Helper()
	_, err := chromedp.Run(ctx, chromedp.Evaluate[bool](fmt.Sprintf(`(async () => {
  for (let i = 0; i < 50; i++) {
    const v = await (await fetch('/api/games/' + location.pathname.split('/')[2])).json();
    if (v.move > %d && v.actions.length > 0) return true;
    await new Promise((r) => setTimeout(r, 100));
  }
  return false;
})()`, move), chromedp.EvalAwaitPromise))
	if err != nil {
		t.Fatal(err)
	}
}

// pageLog is the text of the game log shown on the page.
func pageLog(t *testing.T, ctx context.Context) string {
	t.Helper()
	text, err := pageText(ctx, `ol.log`)
	if err != nil {
		t.Fatal(err)
	}
	return text
}
