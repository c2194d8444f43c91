// The play page: the prompt bar, the board, the legal actions, undo, the
// log with rule references; updated live from the server's event stream.
import { request, current } from './api.js';
import { h, clear, flash } from './dom.js';
import { t, lang, side as sideName, result as resultWords, levelName, gameTitle, scenarioName } from './i18n.js';
import { go } from './app.js';
import { renderBoard, loadBoard } from './render.js';
import { fairLine } from './fair.js';
import { askButton } from './coach.js';

// ENDS are the actions that end a step or phase or pass: always in the
// prompt bar. FEW actions are all listed as buttons; more are played on
// the board.
const ENDS = new Set(['done', 'pass', 'end', 'hold', 'no-rally']);
const FEW = 12;
const capital = (x) => x.charAt(0).toUpperCase() + x.slice(1);
// autoForced: the player opted in to having forced choices answered where
// no other person watches.
const autoForced = () => localStorage.getItem('autoForced') === 'on';
// notifyOn: the player asked to be told by a notification when it becomes
// his turn while the tab is in the background.
const notifyOn = () => 'Notification' in window && Notification.permission === 'granted' && localStorage.getItem('notify') === 'on';

// focusKey names the map element (a counter, area or hex) that has the
// keyboard's focus inside el, so that a redraw can give it back; null if
// the focus is elsewhere.
function focusKey(el) {
  const f = document.activeElement;
  if (!f || !el.contains(f)) return null;
  const k = ['data-unit', 'data-area', 'data-hex'].find((a) => f.hasAttribute(a));
  return k ? `${f.tagName.toLowerCase()}[${k}="${CSS.escape(f.getAttribute(k))}"]` : null;
}

export async function playPage(main, id) {
  const fixed = new URLSearchParams(location.search).get('side') || '';
  // follow: in a hot-seat game show the side to decide, until the player
  // picks a side to view.
  const st = { id, side: fixed, follow: !fixed, view: null, busy: false };
  const msg = h('p', { class: 'msg' });
  const page = h('div', { class: 'play' });
  main.append(page);

  // clockText is a time left as "2d 5h" or "3h 20min".
  function clockText(ms) {
    const m = Math.max(0, Math.floor(ms / 60000));
    const d = Math.floor(m / 1440), hh = Math.floor((m % 1440) / 60), mm = m % 60;
    return d > 0 ? `${d}${t('days')} ${hh}${t('hours')}` : `${hh}${t('hours')} ${mm}${t('minutes')}`;
  }

  // clocks draws each side's time left, counting down the running ones
  // from when the view was fetched.
  function clocks(el) {
    const c = st.view.clock;
    if (!c) return;
    const tick = () => {
      const gone = Date.now() - st.fetched;
      clear(el).append(...Object.entries(c.left).map(([side, ms]) => {
        const running = c.running.includes(side);
        const left = running ? ms - gone : ms;
        return h('span', { class: 'clock' + (running ? ' running' : '') + (left < 3600000 ? ' low' : '') }, `${side} ${clockText(left)}`);
      }));
    };
    tick();
    clearInterval(st.ticker);
    st.ticker = setInterval(tick, 30000);
  }

  // The chat, for the players: lines kept across redraws, fetched when the
  // event stream announces a new one.
  st.chat = [];
  st.chatN = 0;
  const chatList = h('ol', { class: 'chat' });
  const chatInput = h('input', { maxlength: 1000, 'aria-label': t('chat') });
  const chatBox = h('section', { class: 'chatbox' }, h('h3', {}, t('chat')), chatList,
    h('form', {
      onsubmit: async (e) => {
        e.preventDefault();
        const text = chatInput.value.trim();
        if (!text) return;
        try {
          await request('POST', `/api/games/${id}/chat`, { text });
          chatInput.value = '';
          await loadChat();
        } catch (err) { flash(msg, err.message, true); }
      },
    }, chatInput, h('button', { type: 'submit' }, t('send'))));

  async function loadChat() {
    if (!st.view || st.view.your_sides.length === 0 || !st.view.seats.some((x) => !x.you && !x.ai)) return;
    try {
      const lines = await request('GET', `/api/games/${id}/chat?after=${st.chatN}`);
      for (const l of lines) {
        st.chatN = Math.max(st.chatN, l.n);
        chatList.append(h('li', {}, h('span', { class: 'who' }, `${l.player} (${l.side})`), ' ', l.text));
      }
      chatList.scrollTop = chatList.scrollHeight;
    } catch (_) { /* not a player */ }
  }

  // joined is the view v, answered to a request that sent the log token of
  // prev: the server sends only the log entries after the first log_from,
  // which prev holds, and the page joins them.
  function joined(v, prev) {
    if (v.log_from) v.log = prev.log.slice(0, v.log_from).concat(v.log);
    return v;
  }

  async function load() {
    const q = new URLSearchParams({ lang: lang() });
    if (st.side) q.set('side', st.side);
    const prev = st.view;
    if (prev && prev.log_next) q.set('log', prev.log_next);
    try {
      st.expect = null;
      st.view = joined(await request('GET', `/api/games/${id}?${q}`), prev);
      st.fetched = Date.now();
      await loadBoard(st.view.game);
      draw();
    } catch (e) {
      clear(page).append(h('p', { class: 'msg bad' }, e.message));
    }
  }

  // send posts an action or undo made against the move shown; a stale one
  // comes back 409 with the current view, which is drawn instead.
  async function send(path, body) {
    if (st.busy) return;
    st.busy = true;
    st.expect = null;
    const prev = st.view;
    try {
      st.view = joined(await request('POST', `/api/games/${id}/${path}`, { side: prev.side, move: prev.move, sealed: prev.sealed || 0, lang: lang(), log: prev.log_next || '', ...body }), prev);
      st.own = true;
      // The event stream will announce this very change as the next
      // version: the page already shows it and need not fetch it again
      // (a redraw would drop the counter the player is selecting). A
      // secret action (a pick of an Order) is announced to nobody.
      st.expect = st.view.quiet ? null : st.view.version + 1;
      st.fetched = Date.now();
      flash(msg, '');
      draw();
    } catch (e) {
      if (e.status === 409 && e.data && e.data.view) {
        st.view = joined(e.data.view, prev);
        st.fetched = Date.now();
        draw();
        flash(msg, t('stale'), true);
      } else flash(msg, e.message, true);
    } finally {
      st.busy = false;
      // An update that came while the action was under way (the computer
      // answering at once, say) was held back: fetch it now.
      if (st.missed) {
        const d = st.missed;
        st.missed = null;
        if (stale(d) && !ours(d)) load();
      }
    }
  }

  // stale reports whether an update tells of another state than the one
  // shown (another count of the player's own secret actions, too).
  function stale(d) {
    return d.version !== st.view.version || d.move !== st.view.move || d.status !== st.view.status ||
      (d.sealed != null && d.sealed !== (st.view.sealed || 0));
  }

  // ours reports whether an update announces the change the page's own
  // last request made, already drawn from its answer.
  function ours(d) {
    if (st.expect == null || d.version !== st.expect || d.move !== st.view.move || d.status !== st.view.status) return false;
    st.view.version = d.version;
    st.expect = null;
    return true;
  }

  // sinceLast tells what changed since the side shown last acted in its own
  // player turn: the units that moved, were reduced or lost (marked on the
  // map by the board), the log lines since, and a link to step through
  // them in the replay viewer. The positions are kept per browser, game
  // and side, so a page opened later still shows what happened meanwhile.
  function sinceLast(v) {
    const units = (v.view && v.view.units) || [];
    // A counter's name is its map sheet's (view.map), where the game has one.
    const printed = (v.view && v.view.map && v.view.map.units) || {};
    const nameOf = (u) => u.name || (printed[u.id] || {}).name || u.id;
    const where = (u) => (u.where === 'map' ? u.area || u.hex : u.where);
    const key = `seen:${id}:${v.side}`;
    const now = { move: v.move, pos: Object.fromEntries(units.map((u) => [u.id, [where(u), !!u.reduced]])) };
    let was = null;
    try { was = JSON.parse(localStorage.getItem(key)); } catch (_) { /* none kept */ }
    const mine = v.view && v.view.phasing === v.side;
    if (!was || (st.own && mine) || st.forget) {
      localStorage.setItem(key, JSON.stringify(now));
      st.own = false;
      st.forget = false;
      return { changes: [], panel: null };
    }
    st.own = false;
    const changes = [];
    for (const u of units) {
      const p = was.pos[u.id];
      if (!p) continue;
      const to = where(u);
      if (p[0] !== to || p[1] !== !!u.reduced) changes.push({ unit: u.id, from: p[0], to, reduced: !p[1] && !!u.reduced, name: nameOf(u) });
    }
    const lines = v.log.filter((e) => e.move > was.move);
    if (lines.length === 0 && changes.length === 0) return { changes, panel: null };
    const panel = h('details', { class: 'since', open: true },
      h('summary', {}, `${t('sinceLast')} (${lines.length})`),
      changes.length ? h('p', { class: 'muted' }, `${t('marked')}: ${changes.length}`) : null,
      h('ol', { class: 'sincelog' }, lines.slice().reverse().map((e) => h('li', {}, h('span', { class: 'mv' }, e.move), ' ', e.text))),
      h('p', {}, h('a', { href: `/replay/${id}?at=${was.move}&side=${encodeURIComponent(v.side)}` }, t('stepThrough')), ' ',
        h('button', { class: 'secondary', onclick: () => { st.forget = true; draw(); } }, t('clearMarks'))));
    return { changes, panel };
  }

  function draw() {
    const v = st.view;
    const me = current();
    if (st.follow && v.your_sides.length > 1 && v.actions.length === 0 &&
        v.active.some((a) => a !== v.side && v.your_sides.includes(a))) {
      st.side = '';
      load();
      return;
    }
    // A choice with one possible answer, where no other person watches (hot
    // seat, against the computer), is answered for the player if he opted
    // in; against a person it is always asked (ruling C-9: its absence
    // would tell that nothing is held).
    const unwatched = v.your_sides.length > 0 && v.seats.every((x) => x.you || x.ai);
    // An aside (taking back a commit) is never a forced answer.
    if (unwatched && autoForced() && !v.over && v.actions.length === 1 && !v.actions[0].aside && st.autoAt !== v.move) {
      st.autoAt = v.move;
      st.autoDone = [...(st.autoDone || []).slice(-2), `${sideName(v.side)}: ${v.prompt} → ${v.actions[0].label}`];
      const answer = () => {
        if (st.view.move !== v.move) return; // the game moved on meanwhile
        if (st.busy) setTimeout(answer, 200);
        else send('actions', { action: v.actions[0].action });
      };
      setTimeout(answer, 250);
    }
    // Hot-seat: a screen between sides, so that the player handing over
    // does not see what the next side keeps hidden.
    const hotseat = v.your_sides.length > 1;
    const curtainOn = localStorage.getItem('curtain') !== 'off';
    if (hotseat && curtainOn && !v.over && st.shown && st.shown !== v.side) {
      clear(page).append(h('div', { class: 'curtain' },
        h('p', {}, `${t('passTo')} ${sideName(v.side)}`),
        h('button', { onclick: () => { st.shown = v.side; draw(); } }, `${t('show')}: ${sideName(v.side)}`)));
      return;
    }
    st.shown = v.side;
    const yourTurn = v.actions.length > 0;
    // The tab says when it is the player's turn, for games left open; a
    // tab in the background also tells it by a notification, if the
    // player asked for them.
    const title = gameTitle(v.game, v.title);
    document.title = `${yourTurn ? '● ' : ''}${title} — Sandtable`;
    // An interrupt (a reaction window in the other side's turn) is told
    // once while the tab stays in the background, not at every window.
    if (yourTurn && st.wasTurn === false && document.hidden && notifyOn() && !(v.interrupt && st.toldAway)) {
      try { new Notification(`${t('yourTurn')}: ${title}`, { body: v.prompt, tag: `sandtable-${id}` }); } catch (_) { /* not allowed here */ }
      st.toldAway = !!v.interrupt;
    }
    st.wasTurn = yourTurn;
    const seats = v.seats.map((s) => `${sideName(s.side)}: ${s.you ? t('you') : s.ai ? levelName(s.ai) : s.public ? t('freeSeat') : s.open ? t('openSeat') : s.player}`).join(` ${t('vs')} `);
    const computerToMove = !v.over && v.seats.some((s) => s.ai && v.active.includes(s.side));
    const prompt = h('div', { class: 'prompt' + (yourTurn ? ' your-turn' : '') + (v.over ? ' over' : '') },
      h('span', { class: 'who' }, v.over ? t('gameOver') : v.active.map(sideName).join(', ')),
      h('span', { class: 'text' }, v.over ? (resultWords(v.result) || v.prompt) : v.waiting_for ? `${t('waitingFor')}: ${v.waiting_for.join(', ')}` : computerToMove && !yourTurn && !v.computer_failed ? t('computerThinks') : v.prompt),
      h('span', { class: 'clocks' }),
      (v.undo_sides || []).map((side) => h('button', {
        onclick: () => send('undo', { side }),
      }, v.your_sides.length > 1 ? `${t('undo')} (${sideName(side)})` : t('undo'))));
    // "Done" (end the step or phase, pass) is in the prompt bar, always in
    // sight; the other actions are played on the board, and the panel
    // lists as buttons only what the board cannot show, or every action
    // when there are few (renderBoard says which the board offers).
    const ends = v.actions.filter((a) => ENDS.has(a.action));
    for (const a of ends) {
      prompt.append(h('button', { class: 'done', 'data-action': a.action, title: a.label, onclick: () => send('actions', { action: a.action }) }, capital(a.label)));
    }
    const actions = h('section', { class: 'actions' }, h('h3', {}, t('actions')));
    // Each rule reference links to the rulings that cite it (doc.js).
    const ruleLink = (r) => h('a', { class: 'rule', href: `/docs/${v.game}/rulings.md?rule=${encodeURIComponent(r)}`, target: '_blank', title: `${t('rulingsFor')} ${r}`, 'aria-label': `${t('rulingsFor')} ${r}` });
    const log = h('ol', { class: 'log', reversed: true }, v.log.slice().reverse().map((e) => h('li', {},
      h('span', { class: 'mv' }, e.move), ' ', e.text, e.rule && !e.text.includes(e.rule) ? h('span', { class: 'rule' }, ` [${e.rule}]`) : null,
      e.rule && (v.game === 'compass' || v.game === 'wdf') ? ruleLink(e.rule) : null)));
    const board = h('div', { class: 'board' });
    const since = sinceLast(v);
    const ctx = {
      actions: v.actions, lang: lang(), side: v.side, log: v.log, changes: since.changes, notes: new Map(),
      play: (text) => send('actions', { action: text }),
      // A question for the engine about the position (engine.Asker).
      ask: (q) => request('GET', `/api/games/${id}/ask?q=${encodeURIComponent(q)}&lang=${lang()}${v.your_sides.includes(v.side) ? `&side=${encodeURIComponent(v.side)}` : ''}`),
      highlight: (texts) => {
        for (const b of actions.querySelectorAll('button[data-action]')) b.classList.toggle('hl', texts.includes(b.dataset.action));
      },
    };
    const tools = h('div', { class: 'tools' },
      v.your_sides.length > 1 ? h('label', {}, t('viewAs'), ' ', h('select', {
        onchange: (e) => { st.side = e.target.value; st.shown = st.side; st.follow = false; load(); },
      }, v.your_sides.map((s) => h('option', { value: s, selected: s === v.side }, sideName(s))))) : null,
      hotseat ? h('label', { class: 'check' }, h('input', {
        type: 'checkbox', checked: curtainOn,
        onchange: (e) => localStorage.setItem('curtain', e.target.checked ? 'on' : 'off'),
      }), ' ', t('curtain')) : null,
      unwatched && !v.over ? h('div', { class: 'autoforced' }, h('label', { class: 'check' }, h('input', {
        type: 'checkbox', name: 'autoforced', checked: autoForced(),
        onchange: (e) => { localStorage.setItem('autoForced', e.target.checked ? 'on' : 'off'); draw(); },
      }), ' ', t('autoForced')), h('details', { class: 'muted' }, h('summary', {}, t('why')), t('autoForcedWhy'), ' ',
        v.game === 'compass' ? h('a', { href: '/docs/compass/rulings.md#C-9', target: '_blank' }, t('rulingC9')) : null),
      (st.autoDone || []).length ? h('ul', { class: 'autodone' }, st.autoDone.map((x) => h('li', {}, `${t('answeredForYou')}: ${x}`))) : null) : null,
      'Notification' in window && !v.over && v.your_sides.length > 0 ? h('label', { class: 'check' }, h('input', {
        type: 'checkbox', name: 'notify', checked: notifyOn(),
        onchange: async (e) => {
          if (e.target.checked && Notification.permission !== 'granted') await Notification.requestPermission();
          localStorage.setItem('notify', e.target.checked && Notification.permission === 'granted' ? 'on' : 'off');
          e.target.checked = notifyOn();
        },
      }), ' ', t('notifyTurn')) : null,
      h('a', { href: `/replay/${id}`, onclick: (e) => { e.preventDefault(); go(`/replay/${id}`); } }, v.over ? t('coachReplay') : t('replayGame')),
      v.record_available ? h('a', { href: `/api/games/${id}/record`, download: `sandtable-${id}.json` }, t('exportRecord')) : null,
      !v.over && v.your_sides.length > 0 ? h('button', {
        class: 'secondary', onclick: () => { if (confirm(t('confirmResign'))) send('resign', {}); },
      }, t('resign')) : null,
      v.over && v.your_sides.length > 0 && me.logged_in ? h('button', {
        onclick: async () => {
          try { const g = await request('POST', `/api/games/${id}/rematch`, {}); go('/play/' + g.id); } catch (e) { flash(msg, e.message, true); }
        },
      }, t('rematch')) : null);
    const invites = (v.invites || []).map((inv) => {
      const url = inv.url.startsWith('http') ? inv.url : location.origin + inv.url;
      return h('p', { class: 'invite' }, `${t('invite')} (${inv.side}): `, h('input', { readonly: true, value: url, size: 50 }),
        h('button', { onclick: () => navigator.clipboard && navigator.clipboard.writeText(url) }, t('copy')));
    });
    const refocus = focusKey(page);
    clear(page).append(...[
      h('h1', {}, title, ' ', h('small', {}, `${scenarioName(v.game, v.scenario)} · ${t('move')} ${v.move} · ${seats}`)),
      prompt, v.frozen ? h('p', { class: 'msg bad' }, v.frozen) : null,
      v.computer_failed ? h('p', { class: 'msg bad' }, v.computer_failed) : null, msg, ...invites, fairLine(v.fair),
      h('div', { class: 'layout' }, board, h('aside', {}, actions, since.panel, tools, h('section', {}, h('h3', {}, t('log')), log),
        // The chat is between players: not in hot-seat or computer games.
        v.your_sides.length > 0 && v.seats.some((x) => !x.you && !x.ai) ? chatBox : null))].filter(Boolean));
    const onBoard = renderBoard(board, v.game, v.view, ctx) || (() => false);
    const rest = v.actions.filter((a) => !ENDS.has(a.action));
    const listed = rest.length <= FEW ? rest : rest.filter((a) => !onBoard(a.action));
    // A decision the map does not offer comes first on a narrow screen (style.css).
    page.querySelector('.layout').classList.toggle('listfirst', rest.some((a) => !onBoard(a.action)));
    actions.append(...[
      v.actions.length === 0 ? h('p', { class: 'muted' }, t('noActions')) : null,
      rest.length === 0 && ends.length ? h('p', { class: 'muted' }, t('onlyDone')) : null,
      listed.length < rest.length ? h('p', { class: 'muted onmap' }, `${t('onMap')} (${rest.length - listed.length})`) : null,
      h('div', { class: 'buttons' }, listed.map((a) => h('button', {
        'data-action': a.action, title: a.label, onclick: () => send('actions', { action: a.action }),
      }, a.label, ctx.notes.has(a.action) ? h('small', { class: 'note' }, ctx.notes.get(a.action)) : null))),
      // A hint only where no person is the opponent (the server refuses
      // it elsewhere): the computer's best choices from this side's view.
      unwatched && yourTurn && !v.over ? askButton(`/api/games/${id}/coach?${new URLSearchParams({ side: v.side, lang: lang() })}`, null, t('hint'), ctx.highlight) : null].filter(Boolean));
    clocks(prompt.querySelector('.clocks'));
    // The keyboard stays on the map element it was on (the redraw made a
    // new one), not thrown back to the page's start after every move.
    const back = refocus && page.querySelector(refocus);
    if (back) back.focus({ preventScroll: true });
  }

  await load();
  // No game (an unknown id, or no right to see it): no stream to follow.
  if (!st.view) return () => {};
  await loadChat();
  const back = () => { if (!document.hidden) st.toldAway = false; };
  document.addEventListener('visibilitychange', back);
  // Live updates: the stream says the game changed; fetch our own view.
  const es = new EventSource(`/api/games/${id}/events`);
  es.addEventListener('update', (ev) => {
    const d = JSON.parse(ev.data);
    if (d.chat && d.chat > st.chatN) loadChat();
    else if (st.view && stale(d)) {
      if (st.busy) st.missed = d;
      else if (!ours(d)) load();
    }
  });
  return () => { es.close(); clearInterval(st.ticker); document.removeEventListener('visibilitychange', back); };
}
