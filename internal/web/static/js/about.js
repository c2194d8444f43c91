// The notice about reconstructed components and the rulings taken, in the
// page's language: each game's paragraph from its own catalog.
import { h } from './dom.js';
import { t, gameWords, gameTitle } from './i18n.js';
import { request } from './api.js';

// What each kind of game document is, by file name; another document is
// described by its own title.
const DOC_WORDS = { 'data.md': 'data', 'rulings.md': 'rulings', 'rulings-data.md': 'dataRulings' };

// aboutPage lists every game the server plays (/api/meta) with the
// documents of its docs/ folder (/docs/).
export async function aboutPage(main) {
  const x = (key) => { const w = t(`aboutPage.${key}`); return w === `aboutPage.${key}` ? null : w; };
  const [meta, docs] = await Promise.all([request('GET', '/api/meta'), request('GET', '/docs/')]);
  const doc = (d) => h('li', {}, h('a', { href: '/docs/' + d.path }, 'docs/' + d.path), ' — ',
    x(DOC_WORDS[d.path.split('/').pop()]) || d.title);
  main.append(h('section', { class: 'card about' },
    h('h2', {}, t('noticeTitle')),
    h('p', {}, x('intro')),
    meta.games.flatMap((g) => [
      h('h3', {}, gameTitle(g.id, g.title)),
      gameWords(g.id).about ? h('p', {}, gameWords(g.id).about) : null, // the game's catalog: client.about
      h('ul', {}, (docs[g.id] || []).map(doc))]),
    h('p', { class: 'muted' }, x('own'))));
}
