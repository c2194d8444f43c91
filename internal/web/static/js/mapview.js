// The frame a map is seen through, shared by the boards (compass.js,
// wdf.js): it scrolls, zooms with its buttons, the mouse wheel and a
// pinch, pans with a mouse drag, keeps its place and zoom across the
// redraws that every action and live update brings, and opens on what
// matters (the battle, else the player's own units).
import { h, s, clear } from './dom.js';

// Places by game page (pathname): where the frame was scrolled to, kept
// while the page lives, so that a redraw does not throw the player back
// to the map's corner.
const places = new Map();

// Selections by game page and side: the piece selected stays selected
// across redraws, so a unit that moved may move on, and an update from the
// other side does not drop what the player was doing.
const selections = new Map();

// selection is the page's selection, { id }, cleared when the piece it
// names no longer exists (exists(id) says whether it does).
export function selection(side, exists) {
  const spot = `${location.pathname}|${side}`;
  if (!selections.has(spot)) selections.set(spot, { id: null });
  const sel = selections.get(spot);
  if (sel.id && !exists(sel.id)) sel.id = null;
  return sel;
}

// deviceClass tells a phone, a touch screen and a desk apart: each keeps
// its own zoom, so that a zoom chosen on a desk does not change a phone's
// start (and the other way round).
function deviceClass() {
  if (window.innerWidth < 700) return 'phone';
  return window.matchMedia && window.matchMedia('(pointer: coarse)').matches ? 'touch' : 'desk';
}

// mapFrame puts svg (a map whose width is set here as a share of the
// frame) in a scrolling frame. Options: game, for the stored zoom; min,
// max and start, the zoom by device class ({ phone, touch, desk });
// words: zoomIn, zoomOut, centre (the centre control's name); focus(), the
// map element (or elements) to open on when the page has no place kept, and to centre
// on with the control. Returns { frame, scroll, controls, zoom(), place(), centre(els) }:
// place() must be called once the frame is in the page.
export function mapFrame(svg, { game, min = 1, max = 4, start, words, focus }) {
  const cls = deviceClass();
  const key = `${game}-zoom-${cls}`;
  const scroll = h('div', { class: 'mapscroll', tabindex: -1 }, svg);
  const spot = location.pathname;
  let z = +localStorage.getItem(key) || start[cls] || 1;
  const apply = () => { svg.style.width = `${z * 100}%`; };
  apply();
  scroll.addEventListener('scroll', () => places.set(spot, [scroll.scrollLeft, scroll.scrollTop]));

  // zoomAt sets the zoom keeping the map's point under (px, py), a point
  // of the frame, where it was.
  const zoomAt = (nz, px, py) => {
    nz = Math.max(min, Math.min(max, Math.round(nz * 100) / 100));
    if (nz === z) return;
    const fx = (scroll.scrollLeft + px) / (scroll.scrollWidth || 1), fy = (scroll.scrollTop + py) / (scroll.scrollHeight || 1);
    z = nz;
    localStorage.setItem(key, z);
    apply();
    scroll.scrollLeft = fx * scroll.scrollWidth - px;
    scroll.scrollTop = fy * scroll.scrollHeight - py;
  };
  const zoomBy = (d) => zoomAt(z + d, scroll.clientWidth / 2, scroll.clientHeight / 2);

  // The wheel zooms about the pointer, as on map sites (a trackpad's pinch
  // comes as a wheel with ctrlKey, finer steps).
  scroll.addEventListener('wheel', (e) => {
    if (e.shiftKey) return; // shift+wheel scrolls across, as the browser does
    const step = Math.max(-1, Math.min(1, -e.deltaY / (e.ctrlKey ? 25 : 100)));
    const nz = z * (1 + 0.2 * step);
    if ((nz <= min && z <= min) || (nz >= max && z >= max)) return; // at the limit the page scrolls on
    e.preventDefault();
    const r = scroll.getBoundingClientRect();
    zoomAt(nz, e.clientX - r.left, e.clientY - r.top);
  }, { passive: false });

  // Two fingers pinch-zoom about their midpoint; one finger scrolls
  // natively.
  let pinch = null;
  const mid = (e) => {
    const r = scroll.getBoundingClientRect(), [a, b] = e.touches;
    return [(a.clientX + b.clientX) / 2 - r.left, (a.clientY + b.clientY) / 2 - r.top, Math.hypot(a.clientX - b.clientX, a.clientY - b.clientY)];
  };
  scroll.addEventListener('touchstart', (e) => {
    if (e.touches.length === 2) pinch = { z, d: mid(e)[2] || 1 };
  }, { passive: true });
  scroll.addEventListener('touchmove', (e) => {
    if (!pinch || e.touches.length !== 2) return;
    e.preventDefault();
    const [x, y, d] = mid(e);
    zoomAt(pinch.z * (d / pinch.d), x, y);
  }, { passive: false });
  scroll.addEventListener('touchend', (e) => { if (e.touches.length < 2) pinch = null; });
  dragToPan(scroll);

  // centreOn scrolls the frame so that el (an element of the map) is in
  // its middle.
  const centreOn = (el) => {
    if (!el) return;
    if (Array.isArray(el)) el = around(el);
    if (!el) return;
    const r = el.getBoundingClientRect(), f = scroll.getBoundingClientRect();
    scroll.scrollLeft += r.left + r.width / 2 - f.left - scroll.clientWidth / 2;
    scroll.scrollTop += r.top + r.height / 2 - f.top - scroll.clientHeight / 2;
  };
  const controls = h('span', { class: 'zoom' },
    h('button', { class: 'secondary', type: 'button', title: words.zoomOut, 'aria-label': words.zoomOut, onclick: () => zoomBy(-0.5) }, '−'),
    h('button', { class: 'secondary', type: 'button', title: words.zoomIn, 'aria-label': words.zoomIn, onclick: () => zoomBy(0.5) }, '+'),
    h('button', { class: 'secondary centre', type: 'button', title: words.centre, 'aria-label': words.centre, onclick: () => centreOn(focus()) },
      // A crosshair, drawn: not every phone's font has the sign.
      s('svg', { viewBox: '0 0 16 16', width: 14, height: 14, 'aria-hidden': 'true' },
        s('circle', { cx: 8, cy: 8, r: 5, fill: 'none', stroke: 'currentColor', 'stroke-width': 1.6 }),
        s('path', { d: 'M8 0v5M8 11v5M0 8h5M11 8h5', stroke: 'currentColor', 'stroke-width': 1.6 }))));

  // place puts the frame back where the player left it on this page, or
  // opens it on the focus.
  const place = () => {
    const kept = places.get(spot);
    if (kept) {
      scroll.scrollLeft = kept[0];
      scroll.scrollTop = kept[1];
    } else centreOn(focus());
  };
  return { scroll, controls, place, centre: centreOn, zoom: () => z };
}

// around is the box around some elements, for centreOn.
function around(els) {
  const rs = els.map((e) => e.getBoundingClientRect());
  if (rs.length === 0) return null;
  const left = Math.min(...rs.map((r) => r.left)), top = Math.min(...rs.map((r) => r.top));
  const right = Math.max(...rs.map((r) => r.right)), bottom = Math.max(...rs.map((r) => r.bottom));
  return { getBoundingClientRect: () => ({ left, top, width: right - left, height: bottom - top }) };
}

// dragToPan lets a mouse drag the zoomed map inside its frame (a finger
// scrolls it natively). A drag that moved does not count as a click.
function dragToPan(el) {
  let drag = null;
  el.addEventListener('pointerdown', (e) => {
    if (e.pointerType !== 'mouse' || e.button !== 0) return;
    drag = { x: e.clientX, y: e.clientY, left: el.scrollLeft, top: el.scrollTop, moved: false };
  });
  el.addEventListener('pointermove', (e) => {
    if (!drag) return;
    const dx = e.clientX - drag.x, dy = e.clientY - drag.y;
    if (!drag.moved && Math.hypot(dx, dy) < 6) return;
    drag.moved = true;
    el.classList.add('dragging');
    el.scrollLeft = drag.left - dx;
    el.scrollTop = drag.top - dy;
  });
  const end = () => {
    if (drag && drag.moved) {
      // Swallow the click that ends the drag.
      el.addEventListener('click', (e) => { e.stopPropagation(); e.preventDefault(); }, { capture: true, once: true });
    }
    drag = null;
    el.classList.remove('dragging');
  };
  el.addEventListener('pointerup', end);
  el.addEventListener('pointerleave', () => { drag = null; el.classList.remove('dragging'); });
}

// drawChanges marks on a map what changed since the player last acted in
// his own turn (play.js sinceLast): an arrow from where each unit was to
// where it is, a cross where a unit was lost, and its counter outlined.
// posOf(place) is a place's point on the map, or nothing when the place
// is a box off the map.
export function drawChanges(layer, changes, posOf, unitEls) {
  if (!changes || changes.length === 0) return;
  layer.append(s('defs', {}, s('marker', { id: 'lastmove-head', viewBox: '0 0 10 10', refX: 8, refY: 5, markerWidth: 5, markerHeight: 5, orient: 'auto' },
    s('path', { d: 'M0,0 L10,5 L0,10 z', class: 'lastmove-head' }))));
  for (const c of changes) {
    const a = posOf(c.from), b = posOf(c.to);
    const tip = s('title', {}, `${c.name}: ${c.from} → ${c.to}${c.reduced ? ' (−1)' : ''}`);
    if (a && b && c.from !== c.to) {
      const d = Math.hypot(b[0] - a[0], b[1] - a[1]) || 1, k = Math.max(0, 1 - 16 / d);
      layer.append(s('g', { class: 'lastmove', 'data-unit': c.unit }, tip,
        s('line', { x1: a[0], y1: a[1], x2: a[0] + (b[0] - a[0]) * k, y2: a[1] + (b[1] - a[1]) * k, 'marker-end': 'url(#lastmove-head)' })));
    } else if (a && !b) {
      const r = 9;
      layer.append(s('g', { class: 'lostmark', 'data-unit': c.unit }, tip,
        s('circle', { cx: a[0], cy: a[1], r: r + 3 }),
        s('path', { d: `M${a[0] - r},${a[1] - r}L${a[0] + r},${a[1] + r}M${a[0] + r},${a[1] - r}L${a[0] - r},${a[1] + r}` })));
    }
    const g = unitEls.get(c.unit);
    if (g) g.classList.add('changed');
  }
}

// offerChoices fills chooser, a box over the map, with a button for each
// of acts ({ action, label }) that shares the place the player clicked,
// and a close button (words: choose, close); the keyboard goes to the
// first choice and Escape closes.
export function offerChoices(chooser, acts, play, words) {
  clear(chooser).append(h('p', {}, words.choose), ...acts.map((a) => h('button', { 'data-action': a.action, onclick: () => { chooser.hidden = true; play(a.action); } }, a.label)),
    h('button', { class: 'secondary', 'aria-label': words.close || '✕', onclick: () => { chooser.hidden = true; } }, '✕'));
  chooser.hidden = false;
  chooser.onkeydown = (e) => { if (e.key === 'Escape') chooser.hidden = true; };
  const first = chooser.querySelector('button');
  if (first) first.focus();
}

// asker asks the engine (ctx.ask) each question once a view: ask(q) is
// the answer's promise (null for a refusal, or with no engine to ask),
// asked(q) whether it was asked, answered the answers come so far.
export function asker(ctx) {
  const promises = new Map(), answered = new Map();
  const ask = (q) => {
    if (!promises.has(q)) {
      const p = ctx.ask ? ctx.ask(q).catch(() => null) : Promise.resolve(null);
      promises.set(q, p.then((a) => { answered.set(q, a); return a; }));
    }
    return promises.get(q);
  };
  return { ask, asked: (q) => promises.has(q), answered };
}

// tellWhy answers "why can't I?" in the status box: the reason the view
// gives for the selected piece and the place clicked (its blocked map:
// the place's own reason, else "*", a reason that bars every place, else
// "+", the reason for places the view does not list one by one), or
// fallback; one line, replacing the last (words: whyNot).
export function tellWhy(status, blocked, place, fallback, words) {
  const b = blocked || {};
  const text = b[place] || b['*'] || b['+'] || fallback;
  const old = status.querySelector('.whynot');
  if (old) old.remove();
  status.hidden = false;
  status.append(h('p', { class: 'whynot', role: 'status' }, `${words.whyNot} ${text}`));
}
