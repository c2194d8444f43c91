// Board renderers, by game id. A game's board is the module ./<id>.js
// (compass.js, wdf.js), loaded the first time one of its games is shown;
// it exports
//   render(el, view, ctx)   ctx = { actions, play(actionText), highlight(texts), lang, side, log }
// which draws a side's view and may offer the legal actions on the board,
// and, if the board has its own styles in /static/<id>.css,
//   stylesheet = true
// Games without one get the generic view: its JSON, readable.
import { h } from './dom.js';
import { t } from './i18n.js';

const boards = {}; // game id -> promise of its render function, or of null

function board(gameID) {
  if (!(gameID in boards)) {
    // Only an id's form may name a module (ids are lower-case kebab).
    boards[gameID] = /^[a-z0-9]+(-[a-z0-9]+)*$/.test(gameID)
      ? import(`./${gameID}.js`).then((m) => {
        if (m.stylesheet === true) document.head.append(h('link', { rel: 'stylesheet', href: `/static/${gameID}.css` }));
        return typeof m.render === 'function' ? m.render : null;
      }, () => null)
      : Promise.resolve(null);
  }
  return boards[gameID];
}

export async function renderBoard(el, gameID, view, ctx) {
  const r = await board(gameID);
  if (r) {
    r(el, view, ctx);
    return;
  }
  el.append(h('details', { class: 'generic', open: true }, h('summary', {}, t('details')),
    h('pre', {}, JSON.stringify(view, null, 1))));
}
