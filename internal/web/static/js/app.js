// The client's entry: the header and the page the path names.
import { loadMe, current, request, setMe } from './api.js';
import { h, clear } from './dom.js';
import { t, lang, langs, setLang, loadWords } from './i18n.js';
import { lobbyPage, joinPage } from './lobby.js';
import { playPage } from './play.js';
import { replayPage } from './replay.js';
import { aboutPage } from './about.js';
import { accountPage } from './account.js';

export function go(path) {
  history.pushState(null, '', path);
  route();
}

function header() {
  const me = current();
  const top = clear(document.getElementById('top'));
  const link = (path, text) => h('a', { href: path, onclick: (e) => { e.preventDefault(); go(path); } }, text);
  const langSel = h('select', { 'aria-label': t('language'), onchange: (e) => { setLang(e.target.value); route(); } },
    Object.entries(langs()).map(([l, name]) => h('option', { value: l, selected: lang() === l }, name)));
  const user = me.logged_in
    ? h('span', { class: 'user' }, link('/account', me.name), ' ', h('button', {
      class: 'link', onclick: async () => {
        setMe(await request('POST', '/api/logout', {}));
        go('/');
      },
    }, t('logout')))
    : null;
  top.append(h('nav', {},
    h('a', { class: 'brand', href: '/', onclick: (e) => { e.preventDefault(); go('/'); } }, 'Sandtable'),
    link('/', t('lobby')), link('/replay', t('replay')), link('/about', t('about')),
    h('span', { class: 'spacer' }), user, langSel));
}

let leave = null; // the current page's clean-up (closing its event stream)

export async function route() {
  if (leave) { leave(); leave = null; }
  await loadWords();
  document.documentElement.lang = lang();
  try { await loadMe(); } catch (_) { /* offline: draw what we can */ }
  header();
  const main = clear(document.getElementById('main'));
  const p = location.pathname;
  let m;
  if ((m = p.match(/^\/play\/([0-9a-f]+)$/))) leave = await playPage(main, m[1]);
  else if ((m = p.match(/^\/join\/([0-9a-f]+)$/))) await joinPage(main, m[1]);
  else if ((m = p.match(/^\/replay\/([0-9a-f]+)$/))) await replayPage(main, m[1]);
  else if (p === '/replay') await replayPage(main, null);
  else if (p === '/about') aboutPage(main);
  else if (p === '/account') accountPage(main, () => go('/'));
  else await lobbyPage(main);
}

window.addEventListener('popstate', route);
route();
