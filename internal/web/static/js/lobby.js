// The lobby: logging in, creating a game, the list of my games, notices;
// and accepting an invitation.
import { request, current, setMe } from './api.js';
import { h, clear, flash } from './dom.js';
import { t, lang, langs, side as sideName, result as resultWords, levelName, gameTitle, scenarioName } from './i18n.js';
import { go, route } from './app.js';
import { fairFields, entropy, fairLine } from './fair.js';

function authForm(after) {
  const msg = h('p', { class: 'msg' });
  const name = h('input', { name: 'name', autocomplete: 'username', required: true, minlength: 3, maxlength: 24 });
  const pass = h('input', { name: 'password', type: 'password', autocomplete: 'current-password', required: true, minlength: 8 });
  const submit = async (path) => {
    try {
      setMe(await request('POST', path, { name: name.value, password: pass.value }));
      after();
    } catch (e) { flash(msg, e.message, true); }
  };
  return h('section', { class: 'card auth' },
    h('p', {}, t('welcome')),
    h('form', { onsubmit: (e) => { e.preventDefault(); submit('/api/login'); } },
      h('label', {}, t('name'), name), h('label', {}, t('password'), pass),
      h('div', { class: 'row' },
        h('button', { type: 'submit' }, t('login')),
        h('button', { type: 'button', onclick: () => submit('/api/register') }, t('register')),
        h('button', {
          type: 'button', class: 'secondary', onclick: async () => {
            try { setMe(await request('POST', '/api/guest', {})); after(); } catch (e) { flash(msg, e.message, true); }
          },
        }, t('guest')))),
    msg);
}

function newGameForm(meta) {
  const me = current();
  const msg = h('p', { class: 'msg' });
  if (meta.games.length === 0) return h('section', { class: 'card' }, h('h2', {}, t('newGame')), h('p', { class: 'muted' }, t('noGames')));
  const gameSel = h('select', { name: 'game' }, meta.games.map((g) => h('option', { value: g.id }, gameTitle(g.id, g.title))));
  const scenSel = h('select', { name: 'scenario' });
  const sideSel = h('select', { name: 'side' });
  // The computer levels, weakest first, each explained; "normal" (a
  // search of about a second a decision) is the default, a fair opponent.
  const order = ['random', 'easy', 'greedy', 'normal', 'hard', 'mcts'];
  const levels = meta.computers.slice().sort((a, b) => (order.indexOf(a) + 1 || 99) - (order.indexOf(b) + 1 || 99));
  const levelWords = (c) => t('level_' + c) === 'level_' + c ? '' : t('level_' + c);
  const compSel = h('select', { name: 'computer' }, levels.map((c) => h('option', { value: c, selected: c === 'normal' }, levelName(c))));
  const compHelp = h('small', { class: 'muted levelhelp' });
  const levelChanged = () => { compHelp.textContent = levelWords(compSel.value); };
  compSel.addEventListener('change', levelChanged);
  levelChanged();
  const langSel = h('select', { name: 'lang' }, meta.langs.map((l) => h('option', { value: l, selected: l === lang() }, langs()[l] || l)));
  const modes = [['computer', t('modeComputer')], ['invite', t('modeInvite')], ['open', t('modeOpen')], ['hotseat', t('modeHotseat')]]
    .filter(([m]) => !(me.guest && (m === 'invite' || m === 'open')))
    .filter(([m]) => !(m === 'computer' && meta.computers.length === 0));
  const modeSel = h('select', { name: 'mode' }, modes.map(([m, label]) => h('option', { value: m }, label)));
  const paceSel = h('select', { name: 'pace' }, [['', t('paceNone')], ['live', t('paceLive')], ['fast', t('paceFast')], ['slow', t('paceSlow')]]
    .map(([v, label]) => h('option', { value: v }, label)));
  const paceRow = h('label', {}, t('pace'), paceSel);
  const sideRow = h('label', {}, t('yourSide'), sideSel);
  const compRow = h('label', {}, t('computer'), compSel, compHelp);
  const fill = () => {
    const g = meta.games.find((x) => x.id === gameSel.value);
    clear(scenSel).append(...g.scenarios.map((s) => h('option', { value: s }, scenarioName(g.id, s))));
    clear(sideSel).append(...g.sides.map((s) => h('option', { value: s }, sideName(s))));
  };
  const modeChanged = () => {
    sideRow.hidden = modeSel.value === 'hotseat';
    compRow.hidden = modeSel.value !== 'computer';
    paceRow.hidden = modeSel.value !== 'invite' && modeSel.value !== 'open';
  };
  gameSel.addEventListener('change', fill);
  modeSel.addEventListener('change', modeChanged);
  fill(); modeChanged();
  return h('section', { class: 'card' }, h('h2', {}, t('newGame')),
    h('form', {
      class: 'grid', onsubmit: async (e) => {
        e.preventDefault();
        const req = { game: gameSel.value, scenario: scenSel.value, lang: langSel.value, mode: modeSel.value };
        if (req.mode !== 'hotseat') req.side = sideSel.value;
        if (req.mode === 'computer') req.computer = compSel.value;
        if ((req.mode === 'invite' || req.mode === 'open') && paceSel.value) req.pace = paceSel.value;
        try {
          Object.assign(req, await fairFields()); // the dice: the server commits, then this browser contributes
          const v = await request('POST', '/api/games', req);
          go('/play/' + v.id);
        } catch (err) { flash(msg, err.message, true); }
      },
    },
    h('label', {}, t('game'), gameSel), h('label', {}, t('scenario'), scenSel), h('label', {}, t('mode'), modeSel),
    sideRow, compRow, paceRow, h('label', {}, t('language'), langSel),
    h('div', { class: 'row' }, h('button', { type: 'submit' }, t('create')))), msg);
}

function seatsText(seats) {
  return seats.map((s) => `${sideName(s.side)}: ${s.you ? t('you') : s.ai ? levelName(s.ai) : s.public ? t('freeSeat') : s.open ? t('openSeat') : s.player}`).join(' · ');
}

function gamesList(list) {
  if (list.length === 0) return h('section', { class: 'card' }, h('h2', {}, t('myGames')), h('p', { class: 'muted' }, t('none')));
  const rows = list.map((g) => h('tr', { class: g.your_turn ? 'your-turn' : '' },
    h('td', {}, h('a', { href: '/play/' + g.id, onclick: (e) => { e.preventDefault(); go('/play/' + g.id); } }, gameTitle(g.game, g.title))),
    h('td', {}, scenarioName(g.game, g.scenario)),
    h('td', {}, seatsText(g.seats)),
    h('td', { class: 'num' }, g.move),
    h('td', {}, g.status === 'over' ? `${t('over')}: ${resultWords(g.result)}` : g.your_turn ? h('strong', {}, t('yourTurn')) : `${t('waiting')} (${g.active.join(', ')})`)));
  return h('section', { class: 'card' }, h('h2', {}, t('myGames')),
    h('table', { class: 'games' }, h('thead', {}, h('tr', {},
      h('th', {}, t('game')), h('th', {}, t('scenario')), h('th', {}, t('sides')), h('th', {}, t('move')), h('th', {}, ''))),
    h('tbody', {}, rows)));
}

// openList is the games offered in the lobby that the user may join.
function openList(list) {
  const me = current();
  const mine = (g) => g.seats.some((x) => x.you);
  const rows = list.filter((g) => !mine(g)).map((g) => {
    const free = g.seats.find((x) => x.public);
    const msg = h('span', { class: 'msg' });
    return h('tr', {},
      h('td', {}, gameTitle(g.game, g.title)), h('td', {}, scenarioName(g.game, g.scenario)), h('td', {}, seatsText(g.seats)),
      h('td', {}, me.guest || !free ? null : h('button', {
        onclick: async () => {
          try {
            await request('POST', `/api/games/${g.id}/join`, { side: free.side, token: '', entropy: entropy() });
            go('/play/' + g.id);
          } catch (e) { flash(msg, e.message, true); }
        },
      }, `${t('join')} (${free.side})`), msg));
  });
  return h('section', { class: 'card' }, h('h2', {}, t('openGames')),
    rows.length ? h('table', { class: 'games' }, h('tbody', {}, rows)) : h('p', { class: 'muted' }, t('noOpen')));
}

function noticeForm() {
  const me = current();
  if (me.guest) return h('section', { class: 'card' }, h('p', { class: 'muted' }, t('guestNote')));
  const msg = h('p', { class: 'msg' });
  const email = h('input', { type: 'email', value: me.email || '' });
  const hook = h('input', { type: 'url', value: me.webhook || '', placeholder: 'https://…' });
  return h('section', { class: 'card' }, h('h2', {}, t('notices')), h('p', { class: 'muted' }, t('noticesHelp')),
    h('form', {
      class: 'grid', onsubmit: async (e) => {
        e.preventDefault();
        try {
          setMe(await request('PUT', '/api/me/notify', { email: email.value, webhook: hook.value }));
          flash(msg, t('saved'));
        } catch (err) { flash(msg, err.message, true); }
      },
    }, h('label', {}, t('email'), email), h('label', {}, t('webhook'), hook),
    h('div', { class: 'row' }, h('button', { type: 'submit' }, t('save')))), msg);
}

export async function lobbyPage(main) {
  const me = current();
  if (!me.logged_in) {
    main.append(authForm(route));
    return;
  }
  const [meta, list, open] = await Promise.all([request('GET', '/api/meta'), request('GET', '/api/games'), request('GET', '/api/games/open')]);
  const turns = list.filter((g) => g.your_turn).length;
  document.title = turns ? `(${turns}) Sandtable` : 'Sandtable';
  main.append(h('div', { class: 'lobby' },
    h('div', {}, gamesList(list), openList(open)),
    h('div', {}, newGameForm(meta), noticeForm())));
}

export async function joinPage(main, id) {
  const q = new URLSearchParams(location.search);
  const side = q.get('side') || '';
  const token = q.get('token') || '';
  const me = current();
  const msg = h('p', { class: 'msg' });
  if (!me.logged_in || me.guest) {
    main.append(h('section', { class: 'card' }, h('h2', {}, `${t('joinAs')}: ${side}`), h('p', {}, t('loginFirst'))), authForm(route));
    return;
  }
  // The dice's commitment, published before this player contributes.
  const game = await request('GET', `/api/games/${id}`).catch(() => null);
  main.append(h('section', { class: 'card' }, h('h2', {}, `${t('joinAs')}: ${side}`), game && fairLine(game.fair),
    h('button', {
      onclick: async () => {
        try {
          await request('POST', `/api/games/${id}/join`, { side, token, entropy: entropy() });
          go('/play/' + id);
        } catch (e) { flash(msg, e.message, true); }
      },
    }, t('join')), msg));
}
