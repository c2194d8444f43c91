// The Limanowa board: the flat-top hex map drawn from view.map (hex
// centres in hex sizes), shaded by elevation level with contour lines on
// the higher side (4.5, rulings-data D4), villages, woods with and without
// the centre dot, hexes not in play, roads, streams and bridges, hill and
// village names, preregistered vertices, and the markers in play
// (trenches, scrapes, craters, blockhouses, gas and a creeping barrage;
// wire, breaches and bomb stops on hexsides); counters with the face up,
// both faces in their title, spent,
// IN a trench and moving; the Limanowa hexes each side holds; the turn
// record track and the boxes off the map; a campaign's day (the day
// track, the part of the day and the turn of its scenario, 11.02) and
// its lines of communication (each side's friendly edge, the units that
// trace none, 11.4); the reaction, return fire and melee prompts in place
// with the odds of each shot; the standing reaction order, which the
// player may change at any of his decisions; a line-of-sight tool that asks the engine (GET
// /api/games/{id}/ask, engine.Asker) and draws the line and its blocker.
// Play happens on the map: select a counter, its hexes light, click one;
// a unit that may join the command is outlined and joins when clicked
// (6.01: stack or mass); a move is one point (one hex) a click.
import { h, s, clear } from './dom.js';
import { gameWords, lang, scenarioName } from './i18n.js';
import { stackSet, FAN, pileDiagonal } from './stack.js';
import { mapFrame, selection, drawChanges, offerChoices } from './mapview.js';

export const stylesheet = true;

const R = 20; // hex size: centre to corner
const CS = 30; // counter side
const SQ3 = Math.sqrt(3);
// centre of a hex at its printed column and row: flat-top, the even
// columns half a hex lower (rulings-data D1; hexgrid's Layout.Center).
const centre = (x) => [1.5 * x.col * R, SQ3 * (x.row - (x.col % 2 ? 0.5 : 0)) * R];
const LEVEL = ['#eef0dc', '#e2dfb8', '#d2c68f', '#bea96f', '#a78d58', '#8f7447'];
const tokens = (text) => text.split(/\s+/);
// A vertex in an action's text: its three hexes, "N18/O19/N19" (7.221).
const isVertex = (tk) => /^([A-Z]+\d\d|off-map)(\/([A-Z]+\d\d|off-map)){2}$/.test(tk);
// The group whose vertices the map lights, by game page.
const calling = new Map();
const keyed = (f) => (e) => {
  if (e.key === 'Enter' || e.key === ' ') {
    e.preventDefault();
    f(e);
  }
};

// The line-of-sight tool's state by game page: on or off, the first hex,
// the last answer; it lives across the redraws each update brings.
const sights = new Map();
function sightState() {
  if (!sights.has(location.pathname)) sights.set(location.pathname, { on: false, from: '', answer: null, error: '' });
  return sights.get(location.pathname);
}

// The map's hexes from the view's rows of characters (as map.json writes
// them): id, column, row, level, terrain, out of play.
const TERRAIN = { '.': '', v: 'village', w: 'woods', W: 'dot-woods' };
const colName = (c) => (c > 26 ? String.fromCharCode(64 + Math.floor((c - 1) / 26)) : '') + String.fromCharCode(65 + ((c - 1) % 26));
let sheetOf = { key: '', hexes: [] }; // the last map's hexes: the same every redraw
function sheet(m) {
  const key = m.levels.join('') + m.terrain.join('');
  if (sheetOf.key === key) return sheetOf.hexes;
  const hexes = [];
  for (let r = 1; r <= m.rows; r++) {
    for (let c = 1; c <= m.cols; c++) {
      const t = m.terrain[r - 1][c - 1];
      hexes.push({ id: colName(c) + String(r).padStart(2, '0'), col: c, row: r, level: +m.levels[r - 1][c - 1], terrain: TERRAIN[t] || '', out: t === '-' });
    }
  }
  sheetOf = { key, hexes };
  return hexes;
}

// corners of the flat-top hex around x, y, scaled by k.
function corners(x, y, k = 1) {
  const out = [];
  for (let i = 0; i < 6; i++) {
    const a = (Math.PI / 3) * i;
    out.push([x + R * k * Math.cos(a), y + R * k * Math.sin(a)]);
  }
  return out;
}
const poly = (pts) => 'M' + pts.map((p) => p.map((n) => n.toFixed(1)).join(',')).join('L') + 'Z';

// shortName is a counter's name as printed small: its kind's short name
// in the catalog (client.short, by the counter id without its number) and
// its number ("cossack-sqn-2" -> "Cossack 2").
function shortName(u, w) {
  const k = u.id.lastIndexOf('-'), kind = u.id.slice(0, k), n = u.id.slice(k + 1);
  return `${(w.short || {})[kind] || kind} ${n}`;
}

// unitLine is a counter in words: name, type, the face up and both faces,
// spent, IN, moving.
function unitLine(u, w) {
  const bits = [`${u.name} — ${(w.types || {})[u.type] || u.type}`, `${u.dispersed ? w.dispersed : w.formed} ${u.face}`,
    `${w.formed} ${u.formed} · ${w.dispersed} ${u.dispersed_face}`];
  bits.push(u.spent ? w.spent : w.ready);
  if (u.in) bits.push(w.inTrench);
  if (u.moving) bits.push(`${w.moving}, ${u.mp} ${w.mp}`);
  return bits.join(', ');
}

// typeMark draws the unit's type in a small box (3.11): the cavalry
// slash, the infantry cross, or letters.
function typeMark(type) {
  const g = s('g', { class: 'type' }, s('rect', { x: -7, y: -12.5, width: 14, height: 8 }));
  if (type === 'cavalry') g.append(s('line', { x1: -7, y1: -4.5, x2: 7, y2: -12.5 }));
  else if (type === 'infantry') g.append(s('path', { d: 'M-7,-12.5 L7,-4.5 M-7,-4.5 L7,-12.5' }));
  else g.append(s('text', { x: 0, y: -6.3, class: 'tt' }, { 'machine-gun': 'MG', artillery: '●', mortar: 'M', 'armored-car': 'AC', tank: 'T', flamethrower: 'F' }[type] || '?'));
  return g;
}

// counterFace draws a counter centred on 0,0: the side's colour (paler,
// dashed, when dispersed), the type, the short name, the face up in 13.0's
// notation; spent, IN and moving marks; cut: no line of communication
// (11.42).
function counterFace(u, w, cls, title, cut) {
  const g = s('g', { class: `counter ${u.side}${u.dispersed ? ' dispersed' : ''}${u.spent ? ' spent' : ''}${u.moving ? ' moving' : ''} ${cls}`, tabindex: 0, role: 'button', 'data-unit': u.id, 'aria-label': title });
  const c = -CS / 2, label = shortName(u, w);
  // A long name is squeezed to the counter's width.
  const fit = label.length > 10 ? { textLength: CS - 3, lengthAdjust: 'spacingAndGlyphs' } : {};
  g.append(s('title', {}, title), s('rect', { class: 'face', x: c, y: c, width: CS, height: CS, rx: 2 }), typeMark(u.type),
    s('text', { x: 0, y: 3.6, class: 'cname', ...fit }, label),
    s('text', { x: 0, y: CS / 2 - 3, class: 'cval' }, u.face));
  if (u.spent) g.append(s('path', { class: 'spentmark', d: `M${c},${c + 7} L${c + 7},${c} L${c},${c} Z` }));
  if (u.in) g.append(s('g', { class: 'inmark' }, s('rect', { x: CS / 2 - 9, y: c - 3, width: 10, height: 6.5, rx: 1 }), s('text', { x: CS / 2 - 4, y: c + 2 }, 'IN')));
  if (u.moving) g.append(s('g', { class: 'mpmark' }, s('circle', { cx: CS / 2, cy: c, r: 4.6 }), s('text', { x: CS / 2, y: c + 1.8 }, u.mp)));
  // Top left, where a stack's fan leaves every counter's corner in sight.
  if (cut) g.append(s('g', { class: 'cutmark' }, s('circle', { cx: c, cy: c, r: 5.2 }), s('path', { d: `M${c - 3},${c + 3}l6,-6` })));
  return g;
}

// The parts of a campaign day (11.02) and the one each decision or
// scenario belongs to (the view's campaign.segment).
const DAY_PARTS = ['arrivals', 'attack', 'counter', 'isolation', 'night'];
const PART_OF = { setup: 'setup', hussars: 'arrivals', dayArrive: 'arrivals', attack: 'attack', counterAttack: 'counter', 'counter-attack': 'counter',
  nightAttack: 'night', night: 'night', recover: 'night', improve: 'night', redeploy: 'night' };
const PLAYED = new Set(['attack', 'counter-attack', 'night']); // the segments that are scenarios, with turns

// dayBar is a campaign's day as the turn record card and the day's
// sequence show it: the campaign, the day track with each day's date, the
// parts of the day with the one under way (and the turn of its scenario,
// or the question asked), the Hussars of the day (13.0).
function dayBar(v, w, cut, sideWord) {
  const c = v.campaign;
  const date = (d) => {
    const x = new Date(d + 'T12:00:00Z');
    return isNaN(x) ? d : x.toLocaleDateString(lang() || 'en', { day: 'numeric', month: 'short', timeZone: 'UTC' });
  };
  const days = h('div', { class: 'lim-days', title: w.dayTrack }, h('strong', {}, `${w.day} ${c.day}/${c.days} `),
    (c.dates || []).map((d, i) => h('span', { class: 'slot' + (i + 1 === c.day ? ' now' : i + 1 < c.day ? ' past' : ''), 'data-date': d }, date(d))));
  const part = PART_OF[c.segment] || 'attack';
  const parts = c.day === 1 ? ['setup', ...DAY_PARTS] : DAY_PARTS;
  const at = parts.indexOf(part);
  const names = w.parts || {}, steps = w.segments || {};
  const sequence = h('ol', { class: 'lim-parts' }, parts.map((p, i) => h('li', { class: i === at ? 'now' : i < at ? 'past' : null, 'data-part': p },
    names[p] || p,
    i === at && PLAYED.has(c.segment) && v.turn > 0 ? h('small', {}, ` — ${w.turn} ${v.turn}/${v.turns}`) : null,
    i === at && !PLAYED.has(c.segment) && steps[c.segment] ? h('small', {}, ` — ${steps[c.segment]}`) : null)));
  const n = cut.map((l) => (l || []).length);
  return h('div', { class: 'lim-day' }, h('strong', { class: 'lim-campaign' }, scenarioName('limanowa', c.campaign)), days, sequence,
    h('span', { class: 'muted' }, c.mounted ? w.hussarsMounted : w.hussarsDismounted),
    n[0] + n[1] ? h('span', { class: 'lim-cut', title: w.cut }, `${w.cutCount}: ${sideWord('central')} ${n[0]} · ${sideWord('russian')} ${n[1]}`) : null);
}

export function render(el, v, ctx) {
  clear(el);
  const w = gameWords('limanowa');
  if (!v || !v.map || !Array.isArray(v.map.levels)) {
    el.append(h('pre', {}, JSON.stringify(v, null, 1)));
    return null;
  }
  const hexes = sheet(v.map);
  const byID = new Map(hexes.map((x) => [x.id, x]));
  const pos = new Map(hexes.map((x) => [x.id, centre(x)]));
  // Hexes by column and half-row, to find neighbours.
  const half = (x) => 2 * x.row - (x.col % 2);
  const atKey = new Map(hexes.map((x) => [`${x.col},${half(x)}`, x]));
  const near = (x) => {
    const q = x.col, k = half(x);
    return [[0, -2], [1, -1], [1, 1], [0, 2], [-1, 1], [-1, -1]].map(([dq, dk]) => atKey.get(`${q + dq},${k + dk}`)).filter(Boolean);
  };
  const units = v.units || [];
  const unitIDs = new Set(units.map((u) => u.id));
  const sideWord = (x) => (w.side || {})[x] || x;
  const acts = ctx.actions || [];
  const unitActs = (id) => acts.filter((a) => tokens(a.action).slice(1).includes(id));
  const hexOf = (a) => tokens(a.action).find((tk) => byID.has(tk));
  const sight = sightState();
  if (!ctx.ask) sight.on = false;

  // The frame: the sheet, half a hex of margin.
  const xs = hexes.map((x) => pos.get(x.id)[0]), ys = hexes.map((x) => pos.get(x.id)[1]);
  const minX = Math.min(...xs) - R * 1.2, maxX = Math.max(...xs) + R * 1.2, minY = Math.min(...ys) - R, maxY = Math.max(...ys) + R;
  const W = maxX - minX, H = maxY - minY;
  const svg = s('svg', { viewBox: `${minX.toFixed(0)} ${minY.toFixed(0)} ${W.toFixed(0)} ${H.toFixed(0)}`, class: 'map lim', role: 'img', 'aria-label': w.mapLabel });
  svg.append(s('defs', {},
    s('pattern', { id: 'lim-woods', width: 7, height: 7, patternUnits: 'userSpaceOnUse' },
      s('circle', { cx: 2, cy: 2, r: 1.6, fill: '#4f8a3c', opacity: 0.75 }), s('circle', { cx: 5.5, cy: 5.5, r: 1.3, fill: '#3f7a30', opacity: 0.7 })),
    s('pattern', { id: 'lim-village', width: 6, height: 6, patternUnits: 'userSpaceOnUse' },
      s('rect', { x: 0.8, y: 0.8, width: 2.4, height: 2, fill: '#9c4a2a' }), s('rect', { x: 3.6, y: 3.4, width: 2, height: 2.2, fill: '#9c4a2a' })),
    s('pattern', { id: 'lim-out', width: 6, height: 6, patternUnits: 'userSpaceOnUse', patternTransform: 'rotate(45)' },
      s('rect', { width: 6, height: 6, fill: '#c9c7bd' }), s('line', { x1: 0, y1: 0, x2: 0, y2: 6, stroke: '#b3b0a3', 'stroke-width': 2 }))),
  s('rect', { x: minX, y: minY, width: W, height: H, class: 'offmap' }));
  const layer = () => s('g', {});
  const gHex = layer(), gArt = layer(), gContour = layer(), gLines = layer(), gMarks = layer(), gNames = layer(), gLit = layer(), gSight = layer(), gLast = layer(), gUnits = layer(), gOdds = layer();
  svg.append(gHex, gArt, gContour, gLines, gMarks, gNames, gLit, gSight, gLast, gUnits, gOdds);

  const hexEls = new Map();
  for (const x of hexes) {
    const [cx, cy] = pos.get(x.id);
    const what = x.out ? w.out : x.terrain ? w[x.terrain] : w.open;
    const title = `${x.id} — ${w.level} ${x.level}, ${what}`;
    const p = s('path', { d: poly(corners(cx, cy)), class: 'hex' + (x.out ? ' out' : ''), fill: x.out ? 'url(#lim-out)' : LEVEL[Math.min(x.level, LEVEL.length - 1)],
      'data-hex': x.id, tabindex: -1, role: 'button', 'aria-label': title, onclick: () => clickHex(x.id), onkeydown: keyed(() => clickHex(x.id)) }, s('title', {}, title));
    hexEls.set(x.id, p);
    gHex.append(p);
    if (x.terrain === 'woods' || x.terrain === 'dot-woods') gArt.append(s('path', { d: poly(corners(cx, cy, 0.82)), class: 'woods' }));
    if (x.terrain === 'dot-woods') gArt.append(s('circle', { cx, cy, r: 2.6, class: 'dot' }));
    if (x.terrain === 'village') gArt.append(s('path', { d: poly(corners(cx, cy, 0.78)), class: 'village' }));
    gNames.append(s('text', { x: cx, y: cy - R * 0.6, class: 'hexid' }, x.id));
  }

  // The edge between two adjacent hexes, pulled by k toward a's centre.
  const edge = (a, b, k = 0) => {
    const [ax, ay] = pos.get(a), [bx, by] = pos.get(b);
    const mx = (ax + bx) / 2 + (ax - bx) * k, my = (ay + by) / 2 + (ay - by) * k, d = Math.hypot(bx - ax, by - ay) || 1;
    const px = -(by - ay) / d * (R / 2), py = (bx - ax) / d * (R / 2);
    return { x1: mx - px, y1: my - py, x2: mx + px, y2: my + py };
  };
  // Contour lines: in the higher hex, along each side facing a lower one.
  for (const x of hexes) for (const n of near(x)) if (n.level < x.level) gContour.append(s('line', { ...edge(x.id, n.id, 0.06), class: 'contour' }));
  for (const r of v.map.roads || []) {
    const pts = r.filter((id) => pos.has(id)).map((id) => pos.get(id).map((n) => n.toFixed(1)).join(','));
    if (pts.length > 1) gLines.append(s('polyline', { points: pts.join(' '), class: 'road' }));
  }
  for (const [a, b] of v.map.streams || []) if (pos.has(a) && pos.has(b)) gLines.append(s('line', { ...edge(a, b), class: 'stream' }));
  for (const [a, b] of v.map.bridges || []) {
    if (!pos.has(a) || !pos.has(b)) continue;
    const [ax, ay] = pos.get(a), [bx, by] = pos.get(b), mx = (ax + bx) / 2, my = (ay + by) / 2, d = Math.hypot(bx - ax, by - ay) || 1;
    const ux = (bx - ax) / d * 5, uy = (by - ay) / d * 5;
    gLines.append(s('line', { x1: mx - ux, y1: my - uy, x2: mx + ux, y2: my + uy, class: 'bridge' }, s('title', {}, `${w.bridge} ${a}/${b}`)));
  }
  for (const vx of v.map.vertices || []) {
    gMarks.append(s('g', { class: 'vertex ' + vx.side }, s('title', {}, `${w[vx.kind] || vx.kind} (${sideWord(vx.side)})`),
      s('circle', { cx: vx.x * R, cy: vx.y * R, r: 4 }), s('path', { d: `M${vx.x * R - 6},${vx.y * R}h12M${vx.x * R},${vx.y * R - 6}v12` })));
  }
  // Off-map artillery: cross hairs and fires for effect on their vertices.
  for (const a of v.artillery || []) {
    if (a.cross) {
      const x = a.cross.x * R, y = a.cross.y * R;
      gMarks.append(s('g', { class: 'crosshair ' + a.side, 'data-group': a.id }, s('title', {}, `${a.id}: ${w.crosshair}${a.smoke ? `, ${w.smoke}` : ''}, ${w.hourglass} ${a.glass}`),
        s('circle', { cx: x, cy: y, r: 6 }), s('path', { d: `M${x - 9},${y}h18M${x},${y - 9}v18` })));
    }
    if (a.ffe) gMarks.append(s('g', { class: 'ffe ' + a.side, 'data-group': a.id }, s('title', {}, `${a.id}: ${w.ffe}`),
      s('circle', { cx: a.ffe.x * R, cy: a.ffe.y * R, r: 9 }), s('text', { x: a.ffe.x * R, y: a.ffe.y * R + 2.5 }, 'FFE')));
  }
  // Markers in hexes and on hexsides.
  for (const m of v.marks || []) {
    if (!pos.has(m.hex)) continue;
    const [cx, cy] = pos.get(m.hex);
    const tip = s('title', {}, `${w[m.kind] || m.kind} ${m.hex}${m.other ? '/' + m.other : ''}`);
    if (m.kind === 'trench') gMarks.append(s('path', { class: 'trench', d: `M${cx - 11},${cy + 9} l3.6,-3 l3.6,3 l3.6,-3 l3.6,3 l3.6,-3 l3.6,3` }, tip));
    else if (m.kind === 'scrape') gMarks.append(s('path', { class: 'scrape', d: `M${cx - 7},${cy + 8} q7,5 14,0` }, tip));
    else if (m.kind === 'crater') gMarks.append(s('circle', { class: 'crater', cx: cx - 8, cy: cy + 6, r: 3.5 }, tip));
    else if (m.kind === 'blockhouse') gMarks.append(s('rect', { class: 'blockhouse', x: cx + 4, y: cy + 3, width: 7, height: 7 }, tip));
    else if (m.kind === 'gas' || m.kind === 'barrage') gMarks.append(s('circle', { class: m.kind, cx, cy, r: R * 0.82 }, tip));
    else if (pos.has(m.other)) gMarks.append(s('line', { ...edge(m.hex, m.other), class: 'side ' + m.kind }, tip));
  }
  // Names: villages and hills at the middle of their hexes.
  const middle = (ids) => {
    const ps = ids.filter((id) => pos.has(id)).map((id) => pos.get(id));
    return ps.length ? [ps.reduce((a, p) => a + p[0], 0) / ps.length, ps.reduce((a, p) => a + p[1], 0) / ps.length] : null;
  };
  for (const vl of v.map.villages || []) {
    const m = middle(vl.hexes);
    if (m) gNames.append(s('text', { x: m[0], y: m[1] + R * 1.25, class: 'place' }, vl.name));
  }
  for (const hl of v.map.hills || []) {
    const m = middle(hl.hexes);
    if (m) gNames.append(s('text', { x: m[0], y: m[1] - R * 1.1, class: 'hillname' }, `▲ ${hl.name}`));
  }
  // A campaign's friendly board edges, where lines of communication end
  // (11.42).
  const lines = v.lines || { edges: [[], []], cut: [[], []] };
  (lines.edges || []).forEach((list, i) => {
    for (const id of list || []) {
      if (!pos.has(id)) continue;
      const [cx, cy] = pos.get(id);
      gContour.append(s('path', { d: poly(corners(cx, cy, 0.88)), class: 'edge ' + ['central', 'russian'][i] }, s('title', {}, `${w.edge}: ${sideWord(['central', 'russian'][i])}`)));
    }
  });
  const cut = new Set((lines.cut || []).flat());
  // Who holds each hex the victory counts (3.9, 13.0).
  (v.control || []).forEach((list, i) => {
    for (const id of list || []) {
      if (!pos.has(id)) continue;
      const [cx, cy] = pos.get(id);
      gMarks.append(s('circle', { cx: cx + R * 0.55, cy: cy - R * 0.45, r: 3, class: 'held ' + ['central', 'russian'][i] }, s('title', {}, `${id}: ${sideWord(['central', 'russian'][i])}`)));
    }
  });
  if (v.hallowed && pos.has(v.hallowed)) {
    const [cx, cy] = pos.get(v.hallowed);
    gMarks.append(s('path', { d: poly(corners(cx, cy, 0.9)), class: 'hallowed' }, s('title', {}, `${w.hallowed} ${v.hallowed}`)));
  }

  // Counters in stacks.
  const byHex = new Map();
  for (const u of units) {
    if (u.where !== 'map' || !pos.has(u.hex)) continue;
    if (!byHex.has(u.hex)) byHex.set(u.hex, []);
    byHex.get(u.hex).push(u);
  }
  const joinable = new Set(acts.filter((a) => /^add /.test(a.action)).map((a) => tokens(a.action)[1]));
  const group = new Set(v.group || []);
  const reaction = v.reaction;
  const movers = new Set(reaction ? reaction.movers : []);
  const unitEls = new Map();
  const sel = selection(ctx.side, (id) => unitIDs.has(id));
  // Who starts selected: the unit to set up, the mover, the unit
  // allocating its melee attack (every action names it first).
  const firsts = new Set(acts.map((a) => tokens(a.action)[1]).filter((x) => unitIDs.has(x)));
  if ((v.step === 'setup' || v.step === 'move' || v.step === 'melee') && firsts.size >= 1) {
    const stop = acts.find((a) => /^stop /.test(a.action));
    sel.id = stop ? tokens(stop.action)[1] : [...firsts][0];
  }
  const stacks = stackSet(svg, gUnits, { size: CS, centred: true, bounds: [minX, minY, maxX, maxY], pile: (st) => pileDiagonal(st, sel.id, 3.5, 10) });
  for (const [hx, stack] of byHex) {
    const [cx, cy] = pos.get(hx);
    stacks.add({ units: stack, cx, cy, top: cy - (CS * FAN) / 2 + 1, attrs: { 'data-stack': hx } }, (u, st) => {
      const cls = [unitActs(u.id).length ? 'actionable' : '', joinable.has(u.id) ? 'join' : '', group.has(u.id) ? 'group' : '', movers.has(u.id) ? 'mover' : ''].join(' ');
      const g = counterFace(u, w, cls, `${unitLine(u, w)} (${sideWord(u.side)}, ${hx})${cut.has(u.id) ? ` — ${w.cut}` : ''}`, cut.has(u.id));
      g.addEventListener('click', (e) => { e.stopPropagation(); stacks.click(st, u.id, clickPiece); });
      g.addEventListener('keydown', keyed((e) => { e.stopPropagation(); clickPiece(u.id); }));
      unitEls.set(u.id, g);
      return g;
    });
  }

  // The reaction prompt in place: the movers' hex ringed, a line from each
  // unit that may fire with the odds of its shot (6.71-6.73).
  if (reaction && pos.has(reaction.hex)) {
    const [tx, ty] = pos.get(reaction.hex);
    gLit.append(s('path', { d: poly(corners(tx, ty, 1.02)), class: 'target' }));
    const byId = new Map(units.map((u) => [u.id, u]));
    for (const sh of reaction.shooters || []) {
      const u = byId.get(sh.id);
      if (!u || !pos.has(u.hex)) continue;
      const [sx, sy] = pos.get(u.hex);
      gOdds.append(s('line', { x1: sx, y1: sy, x2: tx, y2: ty, class: 'shot' }));
      const best = (sh.odds || []).reduce((m, o) => (o.fail > m.fail ? o : m), { fail: 0, destroy: 0 });
      const lx = sx, ly = sy - R * 0.98; // above the shooter's hex, clear of the counters
      gOdds.append(s('g', { class: 'oddsmark' }, s('rect', { x: lx - 13, y: ly - 5.5, width: 26, height: 10, rx: 3 }), s('text', { x: lx, y: ly + 2 }, `${best.fail}%/${best.destroy}%`),
        s('title', {}, `${u.name}: ${w.fail} ${best.fail}%, ${w.kill} ${best.destroy}%`)));
    }
  }

  // The tracks: turn record, initiative, couplets.
  const track = h('div', { class: 'lim-track', title: w.track }, h('strong', {}, `${w.turn} `),
    Array.from({ length: v.turns || 0 }, (_, i) => {
      const glasses = (v.artillery || []).filter((a) => a.cross && a.glass === i + 1);
      return h('span', { class: 'slot' + (i + 1 === v.turn ? ' now' : ''), title: glasses.map((a) => `${a.id}: ${w.hourglass} ${a.glass}`).join('\n') || null },
        i + 1, glasses.length ? h('small', { class: 'glass ' + glasses[0].side }, '⌛'.repeat(glasses.length)) : null);
    }));
  const info = h('div', { class: 'mapinfo lim-info' }, track,
    v.initiative ? h('span', {}, `${w.initiative}: ${sideWord(v.initiative)}`) : null,
    v.turn > 0 ? h('span', {}, `${v.couplets} ${w.couplets}`) : null,
    h('span', {}, `${sideWord(v.actor)} ${w.acting}`),
    h('span', { class: 'held-count' }, `${w.control}: ${sideWord('central')} ${(v.control?.[0] || []).length} · ${sideWord('russian')} ${(v.control?.[1] || []).length}`));

  // Calls of off-map artillery on the map (6.1): the chosen group's
  // vertices lit; a click calls it there (shell or smoke, asked).
  const vacts = acts.filter((a) => tokens(a.action).some(isVertex));
  const vgroups = [...new Set(vacts.map((a) => tokens(a.action)[1]))];
  let callPick = null;
  if (vgroups.length) {
    if (!vgroups.includes(calling.get(location.pathname))) calling.set(location.pathname, vgroups[0]);
    const g = calling.get(location.pathname), byVertex = new Map();
    for (const a of vacts) {
      const tk = tokens(a.action), vx = tk.find(isVertex);
      if (tk[1] !== g) continue;
      if (!byVertex.has(vx)) byVertex.set(vx, []);
      byVertex.get(vx).push(a);
    }
    for (const [vx, list] of byVertex) {
      const ps = vx.split('/').filter((id) => pos.has(id)).map((id) => pos.get(id));
      if (!ps.length) continue;
      const x = ps.reduce((m, p) => m + p[0], 0) / ps.length, y = ps.reduce((m, p) => m + p[1], 0) / ps.length;
      gOdds.append(s('circle', { cx: x, cy: y, r: 4.5, class: 'vlit', 'data-vertex': vx, tabindex: 0, role: 'button', 'aria-label': `${g} ${vx}`,
        onclick: () => (list.length === 1 ? ctx.play(list[0].action) : offerChoices(chooser, list, ctx.play, w)),
        onkeydown: keyed(() => (list.length === 1 ? ctx.play(list[0].action) : offerChoices(chooser, list, ctx.play, w))) }, s('title', {}, `${g}: ${vx}`)));
    }
    callPick = h('label', { class: 'lim-call' }, `${w.callArtillery} `, h('select', { name: 'oma', onchange: (e) => { calling.set(location.pathname, e.target.value); render(el, v, ctx); } },
      vgroups.map((x) => h('option', { value: x, selected: x === g }, x))));
  }
  const status = h('div', { class: 'unitinfo', hidden: true });
  const chooser = h('div', { class: 'chooser', hidden: true });
  const sightLine = h('div', { class: 'lim-sight', hidden: !sight.on });
  // Open on the reaction, else the counters with something to do, else
  // the hexes lit for the selected unit (set-up), else the player's units.
  const focus = () => {
    if (reaction && hexEls.has(reaction.hex)) return [hexEls.get(reaction.hex)];
    const busy = [...unitEls].filter(([id]) => unitActs(id).length).map(([, g]) => g);
    if (busy.length) return busy;
    const lit = sel.id ? unitActs(sel.id).map(hexOf).filter((x) => hexEls.has(x)).map((x) => hexEls.get(x)) : [];
    return lit.length ? lit : [...unitEls].filter(([id]) => units.find((u) => u.id === id).side === ctx.side).map(([, g]) => g);
  };
  const frame = mapFrame(svg, { game: 'limanowa', min: 1, max: 10, start: { phone: 5, touch: 3, desk: 2.2 }, words: w, focus });
  const sightButton = ctx.ask ? h('button', { class: 'secondary lim-sight-tool' + (sight.on ? ' on' : ''), type: 'button', 'aria-pressed': String(sight.on), title: w.sightHelp,
    onclick: () => { Object.assign(sight, { on: !sight.on, from: '', answer: null, error: '' }); drawSight(); } }, w.sight) : null;
  if (sightButton) frame.controls.append(sightButton);

  const panel = promptPanel(v, w, ctx, units, sideWord);
  const legend = h('details', { class: 'legend' }, h('summary', {}, w.legend), h('div', { class: 'items' },
    LEVEL.slice(0, 4).map((c, i) => h('span', {}, h('i', { class: 'sw', style: `background:${c}` }), ` ${w.level} ${i}`)),
    h('span', {}, h('i', { class: 'sw village' }), ' ', w.village), h('span', {}, h('i', { class: 'sw woods' }), ' ', w.woods),
    h('span', {}, h('i', { class: 'sw woods' }, '•'), ' ', w['dot-woods']), h('span', {}, h('i', { class: 'sw out' }), ' ', w.out),
    ['road', 'stream', 'contour', 'bridge'].map((c) => h('span', {}, s('svg', { width: 26, height: 12, viewBox: '0 0 26 12', class: 'map lim swatch' }, s('line', { x1: 2, y1: 6, x2: 24, y2: 6, class: c })), ' ', w[c])),
    h('span', {}, '⌇ ', w.trench), h('span', {}, 'IN ', w.inTrench), h('span', {}, '◤ ', w.spent), h('span', {}, h('i', { class: 'sw held central' }), ' / ', h('i', { class: 'sw held russian' }), ' ', w.control),
    v.lines ? h('span', {}, h('i', { class: 'sw edge central' }), ' / ', h('i', { class: 'sw edge russian' }), ' ', w.edge) : null,
    v.lines ? h('span', {}, h('i', { class: 'sw cut' }, '⛓'), ' ', w.cut) : null,
    h('span', {}, w.faces)));

  // Off the map: units to set up or still to come, destroyed, captured,
  // exited.
  const offList = (list) => h('ul', {}, list.map((u) => {
    const can = unitActs(u.id).length > 0;
    return h('li', { 'data-unit': u.id, class: can ? 'actionable' : null, tabindex: can ? 0 : null, role: can ? 'button' : null,
      onclick: can ? () => clickPiece(u.id) : null, onkeydown: can ? keyed(() => clickPiece(u.id)) : null }, `${unitLine(u, w)} — ${sideWord(u.side)}`);
  }));
  const boxes = ['waiting', 'destroyed', 'captured', 'exited'].map((where) => {
    const list = units.filter((u) => u.where === where);
    return list.length ? h('details', { class: 'offmap', open: where === 'waiting' && v.step === 'setup' && window.innerWidth > 700 }, h('summary', {}, `${w[where]} (${list.length})`), offList(list)) : null;
  });

  el.append(...[v.campaign ? dayBar(v, w, lines.cut || [], sideWord) : null, info, panel, callPick, status, sightLine, h('div', { class: 'mapwrap' }, frame.controls, frame.scroll, chooser), legend,
    boxes.some(Boolean) ? h('div', { class: 'lim-off' }, h('strong', {}, w.offMap), ...boxes) : null, h('p', { class: 'notice' }, w.notice)].filter(Boolean));
  frame.place();
  drawChanges(gLast, ctx.changes, (p) => pos.get(p), unitEls);

  function light() {
    const mine = sel.id ? unitActs(sel.id) : [];
    const dests = new Set(mine.map(hexOf).filter(Boolean));
    const open = new Set();
    if (!sel.id) for (const a of acts) if (!tokens(a.action).slice(1).some((x) => unitIDs.has(x)) && hexOf(a)) open.add(hexOf(a));
    for (const [id, p] of hexEls) {
      p.classList.toggle('dest', dests.has(id));
      p.classList.toggle('open', open.has(id));
      p.setAttribute('tabindex', dests.has(id) || open.has(id) || sight.on ? 0 : -1);
    }
    for (const [id, g] of unitEls) g.classList.toggle('selected', id === sel.id);
    stacks.relayout();
    ctx.highlight(mine.map((a) => a.action));
    const u = units.find((x) => x.id === sel.id);
    status.hidden = !u;
    if (!u) return;
    // Both faces, the one up marked; the actions naming the unit and no hex.
    const faceBox = (name, val, up) => h('span', { class: 'lim-face' + (up ? ' up' : ''), title: up ? w.faceUp : '' }, `${name} ${val}`);
    clear(status).append(h('strong', {}, `${w.selected}: `), `${u.name} (${(w.types || {})[u.type] || u.type}, ${sideWord(u.side)}) `,
      faceBox(w.formed, u.formed, !u.dispersed), faceBox(w.dispersed, u.dispersed_face, u.dispersed),
      u.spent ? h('em', {}, ` ${w.spent}`) : '', u.in ? h('em', {}, ` ${w.inTrench}`) : '', u.moving ? h('em', {}, ` ${w.moving}: ${u.mp} ${w.mp}`) : '',
      dests.size ? ` · ${dests.size} ${w.hexes}` : '',
      ...mine.filter((a) => !hexOf(a)).map((a) => h('button', { class: 'secondary', 'data-action': a.action, onclick: () => ctx.play(a.action) }, a.label)));
  }

  function clickPiece(id) {
    stacks.closeAll(null);
    chooser.hidden = true;
    const u = units.find((x) => x.id === id);
    if (sight.on && u && u.where === 'map') return clickHex(u.hex);
    if (joinable.has(id) && sel.id !== id) return ctx.play(`add ${id}`); // mass building: a click adds (6.01)
    if (sel.id && sel.id !== id) {
      const both = acts.filter((a) => { const tk = tokens(a.action); return tk.includes(sel.id) && tk.includes(id); });
      if (both.length === 1) return ctx.play(both[0].action);
      if (both.length > 1) return offerChoices(chooser, both, ctx.play, w);
    }
    sel.id = sel.id === id ? null : id;
    light();
  }
  function clickHex(id) {
    stacks.closeAll(null);
    chooser.hidden = true;
    if (sight.on) return sightClick(id);
    let here = acts.filter((a) => hexOf(a) === id);
    if (sel.id) here = here.filter((a) => tokens(a.action).includes(sel.id));
    else here = here.filter((a) => !tokens(a.action).slice(1).some((tk) => unitIDs.has(tk)));
    if (here.length === 1) ctx.play(here[0].action);
    else if (here.length > 1) offerChoices(chooser, here, ctx.play, w);
    else { sel.id = null; light(); }
  }

  // The line-of-sight tool: the first click picks where the line starts,
  // the second asks the engine and draws the answer.
  async function sightClick(id) {
    if (!sight.from || sight.answer) {
      Object.assign(sight, { from: id, answer: null, error: '' });
      drawSight();
      return;
    }
    try {
      sight.answer = await ctx.ask(`sight ${sight.from} ${id}`);
      sight.error = '';
    } catch (e) {
      sight.error = e.message;
    }
    drawSight();
  }
  function drawSight() {
    if (sightButton) { sightButton.classList.toggle('on', sight.on); sightButton.setAttribute('aria-pressed', String(sight.on)); }
    clear(gSight);
    sightLine.hidden = !sight.on;
    light();
    if (!sight.on) return;
    const a = sight.answer;
    if (sight.from && pos.has(sight.from)) gSight.append(s('path', { d: poly(corners(...pos.get(sight.from), 0.9)), class: 'los-from' }));
    if (!a) {
      clear(sightLine).append(h('strong', {}, `${w.sight}: `), sight.error || (sight.from ? `${sight.from} → ${w.sightPick}` : w.sightHelp));
      return;
    }
    for (const st of a.line || []) if (pos.has(st.hex) && st.hex !== a.from) gSight.append(s('path', { d: poly(corners(...pos.get(st.hex), 0.9)), class: 'los-hex' }));
    const [ax, ay] = pos.get(a.from), [bx, by] = pos.get(a.to);
    gSight.append(s('line', { x1: ax, y1: ay, x2: bx, y2: by, class: 'los ' + (a.visible ? 'seen' : 'blocked') }));
    const profile = (a.line || []).map((st) => `${st.hex}${st.other ? '/' + st.other : ''}:${st.level}`).join(' ');
    let verdict = a.visible ? w.sightSeen : '';
    if (a.blocker) {
      const b = a.blocker;
      verdict = `${w.sightBlocked} ${b.hex}${b.other ? '/' + b.other : ''} — ${(w.why || {})[a.why] || a.why}`;
      if (pos.has(b.hex)) {
        const [cx, cy] = pos.get(b.hex);
        gSight.append(s('g', { class: 'los-block' }, s('path', { d: poly(corners(cx, cy, 0.95)) }), s('path', { d: `M${cx - 7},${cy - 7}L${cx + 7},${cy + 7}M${cx + 7},${cy - 7}L${cx - 7},${cy + 7}` })));
      }
    }
    clear(sightLine).append(h('strong', {}, `${w.sight}: ${a.from} → ${a.to}: `), h('span', { class: 'verdict ' + (a.visible ? 'seen' : 'blocked') }, verdict),
      a.visible && a.concealed ? ` · ${w.sightConcealed}` : '', h('small', { class: 'profile', title: w.level }, ` (${w.level}: ${profile})`));
  }

  drawSight();
  // The page lists only what the board does not offer.
  const PANEL = new Set(['react', 'return', 'attack', 'policy', 'hold']);
  return (text) => {
    const tk = tokens(text);
    if (PANEL.has(tk[0]) || tk.some(isVertex)) return true;
    if (tk[0] === 'add') return true;
    return tk.slice(1).some((x) => unitEls.has(x) || byID.has(x)) || tk.slice(1).some((x) => unitIDs.has(x));
  };
}

// promptPanel shows in place what the decision needs beyond the map: the
// reaction window (the movers, each unit that may fire and the odds of its
// shot on every mover, a one-click hold), return fire, melee allocation,
// the command under way, and the standing reaction order.
function promptPanel(v, w, ctx, units, sideWord) {
  const acts = ctx.actions || [];
  const byId = new Map(units.map((u) => [u.id, u]));
  const name = (id) => (byId.get(id) || { name: id }).name;
  const button = (a, cls = '') => h('button', { class: cls, 'data-action': a.action, onclick: () => ctx.play(a.action) }, a.label);
  const hold = acts.find((a) => a.action === 'hold');
  const out = h('div', { class: 'lim-panel' });
  const r = v.reaction;
  if (r) {
    const shots = new Map(acts.filter((a) => /^react /.test(a.action)).map((a) => [tokens(a.action)[1], a]));
    out.append(h('div', { class: 'battle lim-react', 'data-hex': r.hex },
      h('strong', {}, `${w.reaction} ${r.hex}`),
      h('p', {}, h('em', {}, `${w.movers}: `), r.movers.map(name).join(', ')),
      h('div', {}, h('em', {}, `${w.mayFire}:`), (r.shooters || []).length ? h('ul', { class: 'shooters' }, r.shooters.map((sh) => h('li', { 'data-shooter': sh.id },
        shots.has(sh.id) ? button(shots.get(sh.id)) : name(sh.id), ' ',
        h('span', { class: 'odds' }, (sh.odds || []).map((o) => `${name(o.target)}: ${w.modifier} ${o.modifier >= 0 ? '+' : ''}${o.modifier}, ${w.fail} ${o.fail}%, ${w.kill} ${o.destroy}%`).join(' · '))))) : ` ${w.noShooters}`),
      hold ? button(hold, 'hold') : null));
  } else if (v.step === 'return' || v.step === 'melee') {
    const mine = acts.filter((a) => /^(return|attack) /.test(a.action));
    if (mine.length || hold) out.append(h('div', { class: 'battle lim-react' }, h('strong', {}, v.prompt), h('div', { class: 'buttons' }, mine.map((a) => button(a)), hold ? button(hold, 'hold') : null)));
  }
  if (v.step === 'group' && (v.group || []).length) {
    out.append(h('p', { class: 'lim-group' }, h('em', {}, `${w.group}: `), v.group.map(name).join(', '),
      acts.some((a) => /^add /.test(a.action)) ? h('small', { class: 'muted' }, ` — ${w.joinHint}`) : null));
  }
  // The standing reaction order: the player's own, changed at any of his
  // decisions (the engine offers it then), a reaction window included.
  const pol = acts.filter((a) => /^policy /.test(a.action));
  if (v.policy && (pol.length || ctx.side === 'central' || ctx.side === 'russian')) {
    const names = w.policies || {};
    out.append(h('label', { class: 'lim-policy' }, `${w.policy}: `, pol.length
      ? h('select', { name: 'policy', onchange: (e) => ctx.play(`policy ${e.target.value}`) },
        [v.policy, ...pol.map((a) => tokens(a.action)[1])].map((p) => h('option', { value: p, selected: p === v.policy }, names[p] || p)))
      : h('span', {}, names[v.policy] || v.policy, h('small', { class: 'muted' }, ` (${w.policyWhen})`))));
  }
  return out.children.length ? out : null;
}
