// The Compass board: the 42 reconstructed areas drawn as Voronoi cells of
// their lat/lon points (each clipped to a disc, so the map keeps a coast-
// like edge), with names, roads, tracks and desert links, coast and VP
// marks and control; counters as counters; attack arrows and
// out-of-supply marks. Clicking a counter lights the actions that name it
// and the areas they lead to; clicking a lit area plays the action (or
// asks which, when several fit).
import { h, s, clear } from './dom.js';

const W = 1400; // map width in SVG units
// Rule 1.2: green counters are Italian, orange ones Allied.
const SIDE = { allied: { fill: '#f2b26a', ink: '#4a2708' }, italian: { fill: '#9cc48a', ink: '#1d3513' } };
const CONTROL = { allied: '#f7dfbf', italian: '#d4e4c6' };

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

function project(areas) {
  const lats = areas.map((a) => a.lat), lons = areas.map((a) => a.lon);
  const minLon = Math.min(...lons), maxLon = Math.max(...lons), minLat = Math.min(...lats), maxLat = Math.max(...lats);
  const kx = Math.cos(((minLat + maxLat) / 2) * Math.PI / 180);
  const margin = 70;
  const scale = (W - 2 * margin) / ((maxLon - minLon) * kx || 1);
  const H = Math.round((maxLat - minLat) * scale + 2 * margin + 40);
  return { H, at: (a) => [margin + (a.lon - minLon) * kx * scale, margin + 30 + (maxLat - a.lat) * scale] };
}

// keyed makes Enter and Space work like a click, for the keyboard.
const keyed = (f) => (e) => {
  if (e.key === 'Enter' || e.key === ' ') {
    e.preventDefault();
    f(e);
  }
};

// The renderer's own words; the game's texts come translated from the server.
const WORDS = {
  en: {
    turn: 'Turn', phase: 'Phase', phasing: 'Phasing', vp: 'VP', repl: 'Replacements', events: 'events', inHand: 'in hand',
    inContainer: 'in container', battle: 'Battle', from: 'from', into: 'into', hits: 'hits', offMap: 'Off the map',
    attacker: 'Attacker', defender: 'Defender', unit: 'Unit', target: 'Hits on', die: 'Die', choose: 'Choose:',
    allied: 'Allied', italian: 'Italian', zoomIn: 'Zoom in', zoomOut: 'Zoom out',
    phases: { events: 'events', reinforcements: 'reinforcements', replacements: 'replacements', movement: 'movement', stacking: 'stacking', combat: 'combat', exploitation: 'exploitation', over: 'over' },
  },
  it: {
    turn: 'Turno', phase: 'Fase', phasing: 'In fase', vp: 'PV', repl: 'Rimpiazzi', events: 'eventi', inHand: 'in mano',
    inContainer: 'nel contenitore', battle: 'Combattimento', from: 'da', into: 'in', hits: 'perdite', offMap: 'Fuori mappa',
    attacker: 'Attaccante', defender: 'Difensore', unit: 'Unità', target: 'Colpisce con', die: 'Dado', choose: 'Scegli:',
    allied: 'Alleati', italian: 'Italiani', zoomIn: 'Ingrandisci', zoomOut: 'Riduci',
    phases: { events: 'eventi', reinforcements: 'rinforzi', replacements: 'rimpiazzi', movement: 'movimento', stacking: 'raggruppamento', combat: 'combattimento', exploitation: 'sfruttamento', over: 'finita' },
  },
};

const tokens = (text) => text.split(/\s+/);

function cvText(u) {
  // As printed (rule 1.2): a CV only for defence
  // (garrisons too) in brackets, a CV that may support with an asterisk.
  const cv = u.defence_only || u.garrison ? `(${u.cv})` : `${u.cv}`;
  return `${cv}${u.support ? '*' : ''}-${u.mc}`;
}

function counter(u, x, y, size, onclick, selected, actionable) {
  const c = SIDE[u.side] || { fill: '#ddd', ink: '#222' };
  const g = s('g', { class: 'counter' + (selected ? ' selected' : '') + (actionable ? ' actionable' : ''), transform: `translate(${x},${y})`, onclick, onkeydown: keyed(onclick), tabindex: 0, 'data-unit': u.id, role: 'button' },
    s('title', {}, `${u.name} (${u.side}) CV ${u.cv}${u.reduced ? ', reduced' : ''}${u.support ? ', support' : ''}${u.out_of_supply ? ', out of supply' : ''}`),
    s('rect', { width: size, height: size, rx: 3, fill: u.reduced ? '#f7f3ea' : c.fill, stroke: c.ink, 'stroke-width': selected ? 3 : 1.2 }),
    u.reduced ? s('rect', { x: 0, y: size - 6, width: size, height: 6, fill: c.fill, stroke: 'none' }) : null,
    s('text', { x: size / 2, y: 10, class: 'cname', fill: c.ink }, u.name.length > 9 ? u.name.slice(0, 8) + '…' : u.name),
    s('text', { x: size / 2, y: size - 10, class: 'cvmc', fill: c.ink }, cvText(u)),
    u.out_of_supply ? s('text', { x: size - 2, y: 20, class: 'oos' }, 'OOS') : null,
    u.attacked ? s('circle', { cx: 5, cy: size / 2, r: 3, fill: '#b3261e' }) : null);
  return g;
}

export function renderCompass(el, v, ctx) {
  clear(el);
  const w = WORDS[ctx.lang] || WORDS.en;
  if (!v || !Array.isArray(v.areas)) {
    el.append(h('pre', {}, JSON.stringify(v, null, 1)));
    return;
  }
  const { H, at } = project(v.areas);
  const pos = new Map(v.areas.map((a) => [a.id, at(a)]));
  const pts = v.areas.map((a) => pos.get(a.id));
  // Disc radius: a little more than the usual distance to the nearest area.
  const nn = pts.map((p, i) => Math.min(...pts.filter((_, j) => j !== i).map((q) => Math.hypot(p[0] - q[0], p[1] - q[1]))));
  const r = [...nn].sort((a, b) => a - b)[Math.floor(nn.length / 2)] * 1.6;
  const polys = cells(pts, r);
  const areaIDs = new Set(v.areas.map((a) => a.id));
  const unitIDs = new Set(v.units.map((u) => u.id));
  const sel = { unit: null };
  const unitEls = new Map();

  const svg = s('svg', { viewBox: `0 0 ${W} ${H}`, class: 'map compass', role: 'img', 'aria-label': 'Compass map' });
  const defs = s('defs', {}, s('marker', { id: 'arrow', viewBox: '0 0 10 10', refX: 8, refY: 5, markerWidth: 6, markerHeight: 6, orient: 'auto-start-reverse' },
    s('path', { d: 'M0,0 L10,5 L0,10 z', fill: '#b3261e' })));
  // Beyond the areas: desert, and north of the coastal areas the sea.
  const coast = v.areas.filter((a) => a.coastal).map((a) => pos.get(a.id)).sort((p, q) => p[0] - q[0]);
  const sea = coast.length ? 'M0,0 L0,' + (coast[0][1] - r / 3).toFixed(1) + coast.map((p) => ` L${p[0].toFixed(1)},${(p[1] - r / 3).toFixed(1)}`).join('') +
    ` L${W},${(coast[coast.length - 1][1] - r / 3).toFixed(1)} L${W},0 Z` : '';
  svg.append(...[defs, s('rect', { x: 0, y: 0, width: W, height: H, class: 'desert' }), sea ? s('path', { d: sea, class: 'sea' }) : null].filter(Boolean));
  const gCells = s('g', {}), gLinks = s('g', {}), gLabels = s('g', {}), gUnits = s('g', {}), gArrows = s('g', {});
  svg.append(gCells, gLinks, gLabels, gArrows, gUnits);

  // Links, once per pair.
  const seen = new Set();
  for (const a of v.areas) {
    for (const l of a.links || []) {
      const key = [a.id, l.to].sort().join('|');
      if (seen.has(key) || !pos.has(l.to)) continue;
      seen.add(key);
      const [x1, y1] = pos.get(a.id), [x2, y2] = pos.get(l.to);
      gLinks.append(s('line', { x1, y1, x2, y2, class: 'link ' + l.kind }));
    }
  }

  const cellEls = new Map();
  v.areas.forEach((a, i) => {
    const d = 'M' + polys[i].map((p) => p.map((n) => n.toFixed(1)).join(',')).join('L') + 'Z';
    const cell = s('path', { d, class: 'area' + (a.coastal ? ' coastal' : ''), fill: CONTROL[a.control] || '#f1e8d0', onclick: () => clickArea(a.id), onkeydown: keyed(() => clickArea(a.id)), tabindex: 0, role: 'button', 'data-area': a.id },
      s('title', {}, `${a.name}${a.vp ? ` — ${a.vp} VP` : ''}${a.control ? ` — ${a.control}` : ''}${a.coastal ? ' — coastal' : ''}`));
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

  // Counters, stacked in rows of four under the area's name.
  const size = 30, gap = 2;
  const byArea = new Map();
  for (const u of v.units) {
    if (u.where !== 'map' || !u.area) continue;
    if (!byArea.has(u.area)) byArea.set(u.area, []);
    byArea.get(u.area).push(u);
  }
  const unitActs = (id) => ctx.actions.filter((a) => tokens(a.action).includes(id));
  for (const [area, units] of byArea) {
    if (!pos.has(area)) continue;
    const [x, y] = pos.get(area);
    const perRow = Math.min(4, units.length);
    units.forEach((u, i) => {
      // Keep the stack inside the map at its edges.
      const left = Math.max(4, Math.min(W - 4 - perRow * (size + gap), x - (perRow * (size + gap)) / 2));
      const cx = left + (i % perRow) * (size + gap);
      const cy = y + Math.floor(i / perRow) * (size + gap);
      const g = counter(u, cx, cy, size, (e) => { e.stopPropagation(); clickUnit(u.id); }, false, unitActs(u.id).length > 0);
      unitEls.set(u.id, g);
      gUnits.append(g);
      if (u.attack && pos.has(u.attack)) {
        const [tx, ty] = pos.get(u.attack);
        const k = 1 - 22 / Math.hypot(tx - x, ty - y);
        gArrows.append(s('line', { x1: x, y1: y, x2: x + (tx - x) * k, y2: y + (ty - y) * k, class: 'attack', 'marker-end': 'url(#arrow)' }));
      }
    });
  }

  const chooser = h('div', { class: 'chooser', hidden: true });
  const info = h('div', { class: 'mapinfo' });
  const off = v.units.filter((u) => u.where !== 'map');
  // Zoom: the map keeps its proportions and the frame scrolls.
  const zoomKey = 'compass-zoom';
  const setZoom = (z) => {
    z = Math.max(1, Math.min(3, z));
    localStorage.setItem(zoomKey, z);
    svg.style.width = `${z * 100}%`;
  };
  // On a narrow screen the map starts larger than the frame, to scroll.
  setZoom(+localStorage.getItem(zoomKey) || (window.innerWidth < 700 ? 2.5 : 1));
  const zoom = h('span', { class: 'zoom' },
    h('button', { class: 'secondary', title: w.zoomOut, onclick: () => setZoom((+localStorage.getItem(zoomKey) || 1) - 0.5) }, '−'),
    h('button', { class: 'secondary', title: w.zoomIn, onclick: () => setZoom((+localStorage.getItem(zoomKey) || 1) + 0.5) }, '+'));
  el.append(...[info, h('div', { class: 'mapwrap' }, zoom, h('div', { class: 'mapscroll' }, svg), chooser),
    off.length ? h('details', { class: 'offmap' }, h('summary', {}, `${w.offMap} (${off.length})`),
      h('ul', {}, off.map((u) => h('li', {}, `${u.name} (${u.side}, ${cvText(u)}): ${u.where}${u.arrives ? `, turn ${u.arrives}` : ''}`)))) : null,
    v.notice ? h('p', { class: 'notice' }, v.notice, ' ', h('a', { href: '/about' }, '→')) : null].filter(Boolean));

  // The state of play beside the map.
  const unitName = new Map(v.units.map((u) => [u.id, u.name]));
  const areaName = new Map(v.areas.map((a) => [a.id, a.name]));
  const sideWord = (x) => w[x] || x;
  info.append(...[h('span', {}, `${w.turn} ${v.turn}/${v.turns} ${v.dates || ''}`), h('span', {}, `${w.phase}: ${w.phases[v.phase] || v.phase}`),
    v.phasing ? h('span', {}, `${w.phasing}: ${sideWord(v.phasing)}`) : null,
    h('span', {}, `${w.vp} ${w.allied} ${v.vp[0]} · ${w.italian} ${v.vp[1]}`),
    h('span', {}, `${w.repl} ${v.replacement_points[0]} / ${v.replacement_points[1]}`),
    ...(v.events || []).map((e, i) => h('span', {}, `${[w.allied, w.italian][i]} ${w.events}: ${e.hand ? e.hand.join(', ') || '—' : `${e.hand_count} ${w.inHand}`} (${e.container} ${w.inContainer})`)),
    v.result ? h('strong', {}, v.result) : null].filter(Boolean));
  if (v.battle) {
    const b = v.battle;
    const rows = (list) => (list || []).map((f) => h('tr', {},
      h('td', {}, unitName.get(f.unit) || f.unit, f.surprised ? ' (!)' : ''),
      h('td', {}, [f.support && (unitName.get(f.support) || f.support), f.event].filter(Boolean).join(', ')),
      h('td', { class: 'num' }, f.target), h('td', { class: 'num' }, f.die ? `${f.die}${f.rerolled ? '*' : ''}` : '')));
    info.after(h('table', { class: 'battle' },
      h('caption', {}, `${w.battle}: ${sideWord(b.attacker)} ${w.from} ${areaName.get(b.from) || b.from} ${w.into} ${areaName.get(b.area) || b.area} — ${w.hits} ${b.hits[0]}–${b.hits[1]}`),
      h('thead', {}, h('tr', {}, h('th', {}, w.unit), h('th', {}, ''), h('th', {}, w.target), h('th', {}, w.die))),
      h('tbody', {}, h('tr', {}, h('th', { colspan: 4 }, w.attacker)), rows(b.sides[0]), h('tr', {}, h('th', { colspan: 4 }, w.defender)), rows(b.sides[1]))));
    if (pos.has(b.from) && pos.has(b.area)) {
      const [x1, y1] = pos.get(b.from), [x2, y2] = pos.get(b.area);
      const k = 1 - 22 / Math.hypot(x2 - x1, y2 - y1);
      gArrows.append(s('line', { x1, y1, x2: x1 + (x2 - x1) * k, y2: y1 + (y2 - y1) * k, class: 'attack battle-arrow', 'marker-end': 'url(#arrow)' }));
    }
  }

  function light() {
    const acts = sel.unit ? unitActs(sel.unit) : [];
    const dests = new Set();
    for (const a of acts) for (const tk of tokens(a.action)) if (areaIDs.has(tk)) dests.add(tk);
    for (const [id, c] of cellEls) c.classList.toggle('dest', dests.has(id));
    for (const [id, g] of unitEls) g.classList.toggle('selected', id === sel.unit);
    ctx.highlight(acts.map((a) => a.action));
  }

  function choose(acts) {
    clear(chooser).append(h('p', {}, w.choose), ...acts.map((a) => h('button', { onclick: () => { chooser.hidden = true; ctx.play(a.action); } }, a.label)),
      h('button', { class: 'secondary', onclick: () => { chooser.hidden = true; } }, '✕'));
    chooser.hidden = false;
  }

  function clickUnit(id) {
    sel.unit = sel.unit === id ? null : id;
    light();
    if (sel.unit) {
      // Actions that name the unit and no area (e.g. take a step loss) are
      // offered at once.
      const acts = unitActs(id).filter((a) => !tokens(a.action).some((tk) => areaIDs.has(tk)));
      if (acts.length) choose(acts);
    }
  }

  function clickArea(id) {
    let acts = ctx.actions.filter((a) => tokens(a.action).includes(id));
    if (sel.unit) acts = acts.filter((a) => tokens(a.action).includes(sel.unit));
    else acts = acts.filter((a) => !tokens(a.action).some((tk) => unitIDs.has(tk))); // area-only actions
    if (acts.length === 1) ctx.play(acts[0].action);
    else if (acts.length > 1) choose(acts);
    else { sel.unit = null; light(); chooser.hidden = true; }
  }
}
