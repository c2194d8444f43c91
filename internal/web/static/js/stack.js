// Stacks of counters on a map, shared by the boards (compass.js, wdf.js):
// a stack is piled as the game draws it, and fans out, larger, in rows on
// a card on mouse hover, on keyboard focus, or on a first tap on a touch
// screen; the next tap or a click picks a counter (and the stack closes,
// so that what lies around is free to click again).
import { s } from './dom.js';

export const FAN = 1.5; // a fanned-out stack is drawn larger, to be read

// stackSet manages the stacks drawn in layer, a group of svg. Options:
// size, a counter's side; centred, counters are drawn around their origin
// (else from their top-left corner); bounds, [minX, minY, maxX, maxY] a
// fanned stack stays inside; pile(st), which places the counters of a
// closed stack (st.units, st.counters, st.badge, and whatever the game
// put on st).
export function stackSet(svg, layer, { size, centred = false, bounds, pile }) {
  // The kind of pointer pressed, until its click is over: a tap fans a
  // stack out first, and the focus a tap gives a counter does not.
  let pointer = '';
  svg.addEventListener('pointerdown', (e) => { pointer = e.pointerType; });
  svg.addEventListener('click', () => setTimeout(() => { pointer = ''; }), true);
  const touch = () => pointer === 'touch' || pointer === 'pen';
  let raising = false; // a stack moved above the others loses the focus, and stays open
  const all = [];

  // add draws a stack: st holds its units, cx (its centre across) and top
  // (where a fanned card begins), and may hold attrs for its group and a
  // badge; counter(u, st) draws one counter.
  function add(st, counter) {
    st.fanned = false;
    st.counters = [];
    st.g = s('g', {
      ...(st.attrs || {}),
      class: 'stack' + (st.attrs && st.attrs.class ? ' ' + st.attrs.class : ''),
      onpointerenter: (e) => { if (e.pointerType === 'mouse') fan(st, true, true); },
      onpointerleave: (e) => { if (e.pointerType === 'mouse') fan(st, false); },
      onfocusin: () => { if (!touch()) fan(st, true); },
      onfocusout: (e) => { if (!raising && !st.g.contains(e.relatedTarget)) fan(st, false); },
    });
    st.back = s('rect', { class: 'fanback', rx: 5 });
    st.g.append(...[st.back, ...st.units.map((u) => {
      const g = counter(u, st);
      st.counters.push(g);
      return g;
    }), st.badge].filter(Boolean));
    layout(st);
    all.push(st);
    layer.append(st.g);
    return st;
  }

  // layout places a stack's counters: piled, or fanned out in rows.
  function layout(st) {
    if (!st.fanned) {
      st.back.setAttribute('visibility', 'hidden');
      pile(st);
      if (st.badge) {
        st.badge.setAttribute('visibility', 'visible');
        if (st.g.lastChild !== st.badge) st.g.append(st.badge);
      }
      return;
    }
    const n = st.units.length;
    const cols = n <= 4 ? n : n <= 9 ? 3 : 4, rows = Math.ceil(n / cols);
    const cell = size * FAN + 4, wd = cols * cell + 6, ht = rows * cell + 6;
    const [x0, y0, x1, y1] = bounds;
    const left = Math.max(x0 + 2, Math.min(x1 - wd - 2, st.cx - wd / 2));
    const top = Math.max(y0 + 2, Math.min(y1 - ht - 2, st.top - 6));
    st.back.setAttribute('x', left); st.back.setAttribute('y', top);
    st.back.setAttribute('width', wd); st.back.setAttribute('height', ht);
    st.back.setAttribute('visibility', 'visible');
    const o = centred ? (size * FAN) / 2 : 0;
    st.units.forEach((_, i) => {
      const cx = left + 5 + (i % cols) * cell + o, cy = top + 5 + Math.floor(i / cols) * cell + o;
      st.counters[i].setAttribute('transform', `translate(${cx.toFixed(1)},${cy.toFixed(1)}) scale(${FAN})`);
    });
    if (st.badge) st.badge.setAttribute('visibility', 'hidden');
  }

  // fan opens or closes a stack; an open one is raised above the others.
  function fan(st, open, raise) {
    if (st.units.length < 2 || st.fanned === open) return;
    st.fanned = open;
    st.g.classList.toggle('fanned', open);
    // Raised above the other stacks (not when a counter takes the focus
    // from the keyboard: moving a node takes the focus away).
    if (open && raise && layer.lastChild !== st.g) {
      raising = true;
      layer.append(st.g);
      raising = false;
    }
    layout(st);
  }

  function closeAll(except) {
    for (const st of all) if (st !== except) fan(st, false);
  }

  // click is a click or tap on a counter of st: a tap on a closed stack
  // opens it; otherwise pick(id) runs (the game selects the counter and
  // closes the stacks with closeAll).
  function click(st, id, pick) {
    if (touch() && !st.fanned && st.units.length > 1) {
      closeAll(st);
      fan(st, true, true);
      return;
    }
    pick(id);
  }

  return { add, layout, relayout: () => all.forEach(layout), fan, closeAll, click, all };
}

// pileDiagonal places a closed stack's counters (drawn centred) at most
// step apart and spread in all, up and to the right, the counter of
// selectedID on top: the hex maps' pile (wdf.js, primogenita.js).
export function pileDiagonal(st, selectedID, step, spread) {
  const n = st.units.length, off = Math.min(step, spread / Math.max(1, n - 1));
  st.units.forEach((u, i) => {
    const d = (i - (n - 1) / 2) * off;
    st.counters[i].setAttribute('transform', `translate(${(st.cx + d).toFixed(1)},${(st.cy - d).toFixed(1)})`);
  });
  const order = st.units.map((_, i) => i);
  const si = st.units.findIndex((u) => u.id === selectedID);
  if (si >= 0) { order.splice(si, 1); order.push(si); }
  restack(st, order);
}

// restack puts st's counters in order (indexes into st.units, the last on
// top), keeping the keyboard's focus on its counter: moving a node drops
// the focus, and a keyboard player would be thrown back to the page's start.
export function restack(st, order) {
  const now = [...st.g.children].filter((c) => c.classList.contains('counter'));
  if (!order.some((ui, k) => now[k] !== st.counters[ui])) return;
  const f = st.g.contains(document.activeElement) ? document.activeElement : null;
  for (const ui of order) st.g.append(st.counters[ui]);
  if (f) f.focus({ preventScroll: true });
}
