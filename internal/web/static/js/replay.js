// The replay viewer: step through every action of a stored game (as the
// viewer may see it) or of a record file opened from disk, and jump to any
// move. The server replays; the page only draws.
import { request } from './api.js';
import { h, clear, flash } from './dom.js';
import { t, lang, side as sideName } from './i18n.js';
import { renderBoard, loadBoard } from './render.js';
import { verifyButton } from './fair.js';
import { chanceGraph, askButton } from './coach.js';

export async function replayPage(main, id) {
  const st = { at: null, moves: 0, record: null, side: 'observer', view: null };
  const msg = h('p', { class: 'msg' });
  const body = h('div', { class: 'replay' });
  const top = h('div', {});
  main.append(h('h1', {}, t('replay')), msg, top, body);

  async function load(at) {
    const q = new URLSearchParams({ lang: lang() });
    if (at !== null) q.set('at', at);
    // The first answer also says where each turn begins (for "go to turn").
    if (!st.turns) q.set('turns', '1');
    try {
      if (id) {
        if (st.chosen) q.set('side', st.side);
        st.view = await request('GET', `/api/games/${id}/replay?${q}`);
        if (st.view.sides) st.sides = st.view.sides;
        if (!st.chosen) st.side = st.view.side;
      } else {
        if (st.side !== 'observer') q.set('side', st.side);
        st.view = await request('POST', `/api/replay?${q}`, st.record);
      }
      st.at = st.view.at;
      st.moves = st.view.moves;
      if (!st.turns) st.turns = st.view.turns || [];
      await loadBoard(st.view.game);
      draw();
    } catch (e) { flash(msg, e.message, true); }
  }

  function draw() {
    const v = st.view;
    const step = (n) => load(Math.max(0, Math.min(st.moves, n)));
    const jump = h('input', { type: 'number', min: 0, max: st.moves, value: st.at, 'aria-label': t('jump') });
    const slider = h('input', { type: 'range', min: 0, max: st.moves, value: st.at, onchange: (e) => step(+e.target.value) });
    const sides = st.sides && st.sides.length ? h('label', {}, t('viewAs'), ' ', h('select', {
      onchange: (e) => { st.side = e.target.value; st.chosen = true; load(st.at); },
    }, ['observer', ...(st.sides || [])].map((s) => h('option', { value: s, selected: s === st.side }, s === 'observer' ? t('observer') : sideName(s))))) : null;
    // Go to turn: the player turns of the game, where each begins.
    const now = (st.turns || []).filter((m) => m.at <= st.at).pop();
    const turns = st.turns && st.turns.length ? h('label', {}, t('jumpTurn'), ' ', h('select', {
      name: 'turn', onchange: (e) => step(+e.target.value),
    }, st.turns.map((m, i) => h('option', { value: m.at, selected: m === now },
      // A turn begins (its first phases), then each player turn in it.
      i > 0 && st.turns[i - 1].turn === m.turn ? `${t('turn')} ${m.turn} · ${sideName(m.side)}` : `${t('turn')} ${m.turn}`)))) : null;
    const board = h('div', { class: 'board' });
    const coach = coachBox(step);
    const log = h('ol', { class: 'log', reversed: true }, v.log.slice().reverse().map((e) => h('li', { class: e.move === st.at ? 'now' : '' },
      h('a', { href: '#', onclick: (ev) => { ev.preventDefault(); step(e.move); } }, e.move), ' ', e.text,
      e.rule && !e.text.includes(e.rule) ? h('span', { class: 'rule' }, ` [${e.rule}]`) : null)));
    clear(body).append(
      h('div', { class: 'vcr' },
        h('button', { onclick: () => step(0), disabled: st.at === 0 }, '|◀ ' + t('first')),
        h('button', { onclick: () => step(st.at - 1), disabled: st.at === 0 }, '◀ ' + t('prev')),
        h('span', { class: 'where' }, `${t('move')} ${st.at} ${t('of')} ${st.moves}`),
        h('button', { onclick: () => step(st.at + 1), disabled: st.at === st.moves }, t('next') + ' ▶'),
        h('button', { onclick: () => step(st.moves), disabled: st.at === st.moves }, t('last') + ' ▶|'),
        slider,
        h('form', { onsubmit: (e) => { e.preventDefault(); step(+jump.value); } }, jump, h('button', { type: 'submit' }, t('jump'))),
        turns, sides),
      h('div', { class: 'prompt' }, h('span', { class: 'who' }, v.active.map(sideName).join(', ')), h('span', { class: 'text' }, v.prompt)),
      ...(coach ? [coach] : []),
      h('div', { class: 'layout' }, board, h('aside', {}, h('h3', {}, t('log')), log)));
    // The board's questions (WDF's supply path of the unit selected) are
    // asked of the game as it was at this move.
    const at = st.at;
    const ask = (q) => {
      const p = new URLSearchParams({ at, lang: lang(), q });
      if (id) {
        if (st.chosen) p.set('side', st.side);
        return request('GET', `/api/games/${id}/replay?${p}`);
      }
      if (st.side !== 'observer') p.set('side', st.side);
      return request('POST', `/api/replay?${p}`, st.record);
    };
    renderBoard(board, v.game, v.view, { actions: [], play: () => {}, highlight: () => {}, lang: lang(), side: v.side, log: v.log, ask });
  }

  // coachBox: once a stored game is over, or for a record file, the
  // graph of the computer's estimate of the chances (fetched once) and
  // "what would the computer do here?" from the side chosen (else the
  // side deciding there).
  function coachBox(step) {
    if (id ? !st.sides : !st.record) return null;
    const base = id ? `/api/games/${id}/coach` : '/api/replay/coach';
    const box = h('div', { class: 'coachbox' });
    if (st.graph) box.append(chanceGraph(st.graph, st.at, step));
    else if (st.graphErr) box.append(h('p', { class: 'msg bad' }, st.graphErr));
    else {
      box.append(h('p', { class: 'muted graphwait' }, t('coachGraphWait')));
      if (!st.graphAsked) {
        st.graphAsked = true;
        const rec = st.record;
        request(id ? 'GET' : 'POST', `${base}/graph?lang=${lang()}`, id ? undefined : rec)
          .then((g) => { if (st.record === rec) st.graph = g; }, (e) => { st.graphErr = e.message; })
          .then(() => draw());
      }
    }
    const q = new URLSearchParams({ lang: lang(), at: st.at });
    if ((st.chosen || !id) && st.side !== 'observer') q.set('side', st.side);
    box.append(askButton(`${base}?${q}`, id ? null : st.record, t('coachAsk')));
    return box;
  }

  if (id) {
    // ?at=N&side=S: open at a move, as a side (the play page's "step
    // through" link).
    const q = new URLSearchParams(location.search);
    if (q.get('side')) { st.side = q.get('side'); st.chosen = true; }
    await load(q.get('at') !== null && /^\d+$/.test(q.get('at')) ? +q.get('at') : null);
    // Once the game is over its record, with the dice's secret, is public.
    if (st.sides) {
      top.append(verifyButton(async () => {
        const r = await fetch(`/api/games/${id}/record`, { credentials: 'same-origin' });
        if (!r.ok) throw new Error(r.statusText);
        return r.text();
      }));
    }
    return;
  }
  const file = h('input', {
    type: 'file', accept: '.json,application/json', onchange: async (e) => {
      const f = e.target.files[0];
      if (!f) return;
      try {
        st.record = await f.text();
        const rec = JSON.parse(st.record);
        const meta = await request('GET', '/api/meta');
        const g = meta.games.find((x) => x.id === rec.game);
        st.sides = g ? g.sides : [];
        st.side = 'observer';
        st.turns = null;
        st.graph = null;
        st.graphErr = null;
        st.graphAsked = false;
        await load(0);
      } catch (err) { flash(msg, err.message, true); }
    },
  });
  top.append(h('label', { class: 'card' }, t('importRecord'), ' ', file), verifyButton(async () => { if (!st.record) throw new Error(t('importRecord')); return st.record; }));
}
