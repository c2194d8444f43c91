// The coach (issue 28): the graph of the computer's estimate of each
// side's chances through a finished game, its turning points, and "what
// would the computer do here?" with its best choices. The server searches
// from one side's knowledge (docs/ai.md, "The coach"); the page only draws.
import { request } from './api.js';
import { h, s, clear } from './dom.js';
import { t, side as sideName } from './i18n.js';

const W = 600, H = 120;
const pct = (x) => `${Math.round(x * 100)}%`;

// chanceGraph draws graph (GET /coach/graph) with the position at marked;
// a click on it, or on a turning point, calls step with that move. Each
// side's colour is a class, s0..s3 (the page's policy allows no inline
// styles).
export function chanceGraph(graph, at, step) {
  const moves = Math.max(1, graph.moves);
  const x = (m) => (m / moves) * W;
  const y = (c) => (1 - c) * H;
  const pts = graph.points;
  // The point in force at the position shown: the last at or before it.
  const now = pts.filter((p) => p.at <= at).pop() || pts[0];
  const lines = graph.sides.map((_, i) => s('polyline', {
    points: pts.map((p) => `${x(p.at).toFixed(1)},${y(p.chances[i]).toFixed(1)}`).join(' '),
    class: `s${i % 4}`, fill: 'none', 'stroke-width': 2, 'vector-effect': 'non-scaling-stroke',
  }));
  // The turning points: a mark across the graph (lines keep their width
  // however the graph is stretched; a click on the graph goes there).
  const swings = graph.swings.map((m) => s('line', {
    class: 'swing', x1: x(m), x2: x(m), y1: 0, y2: H, 'data-at': m, 'vector-effect': 'non-scaling-stroke',
  }, s('title', {}, `${t('move')} ${m}`)));
  const svg = s('svg', {
    class: 'chances', viewBox: `0 0 ${W} ${H}`, preserveAspectRatio: 'none', role: 'img', 'aria-label': t('coachGraph'),
    onclick: (e) => {
      const r = svg.getBoundingClientRect();
      const m = Math.round(((e.clientX - r.left) / r.width) * moves);
      // to the nearest estimated position
      const best = pts.reduce((a, b) => (Math.abs(b.at - m) < Math.abs(a.at - m) ? b : a));
      step(best.at);
    },
  },
  s('line', { x1: 0, x2: W, y1: H / 2, y2: H / 2, class: 'even', 'vector-effect': 'non-scaling-stroke' }),
  ...lines,
  s('line', { x1: x(at), x2: x(at), y1: 0, y2: H, class: 'now', 'vector-effect': 'non-scaling-stroke' }),
  ...swings);
  const legend = h('p', { class: 'legend' }, graph.sides.map((sd, i) => h('span', {},
    h('i', { class: `s${i % 4}` }), ` ${sideName(sd)} ${now ? pct(now.chances[i]) : ''}`)));
  const turning = graph.swings.length ? h('p', { class: 'turning' }, `${t('coachSwings')}: `,
    [...graph.swings].sort((a, b) => a - b).map((m) => h('button', { class: 'secondary', 'data-at': m, onclick: () => step(m) }, `${t('move')} ${m}`))) : null;
  return h('section', { class: 'coach graph' }, h('h3', {}, t('coachGraph')), legend, svg, turning,
    h('p', { class: 'muted' }, t('coachGraphHow')));
}

// askButton is the "what would the computer do here?" button: it asks
// the server (GET path, or POST it the record file when one is given) and
// shows the answer under it. label names the button; highlight, when
// given, gets the actions of the choices while the pointer is on one.
export function askButton(path, record, label, highlight) {
  const out = h('div', { class: 'advice' });
  const btn = h('button', {
    class: 'secondary ask', onclick: async () => {
      btn.disabled = true;
      clear(out).append(h('p', { class: 'muted' }, t('computerThinks')));
      try {
        const a = await request(record ? 'POST' : 'GET', path, record || undefined);
        clear(out).append(advice(a, highlight));
      } catch (e) {
        clear(out).append(h('p', { class: 'msg bad' }, e.message));
      } finally { btn.disabled = false; }
    },
  }, label);
  return h('div', { class: 'coach ask' }, btn, out);
}

// advice shows the answer of GET /coach: the side's best choices with
// the chance each leaves it, and each side's chances here.
function advice(a, highlight) {
  const chances = h('p', { class: 'muted' }, `${t('coachChances')}: `,
    a.sides.map((sd, i) => `${sideName(sd)} ${pct(a.chances[i])}`).join(' · '));
  if (!a.side) return h('div', {}, chances);
  return h('div', {},
    h('p', {}, a.forced ? t('coachForced', { side: sideName(a.side) }) : t('coachWould', { side: sideName(a.side) })),
    h('ol', { class: 'choices' }, a.choices.map((c) => h('li', {
      'data-action': c.action,
      onmouseenter: highlight ? () => highlight([c.action]) : null,
      onmouseleave: highlight ? () => highlight([]) : null,
    }, c.label, ' ', h('span', { class: 'chance' }, pct(c.chance))))),
    chances);
}
