// The Compass board: the 42 reconstructed areas drawn as Voronoi cells of
// their lat/lon points (spread apart where the front is crowded, and each
// clipped to a disc, so the map keeps a coast-like edge), with names,
// roads, tracks and desert links, coast and VP marks and control; counters
// as counters, piled in stacks that fan out on hover or tap; attack arrows
// and out-of-supply marks; the turn track, the event markers (the
// opponent's face down), the eliminated box and a battle panel. Clicking a
// counter lights the actions that name it and the areas they lead to, with
// what they cost; clicking a lit area plays the action (or asks which,
// when several fit).
import { h, s, clear } from './dom.js';
import { gameWords } from './i18n.js';
import { stackSet, restack } from './stack.js';
import { mapFrame, selection, drawChanges, offerChoices, asker } from './mapview.js';
import { compassOdds, compassProspect } from './odds.js';

const W = 1400; // map width in SVG units
// Rule 1.2: green counters are Italian, orange ones Allied.
const SIDE = { allied: { fill: '#f2b26a', pale: '#fbe6cc', ink: '#4a2708' }, italian: { fill: '#9cc48a', pale: '#e2eedb', ink: '#1d3513' } };
const CONTROL = { allied: '#f7dfbf', italian: '#d4e4c6' };
const S = 40; // counter size on the map

// clip keeps the part of convex polygon poly where a*x + b*y <= c.
function clip(poly, a, b, c) {
  const out = [];
  for (let i = 0; i < poly.length; i++) {
    const p = poly[i], q = poly[(i + 1) % poly.length];
    const fp = a * p[0] + b * p[1] - c, fq = a * q[0] + b * q[1] - c;
    if (fp <= 0) out.push(p);
    if ((fp < 0 && fq > 0) || (fp > 0 && fq < 0)) {
      const k = fp / (fp - fq);
      out.push([p[0] + k * (q[0] - p[0]), p[1] + k * (q[1] - p[1])]);
    }
  }
  return out;
}

// cells returns each point's Voronoi cell within a disc of radius r.
export function cells(pts, r) {
  return pts.map((p, i) => {
    let poly = [];
    for (let k = 0; k < 32; k++) {
      const a = (2 * Math.PI * k) / 32;
      poly.push([p[0] + r * Math.cos(a), p[1] + r * Math.sin(a)]);
    }
    pts.forEach((q, j) => {
      if (j === i || poly.length === 0) return;
      const a = q[0] - p[0], b = q[1] - p[1];
      poly = clip(poly, a, b, (q[0] * q[0] + q[1] * q[1] - p[0] * p[0] - p[1] * p[1]) / 2);
    });
    return poly;
  });
}

// relax pushes apart points closer than dmin while a weak spring holds
// each near where it was, so that crowded areas (Bardia, Capuzzo, Sollum
// lie 25 km apart) get room for their names and stacks and the map keeps
// its shape. Deterministic: the same view always gives the same map.
function relax(pts, dmin) {
  const p = pts.map((q) => [q[0], q[1]]);
  for (let it = 0; it < 400; it++) {
    for (let i = 0; i < p.length; i++) {
      for (let j = i + 1; j < p.length; j++) {
        let dx = p[j][0] - p[i][0], dy = p[j][1] - p[i][1];
        let d = Math.hypot(dx, dy);
        if (d >= dmin) continue;
        if (d < 1e-6) { dx = 1; dy = 0; d = 1; }
        const push = ((dmin - d) / d) * 0.25;
        p[i][0] -= dx * push; p[i][1] -= dy * push;
        p[j][0] += dx * push; p[j][1] += dy * push;
      }
    }
    for (let i = 0; i < p.length; i++) {
      p[i][0] += (pts[i][0] - p[i][0]) * 0.02;
      p[i][1] += (pts[i][1] - p[i][1]) * 0.02;
    }
  }
  return p;
}

function project(areas) {
  const lats = areas.map((a) => a.lat), lons = areas.map((a) => a.lon);
  const minLon = Math.min(...lons), maxLon = Math.max(...lons), minLat = Math.min(...lats), maxLat = Math.max(...lats);
  const kx = Math.cos(((minLat + maxLat) / 2) * Math.PI / 180);
  const margin = 70;
  const scale = (W - 2 * margin) / ((maxLon - minLon) * kx || 1);
  const geo = areas.map((a) => [(a.lon - minLon) * kx * scale, (maxLat - a.lat) * scale]);
  const p = relax(geo, 96);
  const xs = p.map((q) => q[0]), ys = p.map((q) => q[1]);
  const x0 = Math.min(...xs), y0 = Math.min(...ys);
  const k = Math.min(1, (W - 2 * margin) / (Math.max(...xs) - x0 || 1));
  const pts = p.map(([x, y]) => [margin + (x - x0) * k, margin + 30 + (y - y0) * k]);
  const H = Math.round(Math.max(...pts.map((q) => q[1])) + margin + 40);
  const pos = new Map(areas.map((a, i) => [a.id, pts[i]]));
  return { H, pos };
}

// keyed makes Enter and Space work like a click, for the keyboard.
const keyed = (f) => (e) => {
  if (e.key === 'Enter' || e.key === ' ') {
    e.preventDefault();
    f(e);
  }
};


const tokens = (text) => text.split(/\s+/);

// pc writes a chance as a percentage, with a decimal below 1%.
const pc = (x) => `${(100 * x).toFixed(x > 0 && x < 0.01 ? 1 : 0)}%`;

// outcome tells a battle's odds in words (6.2.E.7-8).
const outcome = (o, w) => `${w.defRetreats} ${pc(o.retreat)} · ${w.tie} ${pc(o.tie)} · ${w.attWorse} ${pc(o.worse)}${o.wipe > 0 ? ` · ${w.wipe} ${pc(o.wipe)}` : ''}`;

function cvText(u) {
  // As printed (rule 1.2): a CV only for defence
  // (garrisons too) in brackets, a CV that may support with an asterisk.
  const cv = u.defence_only || u.garrison ? `(${u.cv})` : `${u.cv}`;
  return `${cv}${u.support ? '*' : ''}-${u.mc}`;
}

// nameLines splits a unit's name into at most two short lines, as on a
// counter.
function nameLines(name, max) {
  const words = name.replace(/"/g, '').split(/\s+/);
  const lines = [''];
  for (const wd of words) {
    const cur = lines[lines.length - 1];
    if (cur === '' || cur.length + 1 + wd.length <= max) lines[lines.length - 1] = cur ? `${cur} ${wd}` : wd;
    else if (lines.length < 2) lines.push(wd);
    else { lines[1] += '…'; break; }
  }
  return lines.map((l) => (l.length > max + 1 ? l.slice(0, max) + '…' : l));
}

// counterFace draws a unit as its counter: side colour, name, CV-MC as
// printed, a band for the reduced side, and its markers.
function counterFace(u, w) {
  const c = SIDE[u.side] || { fill: '#ddd', pale: '#eee', ink: '#222' };
  const lines = nameLines(u.name, 13);
  const tip = [`${u.name} (${w[u.side] || u.side})`, `${w.cv}-${w.mc} ${cvText(u)}`, u.reduced ? w.reduced : '', u.support ? w.support : '',
    u.out_of_supply ? w.oos : '', u.mp_left ? `${u.mp_left} ${w.mpLeft}` : ''].filter(Boolean).join(', ');
  return [
    s('title', {}, tip),
    s('rect', { class: 'face', width: S, height: S, rx: 3, fill: u.reduced ? c.pale : c.fill, stroke: c.ink, 'stroke-width': 1.2 }),
    // The reduced side: a band across the counter, as on the printed back.
    u.reduced ? s('rect', { x: 0.6, y: S * 0.4, width: S - 1.2, height: S * 0.14, fill: c.fill, stroke: 'none' }) : null,
    // A long line is condensed to the counter's width, as printers do.
    ...lines.map((l, i) => s('text', { x: S / 2, y: 9 + i * 8.5, class: 'cname', fill: c.ink, textLength: l.length > 9 ? S - 4 : null, lengthAdjust: 'spacingAndGlyphs' }, l)),
    s('text', { x: S / 2, y: S - 5, class: 'cvmc', fill: c.ink }, cvText(u)),
    u.out_of_supply ? s('g', { class: 'oosmark' }, s('rect', { x: S - 17, y: -5, width: 20, height: 9, rx: 2 }),
      s('text', { x: S - 7, y: 2 }, 'OOS')) : null,
    u.attack ? s('g', { class: 'atkmark' }, s('rect', { x: -4, y: -5, width: 11, height: 9, rx: 2 }),
      s('text', { x: 1.5, y: 2 }, '➜')) : null,
    u.activated ? s('circle', { cx: 4, cy: S - 4, r: 3, class: 'actmark' }) : null,
  ];
}

// mini draws a counter alone, for the boxes off the map.
function mini(u, w) {
  return s('svg', { class: 'minicounter', viewBox: `-5 -6 ${S + 10} ${S + 12}`, width: 44, height: 46, role: 'img', 'data-unit': u.id },
    ...counterFace(u, w));
}

export function render(el, v, ctx) {
  clear(el);
  const w = gameWords('compass');
  if (!v || !Array.isArray(v.areas)) {
    el.append(h('pre', {}, JSON.stringify(v, null, 1)));
    return;
  }
  // What the map prints of each area (name, place, links...) is the map
  // sheet's, fetched once (view.map); the view gives who controls it.
  const areas = v.areas.map((a) => ({ ...((v.map && v.map.areas) || {})[a.id], ...a }));
  // So is what each counter prints (name, side, steps, MC...): the view
  // gives where it is, its CV and its markers.
  v = { ...v, units: v.units.map((u) => ({ ...((v.map && v.map.units) || {})[u.id], ...u })) };
  const { H, pos } = project(areas);
  const pts = areas.map((a) => pos.get(a.id));
  // Disc radius: a little more than the usual distance to the nearest area.
  const nn = pts.map((p, i) => Math.min(...pts.filter((_, j) => j !== i).map((q) => Math.hypot(p[0] - q[0], p[1] - q[1]))));
  const r = [...nn].sort((a, b) => a - b)[Math.floor(nn.length / 2)] * 1.45;
  const polys = cells(pts, r);
  const areaIDs = new Set(areas.map((a) => a.id));
  const unitIDs = new Set(v.units.map((u) => u.id));
  // The odds' note: the defender chooses its front line knowing the attacker's.
  const prospectNote = v.battle && ctx.side && v.battle.attacker !== ctx.side ? w.prospectDefNote : w.prospectNote;
  // A unit stays selected across redraws while it has something to do.
  const sel = selection(ctx.side, (id) => v.units.some((u) => u.id === id && u.where === 'map') && ctx.actions.some((a) => tokens(a.action).includes(id)));
  const unitEls = new Map();

  const svg = s('svg', { viewBox: `0 0 ${W} ${H}`, class: 'map compass', role: 'img', 'aria-label': w.mapLabel });
  const defs = s('defs', {}, s('marker', { id: 'arrow', viewBox: '0 0 10 10', refX: 8, refY: 5, markerWidth: 6, markerHeight: 6, orient: 'auto-start-reverse' },
    s('path', { d: 'M0,0 L10,5 L0,10 z', fill: '#b3261e' })));
  // Beyond the areas: desert, and north of the coastal areas the sea.
  const coast = areas.filter((a) => a.coastal).map((a) => pos.get(a.id)).sort((p, q) => p[0] - q[0]);
  const sea = coast.length ? 'M0,0 L0,' + (coast[0][1] - r / 3).toFixed(1) + coast.map((p) => ` L${p[0].toFixed(1)},${(p[1] - r / 3).toFixed(1)}`).join('') +
    ` L${W},${(coast[coast.length - 1][1] - r / 3).toFixed(1)} L${W},0 Z` : '';
  svg.append(...[defs, s('rect', { x: 0, y: 0, width: W, height: H, class: 'desert' }), sea ? s('path', { d: sea, class: 'sea' }) : null].filter(Boolean));
  const gCells = s('g', {}), gLinks = s('g', {}), gLabels = s('g', {}), gUnits = s('g', {}), gArrows = s('g', {}), gCosts = s('g', {});
  svg.append(gCells, gLinks, gLabels, gArrows, gUnits, gCosts);

  // Links, once per pair.
  const seen = new Set();
  for (const a of areas) {
    for (const l of a.links || []) {
      const key = [a.id, l.to].sort().join('|');
      if (seen.has(key) || !pos.has(l.to)) continue;
      seen.add(key);
      const [x1, y1] = pos.get(a.id), [x2, y2] = pos.get(l.to);
      gLinks.append(s('line', { x1, y1, x2, y2, class: 'link ' + l.kind }));
    }
  }

  const cellEls = new Map(), areaNames = new Map();
  areas.forEach((a, i) => {
    const d = 'M' + polys[i].map((p) => p.map((n) => n.toFixed(1)).join(',')).join('L') + 'Z';
    const name = `${a.name}${a.vp ? ` — ${a.vp} ${w.vp}` : ''}${a.control ? ` — ${w[a.control] || a.control}` : ''}${a.coastal ? ` — ${w.coastal}` : ''}`;
    const cell = s('path', { d, class: 'area' + (a.coastal ? ' coastal' : ''), fill: CONTROL[a.control] || '#f1e8d0', onclick: () => clickArea(a.id), onkeydown: keyed(() => clickArea(a.id)), tabindex: 0, role: 'button', 'data-area': a.id, 'aria-label': name },
      s('title', {}, name));
    areaNames.set(a.id, name);
    cellEls.set(a.id, cell);
    gCells.append(cell);
    const [x, y] = pos.get(a.id);
    gLabels.append(s('text', { x, y: y - 8, class: 'aname' }, a.name));
    const marks = [];
    if (a.vp) marks.push(s('g', { class: 'vp' }, s('circle', { cx: x - 4, cy: y - 28, r: 9 }), s('text', { x: x - 4, y: y - 24.5 }, a.vp)));
    if (a.coastal) marks.push(s('text', { x: x + 12, y: y - 24, class: 'coast' }, a.naval_support ? '⚓' : '≈'));
    if (a.logistic) marks.push(s('text', { x: x - 24, y: y - 24, class: 'logistic ' + a.logistic }, '◆'));
    gLabels.append(...marks);
  });

  // Stacks: the units of a side in an area, piled under the area's name
  // (the top counter in full, the others' edges behind it, and how many),
  // fanned out larger on hover (a mouse), on tap (a finger: the first tap
  // fans, the next picks a counter) or when a counter has the focus
  // (stack.js).
  const unitActs = (id) => ctx.actions.filter((a) => tokens(a.action).includes(id));
  const byStack = new Map();
  for (const u of v.units) {
    if (u.where !== 'map' || !u.area || !pos.has(u.area)) continue;
    const key = `${u.area}|${u.side}`;
    if (!byStack.has(key)) byStack.set(key, []);
    byStack.get(key).push(u);
  }
  const perArea = new Map();
  for (const key of byStack.keys()) {
    const area = key.split('|')[0];
    perArea.set(area, (perArea.get(area) || 0) + 1);
  }
  const stacks = stackSet(svg, gUnits, { size: S, bounds: [0, 0, W, H], pile });
  const placed = new Map();
  for (const [key, units] of byStack) {
    const area = key.split('|')[0];
    const [x, y] = pos.get(area);
    const n = perArea.get(area), i = placed.get(area) || 0;
    placed.set(area, i + 1);
    const cx = x + (i - (n - 1) / 2) * (S + 10);
    // Units with something to do first, so that the top counter is one.
    units.sort((a, b) => (unitActs(b.id).length > 0) - (unitActs(a.id).length > 0));
    const badge = units.length > 1 ? s('g', { class: 'count' }, s('circle', { r: 8 }), s('text', { y: 3.5 }, units.length)) : null;
    const st = stacks.add({ units, cx, top: y + 2, attrs: { 'data-area': area }, badge }, (u, st) => {
      const g = s('g', {
        class: 'counter' + (unitActs(u.id).length > 0 ? ' actionable' : ''), tabindex: 0, 'data-unit': u.id, role: 'button',
        onclick: (e) => { e.stopPropagation(); stacks.click(st, u.id, clickUnit); }, onkeydown: keyed((e) => { e.stopPropagation(); clickUnit(u.id); }),
      }, ...counterFace(u, w));
      unitEls.set(u.id, g);
      return g;
    });
    st.g.classList.toggle('actionable', units.some((u) => unitActs(u.id).length > 0));
    for (const u of units) {
      if (u.attack && pos.has(u.attack)) {
        const [tx, ty] = pos.get(u.attack);
        const k = 1 - 24 / Math.hypot(tx - x, ty - y);
        gArrows.append(s('line', { x1: x, y1: y, x2: x + (tx - x) * k, y2: y + (ty - y) * k, class: 'attack', 'marker-end': 'url(#arrow)' }));
      }
    }
  }

  // pile places a closed stack's counters: units[0] on top, or the
  // selected unit, the others' edges behind it, and the count beside.
  function pile(st) {
    const n = st.units.length;
    const order = st.units.map((_, i) => n - 1 - i);
    const si = st.units.findIndex((u) => u.id === sel.id);
    if (si >= 0) { order.splice(order.indexOf(si), 1); order.push(si); }
    const depth = Math.min(n - 1, 3);
    const left = Math.max(4, Math.min(W - S - 4 - depth * 3, st.cx - S / 2));
    order.forEach((ui, k) => {
      const d = Math.min(k, depth) * 3;
      st.counters[ui].setAttribute('transform', `translate(${left + d},${st.top + depth * 3 - d})`);
    });
    restack(st, order);
    if (st.badge) st.badge.setAttribute('transform', `translate(${left + depth * 3 + S},${st.top})`);
  }

  const closeAll = stacks.closeAll;

  const chooser = h('div', { class: 'chooser', hidden: true });
  const info = h('div', { class: 'mapinfo' });
  const status = h('div', { class: 'unitinfo', hidden: true });
  // The frame: zoom (a phone starts large enough to tap a counter),
  // scroll kept across redraws, opening on the battle or the player's own
  // units (mapview.js).
  const own = () => {
    const mine = [...unitEls].filter(([id]) => (v.units.find((u) => u.id === id) || {}).side === ctx.side).map(([, g]) => g);
    const busy = mine.filter((g) => g.classList.contains('actionable'));
    return busy.length ? busy : mine;
  };
  const focus = () => (v.battle && cellEls.get(v.battle.area)) || own();
  const frame = mapFrame(svg, { game: 'compass', min: 1, max: 5, start: { phone: 4, touch: 2, desk: 1.4 }, words: w, focus });
  const zoom = frame.controls, scroll = frame.scroll;
  const off = v.units.filter((u) => u.where !== 'map');
  const boxes = h('div', { class: 'cboxes' },
    ...['eliminated', 'removed'].map((where) => {
      const list = v.units.filter((u) => u.where === where);
      return h('section', { class: 'cbox', 'data-box': where }, h('h4', {}, `${w[where]} (${list.length})`),
        h('div', { class: 'minis' }, list.map((u) => h('span', { class: 'mini' + (u.unrecoverable ? ' lost' : ''), title: u.unrecoverable ? `${u.name}: ${w.lost}` : u.name }, mini(u, w)))));
    }));
  el.append(...[info, status, h('div', { class: 'mapwrap' }, zoom, scroll, chooser), boxes,
    off.length ? h('details', { class: 'offmap' }, h('summary', {}, `${w.offMap} (${off.length})`),
      h('ul', {}, off.map((u) => h('li', {}, `${u.name} (${w[u.side] || u.side}, ${cvText(u)}): ${w[u.where] || u.where}${u.arrives ? `, ${w.turn} ${u.arrives}` : ''}`)))) : null,
    v.notice ? h('p', { class: 'notice' }, v.notice, ' ', h('a', { href: '/about' }, '→')) : null].filter(Boolean));

  // The state of play above the map: the turn track with the
  // reinforcements due, the phase, VP and replacements, the event markers.
  const unitName = new Map(v.units.map((u) => [u.id, u.name]));
  const areaName = new Map(areas.map((a) => [a.id, a.name]));
  const sideWord = (x) => w[x] || x;
  const track = h('ol', { class: 'turntrack', 'aria-label': w.turnTrack });
  for (let t = 1; t <= (v.turns || 0); t++) {
    const due = (side, f) => v.units.filter((u) => u.side === side && f(u));
    const marks = [];
    for (const side of ['allied', 'italian']) {
      const come = due(side, (u) => u.where === 'track' && u.arrives === t);
      const go = due(side, (u) => u.where === 'map' && u.removed === t);
      if (come.length) marks.push(h('span', { class: 'due ' + side, title: `${w[side]}: ${come.map((u) => u.name).join(', ')} ${w.arrive}` }, `+${come.length}`));
      if (go.length) marks.push(h('span', { class: 'due ' + side, title: `${w[side]}: ${go.map((u) => u.name).join(', ')} ${w.leave}` }, `−${go.length}`));
    }
    track.append(h('li', { class: t === v.turn ? 'now' : t < v.turn ? 'past' : '', title: t === v.turn ? v.dates : '' }, h('b', {}, t), ...marks));
  }
  const markers = (v.events || []).map((e, i) => {
    const side = ['allied', 'italian'][i];
    const chips = e.hand ? e.hand.map((id) => h('span', { class: 'marker up ' + side, title: `${w.ev[id] || id}: ${w.evHelp[id] || ''}` }, w.ev[id] || id))
      : Array.from({ length: e.hand_count }, () => h('span', { class: 'marker down ' + side, title: w.faceDown }, '?'));
    return h('div', { class: 'markers' }, h('span', { class: 'who' }, `${sideWord(side)}:`), ...chips,
      chips.length === 0 ? h('span', { class: 'muted' }, `0 ${w.inHand}`) : null,
      h('span', { class: 'muted' }, `${e.container} ${w.inContainer}`));
  });
  info.append(
    h('div', { class: 'line' }, h('span', {}, `${w.turn} ${v.turn}/${v.turns} ${v.dates || ''}`), track),
    h('div', { class: 'line' }, h('span', {}, `${w.phase}: ${w.phases[v.phase] || v.phase}`),
      v.phasing ? h('span', {}, `${w.phasing}: ${sideWord(v.phasing)}`) : null,
      h('span', { class: 'vpline' }, `${w.vp} ${w.allied} ${v.vp[0]} · ${w.italian} ${v.vp[1]}`),
      h('span', {}, `${w.repl} ${v.replacement_points[0]} / ${v.replacement_points[1]}`),
      v.result ? h('strong', {}, v.result) : null),
    h('div', { class: 'line' }, h('span', { class: 'muted' }, `${w.events}`), ...markers,
      h('details', { class: 'evhelp' }, h('summary', {}, w.evTitle),
        h('dl', {}, ...Object.keys(w.evHelp).flatMap((id) => [h('dt', {}, w.ev[id]), h('dd', {}, w.evHelp[id])])))));

  // The battle panel: both sides' front-line units with their supports and
  // events, each die against its target number, the hits, and then what
  // the log tells of losses, retreat and advance.
  const battleLog = (from, area) => {
    const log = ctx.log || [];
    const fromN = areaName.get(from) || from, areaN = areaName.get(area) || area;
    let start = -1;
    for (let i = log.length - 1; i >= 0; i--) {
      if (log[i].rule === '6.2.E.1' && log[i].text.includes(fromN) && log[i].text.includes(areaN)) { start = i; break; }
    }
    if (start < 0) return [];
    return log.slice(start + 1).filter((e) => !/^6\.2\.E\.[1-5]$/.test(e.rule || ''));
  };
  if (v.battle) {
    const b = v.battle;
    const rows = (list) => (list || []).map((f) => h('tr', {},
      h('td', {}, unitName.get(f.unit) || f.unit, f.surprised ? ' (!)' : ''),
      h('td', {}, [f.support && (unitName.get(f.support) || f.support), f.event && (w.ev[f.event] || f.event)].filter(Boolean).join(', ')),
      h('td', { class: 'num' }, f.target), h('td', { class: 'num' }, f.die ? `${f.die}${f.rerolled ? '*' : ''}` : ''),
      h('td', { class: f.die ? (f.hit ? 'hit' : 'miss') : '' }, f.die ? (f.hit ? w.hitWord : w.miss) : '')));
    // The hits are the dice that hit (6.2.E.5), told as soon as they are
    // rolled, before the server counts them after the Leader questions.
    const hitsOf = (list) => (list || []).filter((f) => f.die && f.hit).length;
    const after = battleLog(b.from, b.area);
    info.after(h('table', { class: 'battle' },
      h('caption', {}, `${w.battle}: ${sideWord(b.attacker)} ${w.from} ${areaName.get(b.from) || b.from} ${w.into} ${areaName.get(b.area) || b.area} — ${w.hits} ${b.rolled ? `${hitsOf(b.sides[0])}–${hitsOf(b.sides[1])}` : '–'}`),
      h('thead', {}, h('tr', {}, h('th', {}, w.unit), h('th', {}, ''), h('th', { class: 'num' }, w.target), h('th', { class: 'num' }, w.die), h('th', {}, w.hit))),
      h('tbody', {}, h('tr', {}, h('th', { colspan: 5 }, w.attacker)), rows(b.sides[0]), h('tr', {}, h('th', { colspan: 5 }, w.defender)), rows(b.sides[1]),
        ...(after.length ? [h('tr', {}, h('th', { colspan: 5 }, w.outcome)), ...after.map((e) => h('tr', { class: 'outcome' }, h('td', { colspan: 5 }, e.text)))] : []))));
    // Before the dice: the exact odds of the battle as it stands, and
    // beside each event that would change a die's number, the odds then.
    if (!b.rolled && ctx.notes) {
      const byID = new Map(v.units.map((u) => [u.id, u]));
      const levelsOf = (id) => { const u = byID.get(id); return u ? (u.steps || 1) - (u.reduced ? 1 : 0) : 0; };
      const levels = (b.sides[1] || []).reduce((n, f) => n + levelsOf(f.unit) + (f.support ? levelsOf(f.support) : 0), 0);
      for (const a of ctx.actions) {
        const [op, ev, unit] = tokens(a.action);
        if (op !== 'play' || !['air-support', 'naval-support', 'surprise'].includes(ev)) continue;
        const mine = (byID.get(unit) || {}).side === ctx.side;
        const d = ev === 'surprise' && !mine ? -1 : 1;
        const sides = [0, 1].map((i) => (b.sides[i] || []).map((f) => (f.unit === unit ? { ...f, target: Math.max(0, f.target + d) } : f)));
        const o = compassOdds(sides, levels);
        ctx.notes.set(a.action, `${w.then}: ${outcome(o, w)}`);
      }
    }
    if (!b.rolled) {
      // While a side's front line is still open (6.2.E.1-2), the odds of
      // the best fielding against the best answer (the view's prospect);
      // once both are fielded, the odds as the battle stands.
      const byID = new Map(v.units.map((u) => [u.id, u]));
      const levelsOf = (id) => { const u = byID.get(id); return u ? (u.steps || 1) - (u.reduced ? 1 : 0) : 0; };
      const levels = (b.sides[1] || []).reduce((n, f) => n + levelsOf(f.unit) + (f.support ? levelsOf(f.support) : 0), 0);
      const o = b.prospect ? compassProspect(b.prospect) : compassOdds([b.sides[0] || [], b.sides[1] || []], levels);
      if (o) {
        const dist = (d) => d.map((x, k) => `${k}: ${pc(x)}`).join(' · ');
        info.nextElementSibling.after(h('div', { class: 'battle-odds' }, h('strong', {}, `${b.prospect ? w.prospectOpen : w.odds}: `), outcome(o, w),
          h('br', {}), h('span', { class: 'muted' }, `${w.hitsBy} ${sideWord(b.attacker)}: ${dist(o.att)}; ${w.hitsByDef}: ${dist(o.def)}. ${b.prospect ? fieldedText(o) + ' ' + prospectNote : w.oddsNote}`)));
      }
    }
    if (pos.has(b.from) && pos.has(b.area)) {
      const [x1, y1] = pos.get(b.from), [x2, y2] = pos.get(b.area);
      const k = 1 - 24 / Math.hypot(x2 - x1, y2 - y1);
      gArrows.append(s('line', { x1, y1, x2: x1 + (x2 - x1) * k, y2: y1 + (y2 - y1) * k, class: 'attack battle-arrow', 'marker-end': 'url(#arrow)' }));
    }
  } else if (v.phase === 'combat' || v.phase === 'exploitation') {
    // The battle just fought, until the phase ends: its dice and outcome.
    const log = ctx.log || [];
    let start = -1;
    for (let i = log.length - 1; i >= 0; i--) if (log[i].rule === '6.2.E.1') { start = i; if (i === 0 || log[i - 1].rule !== '6.2.E.1') break; }
    if (start >= 0) {
      info.after(h('details', { class: 'lastbattle' }, h('summary', {}, `${w.lastBattle}: ${log[start].text}`),
        h('ul', {}, log.slice(start + 1).filter((e) => /^(6\.2\.E|3\.9)/.test(e.rule || '')).map((e) => h('li', {}, e.text)))));
    }
  }

  // The odds of each attack before the choice that commits to it
  // (declaring it, fighting it, naming a front-line unit or a support):
  // the attacker's best fielding against the defender's best answer
  // (odds.js), beside the button and on the attacked area.
  const prospects = new Map();
  for (const a of ctx.actions) {
    const o = v.prospects && v.prospects[a.action] ? compassProspect(v.prospects[a.action]) : null;
    if (!o) continue;
    prospects.set(a.action, o);
    if (ctx.notes) ctx.notes.set(a.action, `${w.prospect}: ${outcome(o, w)}`);
  }
  function fieldedText(o) {
    return `${w.fielded}: ${w.target} ${o.fielded[0].targets.join(', ')} — ${o.fielded[1].targets.join(', ')}.`;
  }

  // areaOnly lists the actions that name an area and no unit (fight the
  // combat against an area, say).
  const areaOnly = () => ctx.actions.filter((a) => {
    const tk = tokens(a.action);
    return tk.some((x) => areaIDs.has(x)) && !tk.some((x) => unitIDs.has(x));
  });

  // light marks the selected counter, the areas its actions lead to (with
  // their cost in MP, read from the action's words) and the matching
  // buttons; with nothing selected, the areas of actions that name no unit.
  function light() {
    const acts = sel.id ? unitActs(sel.id) : areaOnly();
    const dests = new Map(), odds = new Map();
    for (const a of acts) {
      for (const tk of tokens(a.action)) {
        if (!areaIDs.has(tk)) continue;
        if (prospects.has(a.action) && tk !== tokens(a.action)[1]) odds.set(tk, prospects.get(a.action));
        const cost = (a.label.match(/\(([\d½]+)\s*(MP|PM)\b/) || [])[0];
        if (!dests.has(tk) || (cost && !dests.get(tk))) dests.set(tk, cost ? cost.slice(1) : '');
      }
    }
    // A lit area's name for a screen reader tells what clicking it does.
    for (const [id, c] of cellEls) {
      c.classList.toggle('dest', dests.has(id));
      const here = dests.has(id) ? acts.filter((a) => tokens(a.action).includes(id)) : [];
      c.setAttribute('aria-label', [areaNames.get(id), ...here.map((a) => a.label + (prospects.has(a.action) ? ` (${outcome(prospects.get(a.action), w)})` : ''))].join('; '));
    }
    for (const [id, g] of unitEls) g.classList.toggle('selected', id === sel.id);
    stacks.relayout();
    clear(gCosts);
    for (const [id, cost] of dests) {
      if (!cost) continue;
      const [x, y] = pos.get(id);
      const wd = cost.length * 6.5 + 8;
      gCosts.append(s('g', { class: 'cost' }, s('rect', { x: x + 14, y: y - 44, width: wd, height: 15, rx: 7 }), s('text', { x: x + 14 + wd / 2, y: y - 33 }, cost)));
    }
    // The chance that the defender retreats, on each attacked area.
    for (const [id, o] of odds) {
      const [x, y] = pos.get(id);
      const t = `⚔ ${pc(o.retreat)}`, wd = t.length * 6.5 + 8;
      gCosts.append(s('g', { class: 'cost odds', 'data-area': id }, s('title', {}, `${w.prospect}: ${outcome(o, w)}. ${prospectNote}`),
        s('rect', { x: x + 14, y: y - 27, width: wd, height: 15, rx: 7 }), s('text', { x: x + 14 + wd / 2, y: y - 16 }, t)));
    }
    ctx.highlight(acts.map((a) => a.action));
    unitBar();
  }

  function choose(acts) { offerChoices(chooser, acts, ctx.play, w); }


  // Escape on the map drops the selection, as the ✕ does.
  svg.addEventListener('keydown', (e) => { if (e.key === 'Escape' && sel.id) clickUnit(sel.id); });

  function clickUnit(id) {
    sel.id = sel.id === id ? null : id;
    closeAll(null);
    chooser.hidden = true;
    light();
  }

  // unitBar tells the selected unit above the map, with the actions that
  // name it and no area (a step loss, Motor Convoy) as buttons: nothing
  // covers the map.
  function unitBar() {
    const u = v.units.find((x) => x.id === sel.id);
    status.hidden = !u;
    if (!u) return;
    const acts = unitActs(u.id).filter((a) => !tokens(a.action).some((tk) => areaIDs.has(tk)));
    clear(status).append(h('strong', {}, `${w.selected}: ${u.name}`), ' ',
      `(${w[u.side] || u.side}, ${w.cv}-${w.mc} ${cvText(u)}${u.reduced ? ', ' + w.reduced : ''}${u.mp_left ? `, ${u.mp_left} ${w.mpLeft}` : ''}${u.out_of_supply ? ', ' + w.oos : ''})`,
      ...acts.map((a) => h('button', { class: 'secondary', 'data-action': a.action, onclick: () => ctx.play(a.action) }, a.label)),
      h('button', { class: 'secondary', 'aria-label': w.deselect, title: w.deselect, onclick: () => clickUnit(u.id) }, '✕'));
    // One line (the map does not jump down when a unit is selected): the
    // defender's retreat for each attack, the whole odds on hover.
    const attacks = unitActs(u.id).filter((a) => prospects.has(a.action));
    if (attacks.length) {
      status.append(h('p', { class: 'prospects', title: prospectNote }, h('strong', {}, `${w.defRetreats}: `),
        ...attacks.flatMap((a, i) => {
          const area = tokens(a.action).slice(1).reverse().find((x) => areaIDs.has(x));
          return [i ? ' · ' : '', h('span', { 'data-action': a.action, title: `${a.label}: ${outcome(prospects.get(a.action), w)}` },
            `${area ? areaName.get(area) || area : a.label} ${pc(prospects.get(a.action).retreat)}`)];
        })));
    }
  }

  function clickArea(id) {
    closeAll(null);
    const here = ctx.actions.filter((a) => tokens(a.action).includes(id));
    const areaActs = here.filter((a) => !tokens(a.action).some((tk) => unitIDs.has(tk)));
    let acts = sel.id ? here.filter((a) => tokens(a.action).includes(sel.id)) : areaActs;
    if (acts.length === 0 && sel.id) acts = areaActs; // the selected unit does not go there: what the area itself offers
    if (acts.length === 1) ctx.play(acts[0].action);
    else if (acts.length > 1) choose(acts);
    else if (sel.id && unitActs(sel.id).length > 0) whyNot(sel.id, id);
    else { sel.id = null; light(); chooser.hidden = true; }
  }

  // whyNot answers "why can't I?" for a selected unit and an area it may
  // not enter: the rules' reason, asked of the engine once a view ("why
  // UNIT": the reasons of every area next to it, in the movement step),
  // else that the area is not next to the unit's, else "not now".
  const { ask } = asker(ctx);
  async function whyNot(uid, area) {
    const blocked = (await ask(`why ${uid}`)) || {};
    if (sel.id !== uid) return; // another unit selected meanwhile
    const u = v.units.find((x) => x.id === uid);
    const from = u && areas.find((a) => a.id === u.area);
    const next = from && (from.links || []).some((l) => l.to === area);
    const text = blocked[area] || blocked['*'] || (from && area === from.id ? w.already.replace('%s', u.name)
      : !next && from ? w.notNext.replace('%s', areaName.get(area) || area).replace('%s', areaName.get(from.id) || from.id) : w.notNow);
    const old = status.querySelector('.whynot');
    if (old) old.remove();
    status.append(h('p', { class: 'whynot', role: 'status' }, `${w.whyNot} ${text}`));
  }

  // What the other side did since the player's last move.
  drawChanges(gArrows, ctx.changes, (p) => pos.get(p), unitEls);
  light();
  frame.place();
  // The board offers what names a counter on the map, or an area and no
  // unit; a unit off the map (a reinforcement, say) is placed from the
  // list.
  const onMap = new Set([...unitEls.keys()]);
  return (text) => {
    const tk = tokens(text);
    if (tk.some((x) => onMap.has(x))) return true;
    return tk.some((x) => areaIDs.has(x)) && !tk.some((x) => unitIDs.has(x));
  };
}
