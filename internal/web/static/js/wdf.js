// The Western Desert Force board: the hex map drawn from view.map (flat-top
// hexes, columns left to right, even columns half a hex lower, as
// internal/hexgrid's WDF layout), terrain, coast and sea, roads and tracks
// from centre to centre, escarpments, ridges and rivers on hexsides, place
// names, supply sources and road zones, the fortresses' status (16.1) on
// their hexes; counters with NATO-style symbols, stacks piled in their hex
// that fan out on hover, focus or tap (stack.js, as on the Compass map);
// depots, leaders and improved positions; the air and attack point track,
// the boxes off the map and the battle.
// Clicking a counter shows its supply and, in a movement phase, chooses it
// (the "pick" action, ruling W38), after which its legal moves light the
// hexes it may go to; clicking a lit hex plays the action (or asks
// which), clicking another says why the piece may not go there.
import { h, s, clear } from './dom.js';
import { gameWords } from './i18n.js';
import { stackSet, FAN, pileDiagonal } from './stack.js';
import { mapFrame, selection, drawChanges, offerChoices, tellWhy, asker } from './mapview.js';
import { wdfOdds } from './odds.js';

const R = 26; // hex size: centre to corner, in SVG units
const SQ3 = Math.sqrt(3);
const CS = 26; // counter side

// centre mirrors hexgrid.Layout.Center for the WDF layout: axial
// q = col, r = row - (col + col&1)/2, x = 1.5 R q, y = √3 R (r + q/2).
export function centre(col, row) {
  const q = col, r = row - (col + (col & 1)) / 2;
  return [R * 1.5 * q, R * SQ3 * (r + q / 2)];
}

// corners of the flat-top hex around x, y.
function corners(x, y) {
  const out = [];
  for (let i = 0; i < 6; i++) {
    const a = (Math.PI / 3) * i;
    out.push([x + R * Math.cos(a), y + R * Math.sin(a)]);
  }
  return out;
}

const poly = (pts) => 'M' + pts.map((p) => p.map((n) => n.toFixed(1)).join(',')).join('L') + 'Z';

const TERRAIN = {
  clear: '#f1e6c6', rough: '#d9bf88', mountain: '#b08f5e', 'salt marsh': '#c6d1ac', salt_marsh: '#c6d1ac',
  qattara: '#d6c09c', 'qattara depression': '#d6c09c', sea: '#bfd8e3', city: '#e2d6bf', town: '#e8dcc0',
};
const terrainFill = (t) => TERRAIN[(t || '').toLowerCase()] || '#ece0c2';

// Counter colours by nation (rule 1.3's colour bands, as near as we can).
const NATION = {
  german: { fill: '#b8c1c9', ink: '#1b242c' },
  italian: { fill: '#9fc487', ink: '#1b3311' },
  free_french: { fill: '#b7cbe6', ink: '#142a48' },
  polish: { fill: '#e8c6c0', ink: '#4a1a12' },
  greek: { fill: '#c5e0ec', ink: '#123646' },
};
const SIDE = { allied: { fill: '#e8cf98', ink: '#3a2709' }, axis: { fill: '#b8c1c9', ink: '#1b242c' } };
const colours = (u) => NATION[u.nation] || SIDE[u.side] || { fill: '#ddd', ink: '#222' };
const ZONE = ['#e6194b', '#3cb44b', '#4363d8', '#f58231', '#911eb4', '#42d4f4', '#f032e6', '#9a6324', '#469990', '#808000'];

const keyed = (f) => (e) => {
  if (e.key === 'Enter' || e.key === ' ') {
    e.preventDefault();
    f(e);
  }
};


const tokens = (text) => text.split(/\s+/);
// The piece each game page last showed chosen: a newly chosen piece is
// selected once, and the player may then select another to look at it.
const chosenShown = new Map();
// The cities the campaign turns on, named in bold as the fortresses are.
const MAJOR = new Set(['Tobruk', 'Bardia', 'Benghazi', 'Alexandria']);

// symbol draws the NATO-style unit symbol in a w×h box at x, y.
function symbol(type, x, y, w, hh, ink) {
  const t = (type || '').toLowerCase();
  const box = s('rect', { x, y, width: w, height: hh, fill: '#fffdf5', stroke: ink, 'stroke-width': 1 });
  const parts = [box];
  const line = (x1, y1, x2, y2) => s('line', { x1, y1, x2, y2, stroke: ink, 'stroke-width': 1 });
  if (t.includes('inf') || t.includes('mot') || t.includes('para') || t.includes('garrison')) {
    parts.push(line(x, y, x + w, y + hh), line(x, y + hh, x + w, y));
  }
  if (t.includes('arm') || t.includes('tank') || t.includes('mech')) {
    parts.push(s('ellipse', { cx: x + w / 2, cy: y + hh / 2, rx: w / 2 - 2.5, ry: hh / 2 - 2, fill: 'none', stroke: ink, 'stroke-width': 1 }));
  }
  if (t.includes('recon') || t.includes('cav')) parts.push(line(x, y + hh, x + w, y));
  if (t.includes('mot')) parts.push(line(x + 2, y + hh + 1.5, x + w - 2, y + hh + 1.5)); // wheels: a bar under the box
  if (t.includes('art')) parts.push(s('circle', { cx: x + w / 2, cy: y + hh / 2, r: 1.6, fill: ink }));
  if (t.includes('eng')) parts.push(line(x + 2, y + hh / 2, x + w - 2, y + hh / 2));
  return parts;
}

function counterFace(u, sel, actionable, stackTitle) {
  const c = colours(u);
  const g = s('g', { class: 'counter' + (sel ? ' selected' : '') + (actionable ? ' actionable' : '') + (u.reduced ? ' reduced' : ''), tabindex: 0, role: 'button', 'data-unit': u.id });
  g.append(s('title', {}, stackTitle),
    s('rect', { class: 'face', x: -CS / 2, y: -CS / 2, width: CS, height: CS, rx: 2.5, fill: u.reduced ? '#faf6ec' : c.fill, stroke: c.ink, 'stroke-width': 1 }),
    u.reduced ? s('rect', { x: -CS / 2 + 0.5, y: CS / 2 - 5.5, width: CS - 1, height: 5, fill: c.fill }) : null,
    s('text', { x: 0, y: -CS / 2 + 6.3, class: 'csize', fill: c.ink }, u.size || ''),
    ...symbol(u.type, -7, -CS / 2 + 7.5, 14, 8.5, c.ink),
    s('text', { x: 0, y: CS / 2 - (u.reduced ? 6.5 : 2.8), class: 'cvals', fill: u.reduced ? '#a3261b' : c.ink }, `${u.cs ?? ''}-${u.ma ?? ''}`),
    u.supplied === false ? s('circle', { cx: CS / 2 - 3, cy: -CS / 2 + 3, r: 2.6, class: 'oos' }) : null);
  return g;
}

// hitsLine: the numbers a unit's dice hit on attacking and defending where
// it stands (10.21; 7.91, 12.3, 16.2 as the view reckons them).
const hitsLine = (u, w) => {
  if (!u.hits_on && !u.hits_on_defense) return '';
  if (!u.hits_on_defense) return `, ${w.hitsOn} ${u.hits_on}`;
  return `, ${w.hitsOn} ${u.hits_on ?? w.none} ${w.attacking}, ${u.hits_on_defense} ${w.defending}`;
};

const unitLine = (u, w) => `${u.name} (${u.size || ''} ${u.type || ''}) ${u.cs ?? ''}-${u.ma ?? ''}${u.reduced ? ' ' + w.reduced : ''}${u.ip ? `, IP ${u.ip}` : ''}${u.supplied === false ? ', ' + w.outSupply.toLowerCase() : ''}`;

export function render(el, v, ctx) {
  clear(el);
  const w = gameWords('wdf');
  if (!v || !v.map || !Array.isArray(v.map.hexes)) {
    el.append(h('pre', {}, JSON.stringify(v, null, 1)));
    return;
  }
  const hexes = v.map.hexes;
  const byID = new Map(hexes.map((x) => [x.id, x]));
  const pos = new Map(hexes.map((x) => [x.id, centre(x.col, x.row)]));
  // Each unit's printed values (name, nation, type, size, division, MA)
  // come with the sheet (v.map.units), the same in every view.
  const units = (v.units || []).map((u) => ({ ...(v.map.units || {})[u.id], ...u }));
  const unitIDs = new Set(units.map((u) => u.id));
  const leaderIDs = new Set((v.leaders || []).map((l) => l.id));
  const sideWord = (x) => w[x] || x;

  // The frame: the printed rectangle the hexes span, one hex of margin.
  const cols = hexes.map((x) => x.col), rows = hexes.map((x) => x.row);
  const c0 = Math.min(...cols), c1 = Math.max(...cols), r0 = Math.min(...rows), r1 = Math.max(...rows);
  const [x0] = centre(c0, 1), [x1] = centre(c1, 1);
  const minX = x0 - R * 1.2, maxX = x1 + R * 1.2, minY = centre(1, r0)[1] - R * SQ3, maxY = centre(2, r1)[1] + R;
  const W = maxX - minX, H = maxY - minY;
  const svg = s('svg', { viewBox: `${minX.toFixed(0)} ${minY.toFixed(0)} ${W.toFixed(0)} ${H.toFixed(0)}`, class: 'map wdf', role: 'img', 'aria-label': w.mapLabel });
  const defs = s('defs', {},
    s('pattern', { id: 'wdf-off', width: 8, height: 8, patternUnits: 'userSpaceOnUse', patternTransform: 'rotate(45)' },
      s('rect', { width: 8, height: 8, fill: '#d9cfb8' }), s('line', { x1: 0, y1: 0, x2: 0, y2: 8, stroke: '#c7bb9f', 'stroke-width': 3 })),
    s('pattern', { id: 'wdf-marsh', width: 10, height: 6, patternUnits: 'userSpaceOnUse' },
      s('rect', { width: 10, height: 6, fill: terrainFill('salt marsh') }), s('path', { d: 'M1,4 h3 M6,2 h3', stroke: '#6f8a5a', 'stroke-width': 0.8 })),
    s('pattern', { id: 'wdf-qattara', width: 7, height: 7, patternUnits: 'userSpaceOnUse' },
      s('rect', { width: 7, height: 7, fill: terrainFill('qattara') }), s('circle', { cx: 3.5, cy: 3.5, r: 0.9, fill: '#9c7f52' })));
  svg.append(defs, s('rect', { x: minX, y: minY, width: W, height: H, fill: 'url(#wdf-off)' }));
  const gSea = s('g', {}), gHex = s('g', {}), gZone = s('g', {}), gSides = s('g', {}), gRoads = s('g', {}), gMarks = s('g', {}),
    gNames = s('g', {}), gPath = s('g', {}), gLast = s('g', {}), gUnits = s('g', {});
  svg.append(gSea, gHex, gZone, gRoads, gSides, gMarks, gNames, gPath, gLast, gUnits);

  // The sea: north of each column's first land hex (the Mediterranean).
  const firstRow = new Map();
  for (const x of hexes) firstRow.set(x.col, Math.min(firstRow.get(x.col) ?? 1e9, x.row));
  for (let c = c0; c <= c1; c++) {
    const top = firstRow.get(c) ?? r0;
    for (let r = 0; r < top; r++) gSea.append(s('path', { d: poly(corners(...centre(c, r))), class: 'sea' }));
  }

  const fillOf = (x) => {
    const t = (x.terrain || '').toLowerCase();
    if (t.includes('marsh')) return 'url(#wdf-marsh)';
    if (t.includes('qattara')) return 'url(#wdf-qattara)';
    return terrainFill(t);
  };
  // A fortress's status (16.1) from view.fortress, keyed by its name.
  const fortressStatus = (x) => {
    const f = v.fortress && typeof v.fortress === 'object' ? v.fortress : {};
    const k = Object.keys(f).find((k) => k.toLowerCase() === (x.place || '').toLowerCase());
    return k && typeof f[k] === 'string' ? f[k] : '';
  };
  const hexEls = new Map();
  for (const x of hexes) {
    const [cx, cy] = pos.get(x.id);
    const p = s('path', { d: poly(corners(cx, cy)), class: 'hex' + (x.coastal ? ' coastal' : ''), fill: fillOf(x), 'data-hex': x.id, tabindex: -1, role: 'button',
      onclick: () => clickHex(x.id), onkeydown: keyed(() => clickHex(x.id)) },
    s('title', {}, `${x.id}${x.place ? ' ' + x.place : ''} — ${x.terrain}${x.coastal ? `, ${w.coastal}` : ''}${x.fortress ? `, ${w.fortressOf}${fortressStatus(x) ? ' ' + (w.fort[fortressStatus(x)] || fortressStatus(x)) : ''}` : ''}${x.source ? `, ${sideWord(x.source)} ${w.source}` : ''}`));
    hexEls.set(x.id, p);
    gHex.append(p);
    // Hex numbers, faint, as printed.
    gNames.append(s('text', { x: cx, y: cy - R * 0.62, class: 'hexid' }, x.id));
  }

  // Hexsides: shared edge of a and b, and centre-to-centre lines.
  const edge = (a, b) => {
    const [ax, ay] = pos.get(a), [bx, by] = pos.get(b);
    const mx = (ax + bx) / 2, my = (ay + by) / 2, d = Math.hypot(bx - ax, by - ay) || 1;
    const px = -(by - ay) / d * (R / 2), py = (bx - ax) / d * (R / 2);
    return { x1: mx - px, y1: my - py, x2: mx + px, y2: my + py };
  };
  for (const sd of v.map.sides || []) {
    if (!pos.has(sd.a) || !pos.has(sd.b)) continue;
    const [ax, ay] = pos.get(sd.a), [bx, by] = pos.get(sd.b);
    if (sd.track && !sd.road) gRoads.append(s('line', { x1: ax, y1: ay, x2: bx, y2: by, class: 'track' }));
    if (sd.road) gRoads.append(s('line', { x1: ax, y1: ay, x2: bx, y2: by, class: 'road' }));
    if (sd.river) gSides.append(s('line', { ...edge(sd.a, sd.b), class: 'river' }));
    if (sd.escarpment) gSides.append(s('line', { ...edge(sd.a, sd.b), class: 'escarpment' }));
    if (sd.ridge) gSides.append(s('line', { ...edge(sd.a, sd.b), class: 'ridge' }));
  }

  // Places, sources, fortress status, IPs and depots.
  const fortressTag = (x, y, st, title, hex) => {
    const word = (w.fort[st] || st).toUpperCase(), wd = 8 + word.length * 4.1;
    return s('g', { class: 'fortmark ' + st, 'data-fortress': hex }, s('title', {}, title),
      s('rect', { x: x - wd / 2, y: y - 4.6, width: wd, height: 9.2, rx: 4.6 }),
      s('text', { x, y: y + 2.2, textLength: wd - 7, lengthAdjust: 'spacingAndGlyphs' }, word));
  };
  for (const x of hexes) {
    const [cx, cy] = pos.get(x.id);
    if (x.place) {
      gNames.append(s('text', { x: cx, y: cy + R * 0.92, class: 'place' + (x.fortress ? ' fortress' : MAJOR.has(x.place) ? ' major' : '') }, x.place));
    }
    if (x.fortress) {
      // The fortress's status (intact, reduced, destroyed: 16.1) from
      // view.fortress, keyed by the fortress's name: a tag on the hex's
      // top edge, and the ring inside the hex solid, dashed or faint.
      const st = fortressStatus(x);
      gMarks.append(s('path', { d: poly(corners(cx, cy).map(([px, py]) => [cx + (px - cx) * 0.86, cy + (py - cy) * 0.86])), class: 'fortress-ring' + (st ? ' ' + st : '') }));
      if (st) gNames.append(fortressTag(cx, cy - R * SQ3 / 2 - 4, st, `${x.place} ${w.fortressOf} (16.1): ${w.fort[st] || st}`, x.id));
    }
    if (x.source) {
      gMarks.append(s('g', { class: 'source ' + x.source }, s('title', {}, `${sideWord(x.source)} ${w.source}`),
        s('circle', { cx: cx + R * 0.55, cy: cy - R * 0.42, r: 6 }), s('text', { x: cx + R * 0.55, y: cy - R * 0.42 + 3 }, '★')));
    }
  }
  for (const ip of v.ips || []) {
    if (!pos.has(ip.hex)) continue;
    const [cx, cy] = pos.get(ip.hex);
    gMarks.append(s('g', { class: 'ipmark' }, s('title', {}, `${w.ip} ${ip.level}`),
      s('rect', { x: cx - R * 0.95, y: cy - 6, width: 11, height: 12, rx: 1.5 }), s('text', { x: cx - R * 0.95 + 5.5, y: cy + 3 }, ip.level)));
  }
  for (const d of v.depots || []) {
    if (!pos.has(d.hex)) continue;
    const [cx, cy] = pos.get(d.hex);
    gMarks.append(s('g', { class: 'depot ' + d.side }, s('title', {}, `${sideWord(d.side)} ${w.depot}${d.moved ? ' (moved)' : ''}`),
      s('rect', { x: cx + R * 0.45, y: cy + 2, width: 11, height: 11, rx: 1.5 }), s('text', { x: cx + R * 0.45 + 5.5, y: cy + 11 }, 'D')));
  }
  const leaderEls = new Map();
  for (const l of v.leaders || []) {
    if (!l.hex || !pos.has(l.hex)) continue;
    const [cx, cy] = pos.get(l.hex);
    const g = s('g', { class: 'leader ' + l.side, 'data-leader': l.id, tabindex: 0, role: 'button', onclick: (e) => { e.stopPropagation(); clickPiece(l.id); }, onkeydown: keyed(() => clickPiece(l.id)) },
      s('title', {}, `${w.leader}: ${l.name}${Object.entries(l).filter(([k, x]) => !['id', 'name', 'side', 'hex'].includes(k) && x !== null && x !== '' && typeof x !== 'object').map(([k, x]) => `, ${k} ${x}`).join('')}`), s('circle', { cx: cx - R * 0.6, cy: cy + R * 0.42, r: 6.5 }),
      s('text', { x: cx - R * 0.6, y: cy + R * 0.42 + 2.6 }, (l.name || l.id).replace(/[^A-Za-zÀ-ÿ]/g, '').slice(0, 2)));
    leaderEls.set(l.id, g);
    gMarks.append(g);
  }

  // Counters: each hex's stack piled up and right, the whole stack in each
  // title; it fans out, larger, on hover, on focus or on a first tap
  // (stack.js, as the Compass map's stacks).
  const unitActs = (id) => ctx.actions.filter((a) => tokens(a.action).includes(id));
  const byHex = new Map();
  for (const u of units) {
    if (u.where !== 'map' || !u.hex || !pos.has(u.hex)) continue;
    if (!byHex.has(u.hex)) byHex.set(u.hex, []);
    byHex.get(u.hex).push(u);
  }
  const unitEls = new Map();
  // A piece stays selected across redraws while it has something to do;
  // a unit part way through its move (ruling W36) is selected for its
  // owner, its next hexes lit.
  const sel = selection(ctx.side, (id) => ctx.actions.some((a) => tokens(a.action).includes(id)));
  if (v.moving && !v.chosen && unitActs(v.moving).length) sel.id = v.moving;
  // The piece chosen in a movement phase (ruling W38) is selected, its
  // moves lit, until the player selects another.
  if (v.chosen && unitActs(v.chosen).length && v.chosen !== chosenShown.get(location.pathname)) sel.id = v.chosen;
  chosenShown.set(location.pathname, v.chosen);
  const stacks = stackSet(svg, gUnits, { size: CS, centred: true, bounds: [minX, minY, maxX, maxY], pile });
  for (const [hx, stack] of byHex) {
    const [cx, cy] = pos.get(hx);
    const title = stack.map((u) => unitLine(u, w)).join('\n');
    stacks.add({ units: stack, cx, cy, top: cy - (CS * FAN) / 2 + 1, attrs: { 'data-stack': hx } }, (u, st) => {
      const g = counterFace(u, false, unitActs(u.id).length > 0, title);
      g.addEventListener('click', (e) => { e.stopPropagation(); stacks.click(st, u.id, clickPiece); });
      g.addEventListener('keydown', keyed((e) => { e.stopPropagation(); clickPiece(u.id); }));
      unitEls.set(u.id, g);
      return g;
    });
  }

  // pile places a closed stack's counters a few units apart, up and to
  // the right, the selected one on top.
  function pile(st) { pileDiagonal(st, sel.id, 5, 14); }


  // The battle's hexes.
  if (v.battle) for (const hx of v.battle.hexes || []) if (hexEls.has(hx)) hexEls.get(hx).classList.add('battle');

  // Road zones, on demand, for the phasing side (7.12).
  const zoneKey = 'wdf-zones';
  const zoneSide = v.phasing || v.viewer;
  const drawZones = (on) => {
    clear(gZone);
    if (!on) return;
    const letters = [...new Set(hexes.map((x) => x.zone && x.zone[zoneSide]).filter(Boolean))].sort();
    for (const x of hexes) {
      const z = x.zone && x.zone[zoneSide];
      if (!z) continue;
      const [cx, cy] = pos.get(x.id), col = ZONE[letters.indexOf(z) % ZONE.length];
      gZone.append(s('path', { d: poly(corners(cx, cy)), class: 'zone', fill: col }),
        s('text', { x: cx - R * 0.5, y: cy - R * 0.2, class: 'zoneletter', fill: col }, z));
    }
  };
  drawZones(localStorage.getItem(zoneKey) === 'on');

  // The panel: turn, tracks, fortress, VP.
  const placeName = (k) => (hexes.find((x) => x.fortress && (x.place || '').toLowerCase() === k.toLowerCase()) || { place: k }).place;
  const pair = (a, f = (x) => x) => a ? `${w.allied} ${f(a[0])} · ${w.axis} ${f(a[1])}` : w.none;
  const yn = (b) => (b ? w.yes : w.no);
  const info = h('div', { class: 'mapinfo wdf-track' },
    h('span', {}, `${w.turn} ${v.turn}/${v.turns}${v.date ? ' — ' + v.date : ''}`),
    v.phase ? h('span', {}, `${w.phase}: ${v.phase}`) : null,
    v.phasing ? h('span', {}, `${w.phasing}: ${sideWord(v.phasing)}`) : null,
    v.decider && v.decider !== v.phasing ? h('span', {}, `${w.decider}: ${sideWord(v.decider)}`) : null,
    h('span', { class: 'pts' }, `${w.ap} ${pair(v.ap)}`), h('span', { class: 'pts' }, `${w.asp} ${pair(v.asp)}`),
    h('span', {}, `${w.major}: ${pair(v.major, yn)}`),
    v.supply_level ? h('span', {}, `${w.supply}: ${v.supply_level}`) : null,
    h('span', {}, `${w.naval}: ${yn(v.naval)}`),
    v.tobruk ? h('span', {}, `${w.tobruk}: ${sideWord(v.tobruk)}`) : null,
    v.fortress && typeof v.fortress === 'object' ? h('span', {}, `${w.fortressStatus}: ${Object.entries(v.fortress).map(([k, x]) => `${placeName(k)} ${w.fort[x] || x}`).join(', ')}`) : null,
    v.vp ? h('span', {}, `${w.vp} ${pair(v.vp)}`) : null,
    v.result ? h('strong', {}, v.result) : null);
  const status = h('div', { class: 'unitinfo', hidden: true });
  const chooser = h('div', { class: 'chooser', hidden: true });

  // The frame: zoom, scroll kept across redraws, opening on the battle or
  // on the player's own units (mapview.js).
  const focus = () => {
    const bh = v.battle && (v.battle.hexes || []).filter((x) => hexEls.has(x)).map((x) => hexEls.get(x));
    if (bh && bh.length) return bh;
    if (sel.id && unitEls.has(sel.id)) return [unitEls.get(sel.id)]; // the piece chosen to move
    const me = v.viewer && v.viewer !== 'observer' ? v.viewer : v.phasing;
    const mine = units.filter((u) => u.side === me && unitEls.has(u.id)).map((u) => unitEls.get(u.id));
    const busy = mine.filter((g) => g.classList.contains('actionable'));
    return busy.length ? busy : mine;
  };
  const frame = mapFrame(svg, { game: 'wdf', min: 1, max: 12, start: { phone: 10, touch: 5, desk: 3.5 }, words: w, focus });
  const scroll = frame.scroll;
  const zoom = frame.controls;
  zoom.append(
    h('label', { class: 'check zonetoggle' }, h('input', {
      type: 'checkbox', name: 'zones', checked: localStorage.getItem(zoneKey) === 'on',
      onchange: (e) => { localStorage.setItem(zoneKey, e.target.checked ? 'on' : 'off'); drawZones(e.target.checked); },
    }), ' ', w.zones));

  // The legend.
  const sw = (cls, fill) => s('svg', { width: 26, height: 14, viewBox: '0 0 26 14', class: 'map wdf swatch' },
    cls ? s('line', { x1: 2, y1: 7, x2: 24, y2: 7, class: cls }) : s('rect', { x: 1, y: 1, width: 24, height: 12, fill, stroke: '#8c7a55', 'stroke-width': 0.6 }));
  const terrains = [...new Set(hexes.map((x) => x.terrain))];
  const legend = h('details', { class: 'legend' }, h('summary', {}, w.legend), h('div', { class: 'items' },
    terrains.map((t) => h('span', {}, sw(null, TERRAIN[(t || '').toLowerCase()] || '#ece0c2'), ' ', t)),
    h('span', {}, sw(null, getComputedStyle(document.documentElement).getPropertyValue('--sea') || '#bfd8e3'), ' ', w.sea),
    ['road', 'track', 'escarpment', 'ridge', 'river'].map((c) => h('span', {}, sw(c), ' ', w[c])),
    h('span', {}, '★ ', w.source), h('span', {}, 'D ', w.depot), h('span', {}, '● ', w.leader), h('span', {}, '▮ ', w.ip),
    h('span', {}, ...['intact', 'reduced', 'destroyed'].map((st) => s('svg', { width: 46, height: 12, viewBox: '-23 -6 46 12', class: 'map wdf swatch fortswatch' }, fortressTag(0, 0, st, w.fort[st], null))), ' ', w.fortressMark)));

  // The boxes off the map, by where they are.
  const off = new Map();
  for (const u of units) {
    if (u.where === 'map') continue;
    if (!off.has(u.where)) off.set(u.where, []);
    off.get(u.where).push(u);
  }
  const boxes = h('div', { class: 'wdf-boxes' }, [...off].map(([where, list]) => h('details', { class: 'offmap', open: where === 'reserve' || where === 'eliminated' },
    h('summary', {}, `${(w.boxes && w.boxes[where]) || where} (${list.length})`),
    h('ul', {}, list.map((u) => {
      // A unit off the map with actions (release, replace) is selected
      // from its box like a counter.
      const acts = unitActs(u.id).length > 0;
      return h('li', { 'data-unit': u.id, class: acts ? 'actionable' : null, tabindex: acts ? 0 : null, role: acts ? 'button' : null,
        onclick: acts ? () => clickPiece(u.id) : null, onkeydown: acts ? keyed(() => clickPiece(u.id)) : null }, `${unitLine(u, w)} — ${sideWord(u.side)}`);
    })))));

  el.append(...[info, battlePanel(v, w, units, ctx.log), status, legend,
    h('div', { class: 'mapwrap' }, zoom, scroll, chooser), boxes,
    v.notice ? h('p', { class: 'notice' }, v.notice, ' ', h('a', { href: '/about' }, '→')) : null].filter(Boolean));
  function light() {
    const acts = sel.id ? unitActs(sel.id) : [];
    const dests = new Set();
    for (const a of acts) for (const tk of tokens(a.action)) if (byID.has(tk)) dests.add(tk);
    // With nothing selected, the hexes of actions that name no piece
    // (attacks, depots) are marked more quietly.
    const open = new Set();
    if (!sel.id) for (const a of ctx.actions) {
      const tk = tokens(a.action);
      if (!tk.some((x) => unitIDs.has(x) || leaderIDs.has(x))) for (const x of tk) if (byID.has(x)) open.add(x);
    }
    for (const [id, p] of hexEls) {
      p.classList.toggle('dest', dests.has(id));
      p.classList.toggle('open', open.has(id));
      p.setAttribute('tabindex', dests.has(id) || open.has(id) ? 0 : -1); // lit hexes take the keyboard
    }
    for (const [id, g] of unitEls) g.classList.toggle('selected', id === sel.id);
    stacks.relayout(); // the selected counter on top of its pile
    for (const [id, g] of leaderEls) g.classList.toggle('selected', id === sel.id);
    ctx.highlight(acts.map((a) => a.action));
    // Supply: the unit's status and its traced path.
    clear(gPath);
    const u = units.find((x) => x.id === sel.id);
    status.hidden = !u;
    if (!u) return;
    const path = supplyPath(u).filter((x) => pos.has(x));
    if (path.length > 1) gPath.append(s('polyline', { points: path.map((x) => pos.get(x).map((n) => n.toFixed(1)).join(',')).join(' '), class: 'supplypath' }));
    for (const x of path) gPath.append(s('circle', { cx: pos.get(x)[0], cy: pos.get(x)[1], r: 3, class: 'supplydot' }));
    clear(status).append(h('strong', {}, `${w.selected}: ${u.name}`), ' ',
      `${u.size || ''} ${u.type || ''}, ${u.cs}-${u.ma}, ${w.steps} ${u.steps}${u.reduced ? ` (${w.reduced})` : ''}${hitsLine(u, w)} — `,
      h('span', { class: u.supplied === false ? 'bad' : 'good' }, u.supplied === false ? w.outSupply : w.inSupply),
      path.length ? ` (${w.path}: ${path.length} ${w.hexes})` : '', dests.size ? ` · ${dests.size} ${w.hexes}` : '',
      // Actions that name the unit and no hex (entrench, take a hit, go
      // to the reserve) as buttons here, not over the map.
      ...acts.filter((a) => !tokens(a.action).some((tk) => byID.has(tk))).map((a) => h('button', {
        class: 'secondary', 'data-action': a.action, onclick: () => ctx.play(a.action),
      }, a.label)));
  }

  // The engine's answers, each question asked once a view.
  const { ask, asked, answered } = asker(ctx);

  // supplyPath is unit u's supply path, asked of the engine ("supply
  // UNIT"): none until the answer comes, and then the selection is lit
  // again with it.
  function supplyPath(u) {
    if (u.where !== 'map' || !u.supplied || !ctx.ask) return [];
    const q = `supply ${u.id}`;
    if (answered.has(q)) return Array.isArray(answered.get(q)) ? answered.get(q) : [];
    if (!asked(q)) ask(q).then(() => { if (sel.id === u.id) light(); });
    return [];
  }

  function choose(acts) { offerChoices(chooser, acts, ctx.play, w); }


  // clickPiece selects a piece, or unselects it; in a movement phase a
  // piece not chosen yet is chosen (its "pick" action), which brings its
  // moves.
  function clickPiece(id) {
    stacks.closeAll(null);
    chooser.hidden = true;
    const pick = ctx.actions.find((a) => a.action === `pick ${id}`);
    sel.id = sel.id === id && !pick ? null : id;
    light();
    if (pick) ctx.play(pick.action);
  }

  // whyNot answers "why can't I?" for the selected unit and a hex it may
  // not go to: the rules' reason, asked of the engine ("why UNIT": the
  // reasons of every hex near it), as on the Compass map; without one,
  // "not now".
  async function whyNot(uid, hex) {
    const reasons = (await ask(`why ${uid}`)) || {};
    if (sel.id === uid) tellWhy(status, reasons, hex, w.notNow, w);
  }

  function clickHex(id) {
    stacks.closeAll(null);
    chooser.hidden = true;
    const here = ctx.actions.filter((a) => tokens(a.action).includes(id));
    const hexActs = here.filter((a) => !tokens(a.action).some((tk) => unitIDs.has(tk) || leaderIDs.has(tk)));
    let acts = sel.id ? here.filter((a) => tokens(a.action).includes(sel.id)) : hexActs;
    if (acts.length === 0 && sel.id) acts = hexActs; // the selected piece does not go there: what the hex itself offers
    if (acts.length === 1) ctx.play(acts[0].action);
    else if (acts.length > 1) choose(acts);
    else if (sel.id && sel.id === v.chosen) whyNot(sel.id, id);
    else { sel.id = null; light(); }
  }
  // What the other side did since the player's last move.
  drawChanges(gLast, ctx.changes, (p) => pos.get(p), unitEls);
  // Beside each way of resolving the attack being built, its exact odds.
  if (v.battle && v.battle.dice && ctx.notes) {
    const dv = v.battle.dice;
    const pc = (x) => `${(100 * x).toFixed(x > 0 && x < 0.01 ? 1 : 0)}%`;
    const note = (att) => {
      const o = wdfOdds(att, dv.defender, dv.defender_cs);
      return `${w.expected} ${o.meanAtt.toFixed(1)}–${o.meanDef.toFixed(1)} · ${w.moreHits} ${pc(o.more)} · ${w.overwhelm} ${pc(o.over)}`;
    };
    for (const a of ctx.actions) {
      if (a.action === 'resolve ap') ctx.notes.set(a.action, note(dv.attacker));
      if (a.action === 'resolve no-ap') ctx.notes.set(a.action, note(dv.no_ap || dv.attacker));
    }
  }
  light();
  frame.place();
  // The board offers what names a piece drawn on the map or picked from a
  // box, or a hex and no piece.
  const picked = new Set([...unitEls.keys(), ...leaderEls.keys(), ...units.filter((u) => u.where !== 'map' && unitActs(u.id).length > 0).map((u) => u.id)]);
  return (text) => {
    const tk = tokens(text);
    if (tk.some((x) => picked.has(x))) return true;
    return tk.some((x) => byID.has(x)) && !tk.some((x) => unitIDs.has(x) || leaderIDs.has(x));
  };
}

// sideTable shows one side of a combat: each unit's strength with the
// modifiers that made it (each with its rule), the number its dice hit on,
// the stack and support modifiers, the final strength and, once rolled,
// each die.
function sideTable(sv, title, w, name) {
  const signed = (n) => (n > 0 ? `+${n}` : n < 0 ? `−${-n}` : '0');
  // The first of a unit's modifiers is its printed CS, told as it is.
  const mod = (m, base) => h('span', { class: 'mod' }, m.sets ? `${m.what} ${m.n === 5 ? '5-6' : m.n}` : `${m.what} ${base ? m.n : signed(m.n)}`,
    ' ', h('span', { class: 'rule' }, `(${m.rule})`));
  return h('table', { class: 'combat' },
    h('caption', {}, `${title}: ${w.finalCS} ${sv.final}`),
    h('thead', {}, h('tr', {}, h('th', {}, w.unit), h('th', {}, w.modifiers), h('th', {}, 'CS'), h('th', {}, w.hitsOn))),
    h('tbody', {}, ...sv.units.map((u) => h('tr', {},
      h('td', {}, name(u.unit)),
      h('td', {}, ...u.mods.filter((m) => !m.sets).flatMap((m, i) => (i ? [', ', mod(m)] : [mod(m, true)]))),
      h('td', { class: 'num' }, u.cs),
      h('td', {}, ...u.mods.filter((m) => m.sets).map(mod)))),
    ...sv.stack.map((m) => h('tr', { class: 'stackmod' }, h('td', {}, w.stackMod), h('td', {}, mod(m)), h('td', { class: 'num' }, signed(m.n)), h('td', {}, '6')))),
    sv.dice && sv.dice.length ? h('tfoot', {}, h('tr', {}, h('td', { colspan: 4 }, `${w.dice}: `,
      ...sv.dice.map((d) => h('span', { class: 'die' + (d.hit ? ' hit' : ''), title: `${w.hitsOn} ${d.on === 5 ? '5-6' : '6'}` }, d.roll)),
      ` → ${sv.dice.filter((d) => d.hit).length} ${w.hitsWord}`))) : null);
}

// battlePanel shows the battle under way, if any, unit by unit with its
// modifiers while it is built, and the last combat resolved with each die
// and the losses the log tells after it (as the Compass panel does).
function battlePanel(v, w, units, log) {
  const byID = new Map(units.map((u) => [u.id, u]));
  const name = (id) => (byID.get(id) || { name: id }).name;
  const b = v.battle;
  const c = v.last_combat;
  const out = [];
  if (b) {
    const who = (id) => { const u = byID.get(id); return u ? unitLine(u, w) : id; };
    const list = (a) => (Array.isArray(a) ? a : []).map((x) => h('li', {}, who(x)));
    out.push(h('div', { class: 'battle wdf-battle' },
      h('strong', {}, `${w.battle}${b.hexes && b.hexes.length ? ': ' + b.hexes.join(' → ') : ''}`),
      b.sides ? h('div', { class: 'cols' }, sideTable(b.sides[0], w.attackers, w, name), sideTable(b.sides[1], w.defenders, w, name))
        : h('div', { class: 'cols' },
          h('div', {}, h('em', {}, w.attackers), h('ul', {}, list(b.attackers))),
          h('div', {}, h('em', {}, w.defenders), h('ul', {}, list(b.defenders)))),
      b.sides ? h('p', { class: 'muted' }, w.asIfAP) : null));
  }
  if (c) {
    // The outcome: what the log tells after the combat's line (10.11).
    let start = -1;
    for (let i = (log || []).length - 1; i >= 0; i--) if (log[i].rule === '10.11' && /CS|forza/.test(log[i].text)) { start = i; break; }
    const after = start >= 0 ? log.slice(start + 1).filter((e) => e.rule !== '10.11' && /^(10\.2|9\.2|13\.6|16\.1)/.test(e.rule || '')) : [];
    const open = !!b && (!b.sides);
    out.push(h('details', { class: 'battle wdf-battle lastcombat', open },
      h('summary', {}, `${w.lastCombat}: ${c.from.join(', ')} → ${c.into.join(', ')} — ${w.hitsWord} ${c.hits[0]}–${c.hits[1]}${c.overwhelming ? ` (${w.overwhelming})` : ''}`),
      h('p', {}, c.ap ? w.apSpent : w.noAPSpent),
      h('div', { class: 'cols' }, sideTable(c.sides[0], `${w.attacker} (${w[c.attacker] || c.attacker})`, w, name), sideTable(c.sides[1], w.defender, w, name)),
      after.length ? h('div', {}, h('em', {}, w.outcome), h('ul', {}, after.map((e) => h('li', {}, e.text)))) : null));
  }
  return out.length ? h('div', { class: 'battles' }, ...out) : null;
}
