// Board renderers, by game id. A game's board is the module ./<id>.js
// (compass.js, wdf.js), loaded by loadBoard before one of its games is
// first drawn; it exports
//   render(el, view, ctx)   ctx = { actions, play(actionText), highlight(texts), lang, side, log, ask(question)? }
// which draws a side's view and may offer the legal actions on the board,
// and, if the board has its own styles in /static/<id>.css,
//   stylesheet = true
// render returns onBoard(actionText), true for the actions a player can
// reach on the board (select a counter, click a lit place), which the page
// then need not list as buttons.
// Games without one get the generic view: its JSON, readable.
import { h } from './dom.js';
import { t } from './i18n.js';

const boards = {}; // game id -> its render function, or null; see loadBoard
const loading = {}; // game id -> the promise of its loading

// loadBoard loads the board of gameID, once; the pages wait for it before
// they first draw a game, so that renderBoard itself draws at once.
export function loadBoard(gameID) {
  if (!(gameID in loading)) {
    // Only an id's form may name a module (ids are lower-case kebab).
    loading[gameID] = (/^[a-z0-9]+(-[a-z0-9]+)*$/.test(gameID)
      ? import(`./${gameID}.js`).then((m) => {
        const r = typeof m.render === 'function' ? m.render : null;
        if (m.stylesheet !== true) return r;
        // The board's styles are in before its first drawing: a map frame
        // measures its layout to open on what matters (mapview.js).
        return new Promise((ok) => document.head.append(h('link', { rel: 'stylesheet', href: `/static/${gameID}.css`, onload: () => ok(r), onerror: () => ok(r) })));
      }, () => null)
      : Promise.resolve(null)).then((r) => { boards[gameID] = r; });
  }
  return loading[gameID];
}

export function renderBoard(el, gameID, view, ctx) {
  const r = boards[gameID];
  if (r) return r(el, view, ctx);
  el.append(h('details', { class: 'generic', open: true }, h('summary', {}, t('details')),
    h('pre', {}, JSON.stringify(view, null, 1))));
  return null;
}
