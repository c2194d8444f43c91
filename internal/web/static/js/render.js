// Board renderers, by game id. A renderer draws a side's view and may
// offer the legal actions on the board:
//   render(el, view, ctx)   ctx = { actions, play(actionText), highlight(texts), lang, side, log }
// Games without one get the generic view: its JSON, readable.
import { h } from './dom.js';
import { t } from './i18n.js';
import { renderCompass } from './compass.js';
import { renderWdf } from './wdf.js';

const renderers = { compass: renderCompass, wdf: renderWdf };

export function renderBoard(el, gameID, view, ctx) {
  const r = renderers[gameID];
  if (r) {
    r(el, view, ctx);
    return;
  }
  el.append(h('details', { class: 'generic', open: true }, h('summary', {}, t('details')),
    h('pre', {}, JSON.stringify(view, null, 1))));
}
