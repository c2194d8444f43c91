// The La Primogenita board: the pointy-top hex map drawn from view.map
// (hex centres given in hex sizes by the view, lettered rows A–R), terrain,
// coastal sand, the Patriot zone, roads and tracks from centre to centre,
// the Massaua–Biscia railway, cliffs drawn inside the hex they are climbed
// from (1.3; both sides for a double cliff), towns with their VP and flags,
// the five Entry boxes with their arrows, supply sources and SD, Trench
// markers; stacks of counters with their values and steps, Disrupted and
// Low/No Supply markers (stack.js fans them out); the VP, Game Turn and
// phase tracks and the Air Base; the order sheets (the 22 Orders with their
// priorities, the four choice boxes, the Combination Orders Box, the Order
// Track, what is flipped) and the secret choice; the Assault under way.
// Clicking a counter lights the hexes its legal actions name; clicking a lit
// hex plays the action (or asks which); a unit to set up (1.7) starts
// selected, its hexes lit and in view. Orders are picked by clicking them
// on the sheet. Its words are the "client" section of the game's catalog
// (internal/games/primogenita/words/<lang>.json).
import { h, s, clear } from './dom.js';
import { stackSet, FAN, pileDiagonal } from './stack.js';
import { mapFrame, selection, drawChanges, offerChoices } from './mapview.js';
import { gameWords } from './i18n.js';

export const stylesheet = true;

const R = 20; // hex size: centre to corner
const SQ3 = Math.sqrt(3);
const CS = 20; // counter side

// The phases of the turn (2.1) in the order of the phase track; their
// names are the catalog's client.phases.
const PHASES = ['pre', 'source', 'order1', 'rail', 'order2', 'supply'];

const TERRAIN = { flat: '#efe4c0', rough: '#d9c08c', mountain: '#b8946a', alpine: '#94765a' };
const INK = { italian: '#1d3a12', allied: '#4a0f0b' };
const FACE = { italian: '#9cc47f', allied: '#e0938a', french: '#9db8e8', arbegnoch: '#efb46a' };
const face = (u) => (u.french ? FACE.french : u.arbegnoch ? FACE.arbegnoch : FACE[u.side] || '#ddd');
const tokens = (text) => text.split(/\s+/);
const keyed = (f) => (e) => {
  if (e.key === 'Enter' || e.key === ' ') {
    e.preventDefault();
    f(e);
  }
};
// A move's destination beyond the next hex: the board plays the steps of
// the way the view gives (view.reach) one per redraw, the unit selected.
const going = { path: '', unit: '', hex: '', steps: 0 };

// corners of the pointy-top hex around x, y, scaled by k.
function corners(x, y, k = 1) {
  const out = [];
  for (let i = 0; i < 6; i++) {
    const a = Math.PI / 6 + (Math.PI / 3) * i;
    out.push([x + R * k * Math.cos(a), y + R * k * Math.sin(a)]);
  }
  return out;
}
const poly = (pts) => 'M' + pts.map((p) => p.map((n) => n.toFixed(1)).join(',')).join('L') + 'Z';

// unitLine is a counter in words, for titles and the status line.
function unitLine(u, w) {
  const kind = u.kind === 'sd' ? w.sd : u.artillery ? w.artillery : w[u.kind] || u.kind;
  const bits = [`${u.name} — ${kind}`];
  if (u.kind !== 'sd' && u.kind !== 'air') bits.push(`${w.strength} ${u.strength}`, `${w.steps} ${u.steps}`);
  if (u.move) bits.push(`${w.move} ${u.move}`);
  if (u.kind !== 'air') bits.push(`${w.stack} ${u.stack}`);
  if (u.march) bits.push(w.march);
  if (u.elite) bits.push(w.elite);
  if (u.kind === 'sd' && u.flipped) bits.push(w.depleted);
  if (u.disrupted) bits.push(w.disrupted);
  if (u.supply) bits.push(w[u.supply]);
  if (u.arrives) bits.push(u.arrives);
  return bits.join(', ');
}

// counterFace draws a counter centred on 0,0: strength (framed for
// Artillery), March asterisk, Elite flag, Movement and Stacking Values, a
// gray band for a full-strength two-step unit (1.4), and markers.
function counterFace(u, w, actionable, title) {
  const ink = INK[u.side] || '#222';
  const g = s('g', { class: 'counter' + (actionable ? ' actionable' : '') + (u.flipped ? ' flipped' : ''), tabindex: 0, role: 'button', 'data-unit': u.id });
  const c = -CS / 2;
  g.append(s('title', {}, title), s('rect', { class: 'face', x: c, y: c, width: CS, height: CS, rx: 2, fill: face(u), stroke: ink, 'stroke-width': 0.8 }));
  if (u.colonial) g.append(s('rect', { x: c + 1, y: c + 1, width: CS - 2, height: 5, fill: '#3f6b2a' }));
  if (u.kind === 'sd') {
    g.append(s('text', { x: 0, y: 2, class: 'cstr' }, 'SD'), s('text', { x: 0, y: CS / 2 - 2, class: 'cval' }, u.flipped ? '∅' : `${u.move}`));
  } else {
    if (u.steps >= 2) g.append(s('rect', { x: c + 1, y: CS / 2 - 4.5, width: CS - 2, height: 3.5, fill: '#8d8d8d', opacity: 0.55 }));
    g.append(s('text', { x: 0, y: 3.5, class: 'cstr', fill: ink }, `${u.strength}`));
    if (u.artillery) g.append(s('rect', { x: -5.5, y: -5, width: 11, height: 10, fill: 'none', stroke: ink, 'stroke-width': 0.8 }));
    g.append(s('text', { x: c + 2, y: CS / 2 - 1.5, class: 'cval start' }, `${u.stack}`), s('text', { x: CS / 2 - 2, y: CS / 2 - 1.5, class: 'cval end' }, `${u.move}${u.march ? '*' : ''}`));
    if (u.elite) g.append(s('path', { d: `M${c + 2},${c + 2.5} h5 v3 h-5 Z`, fill: '#2f8a3a', stroke: '#b3261e', 'stroke-width': 0.5 }));
  }
  g.append(s('text', { x: 0, y: c + 5.5, class: 'cname' }, u.name.length > 9 ? u.name.slice(0, 9) : u.name));
  if (u.disrupted) g.append(s('g', { class: 'mark disr' }, s('rect', { x: CS / 2 - 6, y: c - 2, width: 8, height: 7, rx: 1 }), s('text', { x: CS / 2 - 2, y: c + 3.4 }, 'D')));
  if (u.supply) g.append(s('g', { class: 'mark sup ' + u.supply }, s('rect', { x: c - 2, y: c - 2, width: 10, height: 7, rx: 1 }), s('text', { x: c + 3, y: c + 3.4 }, u.supply === 'low' ? 'LS' : 'NS')));
  return g;
}

// The sequence of play (2.1) as the phase track shows it.
function phaseIndex(v) {
  switch (v.step) {
    case 'setup': return -1;
    case 'source': case 'remove-sd': return 1;
    case 'rail': case 'open-city': return 3;
    case 'resupply': return 5;
    case 'over': return -1;
  }
  return v.segment === 2 ? 4 : 2;
}

export function render(el, v, ctx) {
  clear(el);
  const w = gameWords('primogenita');
  if (!v || !v.map || !Array.isArray(v.map.hexes)) {
    el.append(h('pre', {}, JSON.stringify(v, null, 1)));
    return;
  }
  const hexes = v.map.hexes;
  const pos = new Map(hexes.map((x) => [x.id, [x.x * R, x.y * R]]));
  const byID = new Map(hexes.map((x) => [x.id, x]));
  const units = v.units || [];
  const unitIDs = new Set(units.map((u) => u.id));
  const sideWord = (x) => w[x] || x;

  // The frame: every hex, a margin of one hex.
  const xs = hexes.map((x) => x.x * R), ys = hexes.map((x) => x.y * R);
  const minX = Math.min(...xs) - R * 2, maxX = Math.max(...xs) + R * 2, minY = Math.min(...ys) - R * 2, maxY = Math.max(...ys) + R * 2;
  const W = maxX - minX, H = maxY - minY;
  const svg = s('svg', { viewBox: `${minX.toFixed(0)} ${minY.toFixed(0)} ${W.toFixed(0)} ${H.toFixed(0)}`, class: 'map prim', role: 'img', 'aria-label': 'La Primogenita map' });
  svg.append(s('defs', {},
    s('pattern', { id: 'prim-sand', width: 5, height: 5, patternUnits: 'userSpaceOnUse' },
      s('rect', { width: 5, height: 5, fill: '#ecd9a2' }), s('circle', { cx: 2.5, cy: 2.5, r: 0.6, fill: '#b89a55' })),
    s('pattern', { id: 'prim-alpine', width: 6, height: 6, patternUnits: 'userSpaceOnUse' },
      s('rect', { width: 6, height: 6, fill: TERRAIN.alpine }), s('path', { d: 'M0,5 L3,1 L6,5', fill: 'none', stroke: '#6d5440', 'stroke-width': 0.6 })),
    s('pattern', { id: 'prim-patriot', width: 6, height: 6, patternUnits: 'userSpaceOnUse', patternTransform: 'rotate(45)' },
      s('line', { x1: 0, y1: 0, x2: 0, y2: 6, stroke: '#d9822b', 'stroke-width': 1, opacity: 0.45 }))),
  s('rect', { x: minX, y: minY, width: W, height: H, class: 'offmap' }));
  const gHex = s('g', {}), gPat = s('g', {}), gLines = s('g', {}), gCliff = s('g', {}), gMarks = s('g', {}), gNames = s('g', {}), gLast = s('g', {}), gUnits = s('g', {});
  svg.append(gHex, gPat, gLines, gCliff, gMarks, gNames, gLast, gUnits);

  const fillOf = (x) => (x.sand ? 'url(#prim-sand)' : x.terrain === 'alpine' ? 'url(#prim-alpine)' : TERRAIN[x.terrain] || '#eee');
  const hexEls = new Map();
  for (const x of hexes) {
    const [cx, cy] = pos.get(x.id);
    const title = `${x.id}${x.place ? ' ' + x.place : ''} — ${w[x.terrain] || x.terrain}${x.sand ? ` (${w.sand})` : ''}${x.patriot ? `, ${w.patriot}` : ''}${x.stack >= 0 ? `, ${w.stackValue} ${w.limit} ${x.stack}` : ''}`;
    const p = x.entry
      ? s('rect', { x: cx - R * 1.1, y: cy - R * 0.75, width: R * 2.2, height: R * 1.5, rx: 3, class: 'hex entry', 'data-hex': x.id, tabindex: -1, role: 'button', onclick: () => clickHex(x.id), onkeydown: keyed(() => clickHex(x.id)) }, s('title', {}, title))
      : s('path', { d: poly(corners(cx, cy)), class: 'hex', fill: fillOf(x), 'data-hex': x.id, tabindex: -1, role: 'button', onclick: () => clickHex(x.id), onkeydown: keyed(() => clickHex(x.id)) }, s('title', {}, title));
    hexEls.set(x.id, p);
    gHex.append(p);
    if (x.patriot) gPat.append(s('path', { d: poly(corners(cx, cy)), class: 'patriot' }));
    if (!x.entry) gNames.append(s('text', { x: cx, y: cy - R * 0.6, class: 'hexid' }, x.id));
  }

  // Roads, tracks and the railway, from centre to centre.
  const line = (ids, cls) => {
    const pts = ids.filter((id) => pos.has(id)).map((id) => pos.get(id).map((n) => n.toFixed(1)).join(','));
    if (pts.length > 1) gLines.append(s('polyline', { points: pts.join(' '), class: cls }));
  };
  for (const r of v.map.tracks || []) line(r, 'track');
  for (const r of v.map.roads || []) line(r, 'road');
  if (v.map.railway) { line(v.map.railway, 'rail'); line(v.map.railway, 'railties'); }

  // Cliffs: a line parallel to the hexside, inside the hex it is climbed
  // from (1.3: uphill when the cliff is crossed before the hexside).
  const cliffLine = (low, high) => {
    const [ax, ay] = pos.get(low), [bx, by] = pos.get(high);
    const mx = (ax + bx) / 2, my = (ay + by) / 2, d = Math.hypot(bx - ax, by - ay) || 1;
    const ux = (bx - ax) / d, uy = (by - ay) / d, px = -uy * R / 2, py = ux * R / 2, back = R * 0.16;
    return { x1: mx - px - ux * back, y1: my - py - uy * back, x2: mx + px - ux * back, y2: my + py - uy * back };
  };
  for (const c of v.map.cliffs || []) {
    if (!pos.has(c.low) || !pos.has(c.high)) continue;
    gCliff.append(s('line', { ...cliffLine(c.low, c.high), class: 'cliff' }));
    if (c.double) gCliff.append(s('line', { ...cliffLine(c.high, c.low), class: 'cliff' }));
  }

  // Entry hexes: a box with its name and an arrow to each hex across it.
  for (const e of v.map.entries || []) {
    if (!pos.has(e.id)) continue;
    const [ex, ey] = pos.get(e.id);
    for (const a of e.arrows) {
      if (!pos.has(a)) continue;
      const [ax, ay] = pos.get(a), d = Math.hypot(ax - ex, ay - ey) || 1;
      const x1 = ex + (ax - ex) / d * R * 0.9, y1 = ey + (ay - ey) / d * R * 0.8, x2 = ax - (ax - ex) / d * R * 0.55, y2 = ay - (ay - ey) / d * R * 0.55;
      const ang = Math.atan2(y2 - y1, x2 - x1), hd = 5;
      gMarks.append(s('g', { class: 'arrow ' + e.side }, s('line', { x1, y1, x2, y2 }),
        s('path', { d: `M${x2},${y2} L${x2 - hd * Math.cos(ang - 0.5)},${y2 - hd * Math.sin(ang - 0.5)} L${x2 - hd * Math.cos(ang + 0.5)},${y2 - hd * Math.sin(ang + 0.5)} Z` })));
    }
    gNames.append(s('text', { x: ex, y: ey - R * 0.85, class: 'entryname ' + e.side }, e.name));
  }

  // Places and towns: names, VP, flags.
  const townState = new Map((v.towns || []).map((t) => [t.id, t]));
  for (const x of hexes) {
    if (!x.place || x.entry) continue;
    const [cx, cy] = pos.get(x.id);
    gNames.append(s('text', { x: cx, y: cy + R * 0.95, class: 'place' }, x.place));
  }
  for (const t of v.map.towns || []) {
    if (!pos.has(t.hex)) continue;
    const [cx, cy] = pos.get(t.hex), st = townState.get(t.id) || {};
    gMarks.append(s('circle', { cx, cy, r: R * 0.5, class: 'town' }));
    gNames.append(s('text', { x: cx, y: cy + R * 1.05, class: 'townname' }, t.name));
    const vp = v.open_city === 'declared' && t.open_city_vp ? t.open_city_vp : t.vp;
    if (vp) gNames.append(s('g', { class: 'vpmark' }, s('title', {}, `${t.name}: ${vp} ${w.vp}`), s('circle', { cx: cx - R * 0.62, cy: cy - R * 0.35, r: 5 }), s('text', { x: cx - R * 0.62, y: cy - R * 0.35 + 3 }, vp)));
    if (st.flag) gMarks.append(s('g', { class: 'flag ' + st.flag }, s('title', {}, `${t.name}: ${sideWord(st.controller)}`),
      s('line', { x1: cx + R * 0.55, y1: cy - R * 0.1, x2: cx + R * 0.55, y2: cy - R * 0.75 }), s('rect', { x: cx + R * 0.55, y: cy - R * 0.75, width: 8, height: 5.5 })));
  }
  // Supply sources (5.1, 5.3) and Trench markers.
  const srcAt = new Map();
  for (const src of v.sources || []) {
    if (!pos.has(src.hex) || src.side === 'allied' && !src.level) continue; // an Allied LS not placed yet (5.3)
    const k = src.hex + src.side;
    if (srcAt.has(k)) continue;
    srcAt.set(k, true);
    const [cx, cy] = pos.get(src.hex);
    const dx = src.side === 'allied' ? -R * 0.55 : R * 0.55;
    gMarks.append(s('g', { class: 'source ' + src.side + (src.level ? '' : ' lost') }, s('title', {}, `${sideWord(src.side)} ${src.level ? w[src.level] : '✕'}`),
      s('rect', { x: cx + dx - 6.5, y: cy + R * 0.2, width: 13, height: 8, rx: 1.5 }), s('text', { x: cx + dx, y: cy + R * 0.2 + 6.3 }, src.level ? w[src.level] : '✕')));
  }
  for (const t of v.trenches || []) {
    if (!pos.has(t.hex)) continue;
    const [cx, cy] = pos.get(t.hex);
    gMarks.append(s('path', { class: 'trench ' + t.side, d: `M${cx - R * 0.7},${cy + R * 0.62} l3,-3 l3,3 l3,-3 l3,3 l3,-3 l3,3` }, s('title', {}, `${w.trench} (${sideWord(t.side)})`)));
  }

  // Counters in stacks.
  const unitActs = (id) => ctx.actions.filter((a) => tokens(a.action).includes(id));
  const byHex = new Map();
  for (const u of units) {
    if (u.where !== 'map' || !pos.has(u.hex)) continue;
    if (!byHex.has(u.hex)) byHex.set(u.hex, []);
    byHex.get(u.hex).push(u);
  }
  const unitEls = new Map();
  const sel = selection(ctx.side, (id) => unitIDs.has(id) && ctx.actions.some((a) => tokens(a.action).includes(id)));
  const stacks = stackSet(svg, gUnits, { size: CS, centred: true, bounds: [minX, minY, maxX, maxY], pile });
  for (const [hx, stack] of byHex) {
    const [cx, cy] = pos.get(hx);
    const total = stack.reduce((n, u) => n + (u.stack || 0), 0);
    const title = stack.map((u) => unitLine(u, w)).join('\n') + `\n${w.stackValue} ${total}${byID.get(hx).stack >= 0 ? '/' + byID.get(hx).stack : ''}`;
    stacks.add({ units: stack, cx, cy, top: cy - (CS * FAN) / 2 + 1, attrs: { 'data-stack': hx } }, (u, st) => {
      const g = counterFace(u, w, unitActs(u.id).length > 0, title);
      g.addEventListener('click', (e) => { e.stopPropagation(); stacks.click(st, u.id, clickPiece); });
      g.addEventListener('keydown', keyed((e) => { e.stopPropagation(); clickPiece(u.id); }));
      unitEls.set(u.id, g);
      return g;
    });
  }
  function pile(st) { pileDiagonal(st, sel.id, 3.5, 10); }

  if (v.assault && hexEls.has(v.assault.target)) hexEls.get(v.assault.target).classList.add('battle');

  // Tracks: Game Turn (with the VP deductions, 2.3), phase (2.1), VP.
  const gt = h('div', { class: 'prim-gt' }, (v.map.game_turns || []).map((r) => h('span', { class: 'slot' + (r.number === v.turn ? ' now' : ''), title: r.dates },
    h('b', {}, r.number), h('small', {}, r.dates), r.deduction ? h('em', { title: w.deduct }, `−${r.deduction}`) : null)));
  const pi = phaseIndex(v);
  const phases = h('div', { class: 'prim-phase' }, PHASES.map((p, i) => h('span', { class: i === pi ? 'now' : '' }, w.phases[p])));
  const vpTrack = h('div', { class: 'prim-vp', title: w.vp }, h('strong', {}, w.vp), Array.from({ length: 31 }, (_, i) => h('span', { class: (i === v.vp ? 'now' : '') + (i === 20 ? ' win' : '') + (i === 7 ? ' great' : '') }, i)));
  const info = h('div', { class: 'mapinfo prim-info' },
    h('span', {}, `${w.turn} ${v.turn}/${v.turns}`), v.segment ? h('span', {}, `${w.segment} ${v.segment}`) : null,
    h('span', { class: 'pts' }, `${w.vp} ${v.vp}`), v.decider ? h('span', {}, `${sideWord(v.decider)} ${w.decides}`) : null,
    v.open_city === 'declared' ? h('span', {}, w.openCity) : null, v.winner ? h('strong', {}, `${w.winner}: ${sideWord(v.winner)}`) : null);

  const status = h('div', { class: 'unitinfo', hidden: true });
  const chooser = h('div', { class: 'chooser', hidden: true });
  // The frame: zoom, scroll and selection kept across redraws, opening on
  // the battle or the player's units with something to do (mapview.js).
  const focus = () => {
    const t = (v.assault && hexEls.get(v.assault.target)) || (v.bombard && hexEls.get(v.bombard.target));
    if (t) return [t];
    const busy = [...unitEls].filter(([id]) => unitActs(id).length).map(([, g]) => g);
    if (busy.length) return busy;
    // A unit off the map (set-up, 1.7): the hexes lit for it.
    const lit = litHexes();
    return lit.length ? lit : [...unitEls].filter(([id]) => units.find((u) => u.id === id).side === ctx.side).map(([, g]) => g);
  };
  const litHexes = () => [...hexEls.values()].filter((p) => p.classList.contains('dest') || p.classList.contains('open'));
  const frame = mapFrame(svg, { game: 'primogenita', min: 1, max: 8, start: { phone: 3.5, touch: 2.2, desk: 1.6 }, words: w, focus });
  const scroll = frame.scroll, zoom = frame.controls;

  const legend = h('details', { class: 'legend' }, h('summary', {}, w.legend), h('div', { class: 'items' },
    ['flat', 'rough', 'mountain', 'alpine'].map((t) => h('span', {}, h('i', { class: 'sw', style: `background:${TERRAIN[t]}` }), ' ', w[t])),
    h('span', {}, h('i', { class: 'sw sand' }), ' ', w.sand), h('span', {}, h('i', { class: 'sw patriot' }), ' ', w.patriot),
    ['road', 'track', 'rail', 'cliff'].map((c) => h('span', {}, s('svg', { width: 26, height: 12, viewBox: '0 0 26 12', class: 'map prim swatch' }, s('line', { x1: 2, y1: 6, x2: 24, y2: 6, class: c }), c === 'rail' ? s('line', { x1: 2, y1: 6, x2: 24, y2: 6, class: 'railties' }) : null), ' ', w[c === 'track' ? 'track2' : c])),
    h('span', {}, '◯ ', w.town), h('span', {}, '▭ ', w.entry), h('span', {}, 'FS/LS ', w.fs), h('span', {}, 'D ', w.disrupted), h('span', {}, 'LS/NS ', `${w.low} / ${w.no}`), h('span', {}, '⌇ ', w.trench)));

  // Off the map: the Air Base, the boxes.
  const offEls = new Map();
  const offList = (list) => h('ul', {}, list.map((u) => {
    const acts = unitActs(u.id).length > 0;
    return offEls.set(u.id, h('li', { 'data-unit': u.id, class: acts ? 'actionable' : null, tabindex: acts ? 0 : null, role: acts ? 'button' : null,
      onclick: acts ? () => clickPiece(u.id) : null, onkeydown: acts ? keyed(() => clickPiece(u.id)) : null }, `${unitLine(u, w)} — ${sideWord(u.side)}`)).get(u.id);
  }));
  // A box opens when a unit in it has something to do (set-up, arrival).
  const busyIn = (list) => list.some((u) => unitActs(u.id).length > 0);
  const air = units.filter((u) => u.where === 'base');
  const boxed = units.filter((u) => u.where === 'box');
  const gone = units.filter((u) => u.where === 'gone');
  const offmap = h('div', { class: 'prim-off' },
    h('div', { class: 'airbase' }, h('strong', {}, `${w.airBase}: `), air.length ? `${air[0].name} × ${air.length}` : w.none),
    boxed.length ? h('details', { class: 'offmap', open: busyIn(boxed) }, h('summary', {}, `${w.reinforcements} (${boxed.length})`), offList(boxed)) : null,
    gone.length ? h('details', { class: 'offmap', open: busyIn(gone) }, h('summary', {}, `${w.gone} (${gone.length})`), offList(gone)) : null);

  el.append(...[info, h('div', { class: 'prim-tracks' }, gt, phases, vpTrack), orderPanel(v, w, ctx), assaultPanel(v, w, units), bombardPanel(v, w, units), status,
    h('div', { class: 'mapwrap' }, zoom, scroll, chooser), legend, offmap,
    h('p', { class: 'notice' }, v.map.notice)].filter(Boolean));

  drawChanges(gLast, ctx.changes, (p) => pos.get(p), unitEls);

  const reachOf = (id) => (v.reach && v.reach[id]) || {};
  function light() {
    const acts = sel.id ? unitActs(sel.id) : [];
    const dests = new Set();
    for (const a of acts) for (const tk of tokens(a.action)) if (byID.has(tk)) dests.add(tk);
    const far = new Set(Object.keys(reachOf(sel.id)).filter((x) => !dests.has(x)));
    const open = new Set();
    if (!sel.id) for (const a of ctx.actions) {
      const tk = tokens(a.action);
      if (!tk.some((x) => unitIDs.has(x))) for (const x of tk) if (byID.has(x)) open.add(x);
    }
    for (const [id, p] of hexEls) {
      p.classList.toggle('dest', dests.has(id));
      p.classList.toggle('open', open.has(id));
      p.classList.toggle('reach', far.has(id));
      p.setAttribute('tabindex', dests.has(id) || open.has(id) || far.has(id) ? 0 : -1);
    }
    for (const [id, g] of unitEls) g.classList.toggle('selected', id === sel.id);
    for (const [id, li] of offEls) li.classList.toggle('selected', id === sel.id);
    stacks.relayout();
    ctx.highlight(acts.map((a) => a.action));
    const u = units.find((x) => x.id === sel.id);
    status.hidden = !u;
    if (!u) return;
    const n = new Set([...dests, ...far]).size;
    clear(status).append(h('strong', {}, `${w.selected}: `), unitLine(u, w), n ? ` · ${n} ${w.hexes}` : '',
      v.step === 'setup' && n ? h('p', { class: 'hint' }, w.setupHint) : '',
      // Actions naming the unit and no hex (fire, step, disrupt, halt…).
      ...acts.filter((a) => !tokens(a.action).some((tk) => byID.has(tk))).map((a) => h('button', { class: 'secondary', 'data-action': a.action, onclick: () => ctx.play(a.action) }, a.label)));
  }
  function choose(acts) { offerChoices(chooser, acts, ctx.play, w); }

  function clickPiece(id) {
    sel.id = sel.id === id ? null : id;
    stacks.closeAll(null);
    chooser.hidden = true;
    light();
  }
  function clickHex(id) {
    stacks.closeAll(null);
    chooser.hidden = true;
    let acts = ctx.actions.filter((a) => tokens(a.action).includes(id));
    if (sel.id) acts = acts.filter((a) => tokens(a.action).includes(sel.id));
    else acts = acts.filter((a) => !tokens(a.action).some((tk) => unitIDs.has(tk)));
    if (acts.length === 1) ctx.play(acts[0].action);
    else if (acts.length > 1) choose(acts);
    else if (sel.id && reachOf(sel.id)[id]) {
      // Further than one hex: step along the view's way, one move each.
      Object.assign(going, { path: location.pathname, unit: sel.id, hex: id, steps: 0 });
      ctx.play(`move ${sel.id} ${reachOf(sel.id)[id]}`);
    } else { sel.id = null; light(); }
  }
  // When every action naming a counter names the same one (setup: the
  // unit to place), it starts selected, its hexes lit.
  const named = new Set(ctx.actions.flatMap((a) => tokens(a.action).filter((tk) => unitIDs.has(tk))));
  if (named.size === 1) sel.id = [...named][0];
  // On the way to a chosen hex: the next step, the unit kept selected.
  if (going.unit && going.path === location.pathname) {
    const via = reachOf(going.unit)[going.hex], act = via && `move ${going.unit} ${via}`;
    if (named.has(going.unit)) sel.id = going.unit;
    if (act && ctx.actions.some((a) => a.action === act) && ++going.steps < 40) setTimeout(() => ctx.play(act), 0);
    else going.unit = '';
  }
  light();
  // The frame opens where the player left it, else on the focus; a unit
  // to set up (1.7) brings its lit hexes into view when the place kept
  // shows none of them.
  frame.place();
  if (v.step === 'setup' && sel.id) {
    const lit = litHexes(), f = scroll.getBoundingClientRect();
    const seen = (p) => { const r = p.getBoundingClientRect(); return r.right > f.left && r.left < f.right && r.bottom > f.top && r.top < f.bottom; };
    if (lit.length && !lit.some(seen)) frame.centre(lit);
  }
  // The page lists only what the board does not offer: the order sheet and
  // the drawn Order's buttons take their Orders' actions, the map what names
  // a counter drawn on it, or a hex and no counter or only counters the
  // player can select off the map (a unit to set up, in the boxes).
  const SHEET = new Set(['pick', 'drop', 'commit', 'uncommit', 'return', 'execute', 'decline']);
  const offPick = new Set([...boxed, ...gone].map((u) => u.id));
  return (text) => {
    const tk = tokens(text);
    if (SHEET.has(tk[0]) || tk.some((x) => unitEls.has(x))) return true;
    return tk.some((x) => byID.has(x)) && tk.every((x) => !unitIDs.has(x) || offPick.has(x));
  };
}

// orderChit draws an Order counter: its priority, name, category letter,
// the white-boxed A of an Enemy combination, flipped or not (3.1–3.4).
function orderChit(o, w, extra = {}) {
  const cls = ['order', o.side, o.category, o.where, o.flipped ? 'flipped' : '', extra.cls || ''].filter(Boolean).join(' ');
  const back = o.flipped ? (o.back === 'blank' ? w.noAgain : `${w.weightN} ${o.back === 'cross' ? 3 : 2}`) : '';
  return h(extra.onclick ? 'button' : 'span', { class: cls, 'data-order': o.priority, title: `${o.priority} ${o.name}${o.flipped ? ` — ${w.flipped}, ${back}` : ''}`, onclick: extra.onclick || null, type: extra.onclick ? 'button' : null },
    h('b', { class: 'pri' }, o.priority), o.letter ? h('i', { class: 'letter' + (o.enemy ? ' enemy' : '') }, o.letter) : null,
    h('span', { class: 'oname' }, o.name), o.flipped ? h('small', { class: 'back' }, o.back === 'blank' ? '∅' : o.back === 'cross' ? '✕3' : '2') : null,
    extra.weight > 1 && !o.flipped ? h('small', { class: 'back' }, `×${extra.weight}`) : null);
}

// orderPanel: the viewer's order sheet and the secret choice, both
// sides' Combination Orders Boxes and the Order Track.
function orderPanel(v, w, ctx) {
  const orders = v.orders || [];
  const legal = new Set(ctx.actions.map((a) => a.action));
  const me = ctx.side === 'allied' || ctx.side === 'italian' ? ctx.side : '';
  const sides = me ? [me] : ['allied', 'italian'];
  const panel = h('section', { class: 'prim-orders' });
  const c = v.choice;

  // The eight Orders revealed together (3.2), both sides side by side,
  // highest priority (drawn first) on top; each marked as it is drawn:
  // waiting on the Order Track, being executed, done (flipped), declined
  // (back on the sheet) or in the Combination Orders Box.
  const shown = orders.filter((o) => o.revealed).sort((a, b) => b.priority - a.priority);
  if (shown.length) {
    const state = (o) => (o.where === 'track' ? 'waiting' : o.where === 'executing' ? 'drawn' : o.where === 'box' ? 'boxed' : o.flipped ? 'done' : 'declined');
    panel.append(h('div', { class: 'prim-track' }, h('h4', {}, `${w.reveal} (${w.segment} ${v.segment})`),
      h('div', { class: 'cols' }, ['allied', 'italian'].map((sd) => h('div', { class: 'col ' + sd }, h('em', {}, w[sd]),
        shown.filter((o) => o.side === sd).map((o) => h('div', { class: 'revealed ' + state(o) }, orderChit(o, w, { cls: o.where === 'executing' ? 'now' : '' }),
          h('small', {}, w.drawState[state(o)]))))))));
  }
  // The drawn Order: execute or decline (3.2).
  const exec = ctx.actions.filter((a) => /^(execute|decline) /.test(a.action));
  if (exec.length) panel.append(h('div', { class: 'prim-exec' }, exec.map((a) => h('button', { 'data-action': a.action, class: a.action.startsWith('decline') ? 'secondary' : '', onclick: () => ctx.play(a.action) }, a.label))));

  for (const sd of sides) {
    const mine = orders.filter((o) => o.side === sd);
    const picked = mine.filter((o) => o.where === 'chosen');
    const box = mine.filter((o) => o.where === 'box');
    // The sheet folds away on a narrow screen unless an Order is to be
    // chosen or returned from it.
    const wanted = v.step === 'choose' || ctx.actions.some((a) => /^(pick|drop|return) /.test(a.action)) || window.innerWidth > 700;
    const sheet = h('details', { class: 'prim-sheet ' + sd, open: wanted },
      h('summary', {}, h('h4', {}, `${w.sheetOf} ${w[sd]}`, c && sd === me ? h('small', { class: 'other' }, ` · ${w[sd === 'allied' ? 'italian' : 'allied']}: ${c.other_committed ? w.committed : w.choosing}`) : null)));
    if (c && sd === me) {
      // The four boxes: each chosen Order fills as many as its weight (3.4).
      const slots = [];
      for (const o of picked) {
        const wt = o.flipped ? (o.back === 'cross' ? 3 : 2) : 1;
        const act = `drop ${o.priority}`;
        slots.push(h('div', { class: 'slot full', style: `flex:${wt}` }, orderChit(o, w, { weight: wt, onclick: legal.has(act) ? () => ctx.play(act) : null })));
      }
      for (let i = c.chosen; i < c.capacity; i++) slots.push(h('div', { class: 'slot empty' }, i + 1));
      sheet.append(h('div', { class: 'prim-choice' }, h('em', {}, `${w.chosen} (${c.chosen}/${c.capacity})`), h('div', { class: 'slots' }, slots),
        legal.has('commit') ? h('button', { 'data-action': 'commit', onclick: () => ctx.play('commit') }, w.commit) : null,
        legal.has('uncommit') ? h('button', { class: 'secondary', 'data-action': 'uncommit', onclick: () => ctx.play('uncommit') }, w.uncommit) : null,
        c.committed ? h('span', { class: 'muted' }, ` ${w.committed}`) : h('p', { class: 'muted' }, w.pick)));
    } else if (v.step === 'choose') {
      sheet.append(h('p', { class: 'muted' }, w.secret));
    }
    for (const cat of ['main', 'combination', 'minor']) {
      sheet.append(h('div', { class: 'cat' }, h('em', {}, w[cat]), mine.filter((o) => o.category === cat && o.where === 'sheet').sort((a, b) => b.priority - a.priority).map((o) => {
        const act = `pick ${o.priority}`;
        const can = legal.has(act);
        return orderChit(o, w, { cls: can ? 'can' : c && sd === me && !c.committed ? 'cannot' : '', weight: o.weight, onclick: can ? () => ctx.play(act) : null });
      })));
    }
    const ret = ctx.actions.filter((a) => a.action.startsWith('return '));
    sheet.append(h('div', { class: 'cat box' }, h('em', {}, `${w.box} (${box.length}/3)`), box.length ? box.map((o) => {
      const act = `return ${o.priority}`;
      return orderChit(o, w, { onclick: ret.length && legal.has(act) ? () => ctx.play(act) : null, cls: legal.has(act) ? 'can' : '' });
    }) : w.none));
    const trench = (v.sheet_trenches || {})[sd];
    if (trench) sheet.append(h('div', { class: 'cat' }, h('em', {}, w.trench), ` × ${trench}`));
    panel.append(sheet);
  }
  if (!me) return panel;
  // The opponent's box is open information.
  const other = me === 'allied' ? 'italian' : 'allied';
  const obox = orders.filter((o) => o.side === other && o.where === 'box');
  panel.append(h('div', { class: 'prim-sheet other ' + other }, h('h4', {}, `${w.box} — ${w[other]}`), obox.length ? obox.map((o) => orderChit(o, w)) : w.none));
  return panel;
}

// assaultPanel shows the Assault under way: units and strengths, the odds
// column, every shift with its reason, the final column of the Combat
// Table with the die's row, and the result (7.1–7.4).
function assaultPanel(v, w, units) {
  const a = v.assault;
  if (!a) return null;
  const byId = new Map(units.map((u) => [u.id, u]));
  const list = (ids) => h('ul', {}, (ids || []).map((id) => {
    const u = byId.get(id);
    return h('li', {}, u ? `${u.name} (${u.strength})` : id);
  }));
  const sign = (n) => (n > 0 ? `+${n} →` : `${n} ←`);
  return h('div', { class: 'battle prim-battle', 'data-target': a.target },
    h('strong', {}, `${a.counter ? w.counter : w.assault} ${a.target}${a.pushing ? ` (${w.push})` : ''}`),
    h('div', { class: 'cols' },
      h('div', {}, h('em', {}, `${w.attacker}: ${w[a.attacker] || a.attacker} — ${a.att}`), list(a.attackers)),
      h('div', {}, h('em', {}, `${w.defender} — ${a.def}`), list(a.defenders))),
    h('div', { class: 'odds' }, h('span', {}, `${w.odds} ${a.att}:${a.def} → `, h('b', { class: 'col' }, a.column)),
      h('ul', { class: 'shifts' }, (a.shifts || []).length ? a.shifts.map((x) => h('li', { 'data-shift': x.reason }, `${sign(x.by)} ${w.reason[x.reason] || x.reason}`)) : h('li', {}, w.noShift)),
      h('span', {}, `${w.finalCol} `, h('b', { class: 'final' }, a.final))),
    h('table', { class: 'crt' }, h('tr', {}, h('th', {}, w.die), (a.table || []).map((_, i) => h('th', { class: a.die === i + 1 ? 'hit' : '' }, i + 1))),
      h('tr', {}, h('th', {}, a.final), (a.table || []).map((r, i) => h('td', { class: (a.die === i + 1 ? 'hit' : '') + (r.includes('push') ? ' pusharea' : '') }, r.replace(' push', ''))))),
    a.result ? h('p', { class: 'result' }, `${w.die} ${a.die} → ${w.result} `, h('b', {}, a.result),
      ` (${w.attacker} ${a.result.split('-')[0]} · ${w.defender} ${a.result.split('-')[1]})`, a.push ? ` — ${w.pushArea}` : '') : null);
}

// bombardPanel shows the bombardment under way: the Artillery firing and
// its column with the shifts, that column of the Bombardment Table, then
// the die and the result (6.1–6.3).
function bombardPanel(v, w, units) {
  const b = v.bombard;
  if (!b) return null;
  const byId = new Map(units.map((u) => [u.id, u]));
  const sign = (n) => (n > 0 ? `+${n} →` : `${n} ←`);
  return h('div', { class: 'battle prim-battle prim-bombard', 'data-target': b.target },
    h('strong', {}, `${w.bombard} ${b.target}`),
    b.firing ? h('div', {}, h('em', {}, `${w.firing} — ${w.total} ${b.total}`),
      h('ul', {}, b.firing.map((id) => h('li', {}, byId.has(id) ? `${byId.get(id).name} (${byId.get(id).strength})` : id)))) : null,
    b.column ? h('div', { class: 'odds' }, h('ul', { class: 'shifts' }, (b.shifts || []).length ? b.shifts.map((x) => h('li', { 'data-shift': x.reason }, `${sign(x.by)} ${w.reason[x.reason] || x.reason}`)) : h('li', {}, w.noShift)),
      h('span', {}, `${w.finalCol} `, h('b', { class: 'final' }, b.column))) : null,
    b.table ? h('table', { class: 'crt' }, h('tr', {}, h('th', {}, w.die), b.table.map((_, i) => h('th', {}, i + 1))),
      h('tr', {}, h('th', {}, b.column), b.table.map((r) => h('td', {}, r)))) : null,
    b.result ? h('p', { class: 'result' }, `${w.die} ${b.die} → ${w.result} `, h('b', {}, b.result),
      b.to_disrupt ? ` · ${b.to_disrupt} ${w.toDisrupt}` : '', b.result === '1' ? ` · ${w.stepLoss}` : '') : null);
}
