// The notice about reconstructed components and the rulings taken.
import { h } from './dom.js';
import { t } from './i18n.js';

export function aboutPage(main) {
  main.append(h('section', { class: 'card about' },
    h('h2', {}, t('noticeTitle')),
    h('p', {}, 'Sandtable plays each game by the letter of its published rulebook. Where a rulebook is silent or ambiguous, the ruling taken is written down with its reasons; where a component (map, counters, charts) could not be reproduced, it is reconstructed from history and says so.'),
    h('h3', {}, 'Compass'),
    h('p', {}, 'The map, counters, deployment chart, turn track and event mix of Compass are a RECONSTRUCTION from the history of the campaign, not the published components.'),
    h('ul', {},
      h('li', {}, h('a', { href: '/docs/compass/data.md' }, 'docs/compass/data.md'), ' — how the components were reconstructed, and from what.'),
      h('li', {}, h('a', { href: '/docs/compass/rulings.md' }, 'docs/compass/rulings.md'), ' — rulings on the ambiguities of the rulebook.')),
    h('p', { class: 'muted' }, 'Italiano: mappa, pedine, schieramento, tabella dei turni e miscela degli eventi di Compass sono una RICOSTRUZIONE storica, non i componenti pubblicati. Vedi i documenti qui sopra.'),
    h('h3', {}, 'Western Desert Force'),
    h('p', {}, 'The hex map (terrain, roads, tracks, hexside features, road zones), the pieces and their values, the set-up, the reinforcement and withdrawal schedule and every chart and table of Western Desert Force are a RECONSTRUCTION from the history of the campaign and from what the rules imply, not the published components.'),
    h('ul', {},
      h('li', {}, h('a', { href: '/docs/wdf/data.md' }, 'docs/wdf/data.md'), ' — how the components were reconstructed, and from what.'),
      h('li', {}, h('a', { href: '/docs/wdf/rulings-data.md' }, 'docs/wdf/rulings-data.md'), ' — where the rulebook contradicts itself about the components (hex 3609 and zone C), and what was decided.'),
      h('li', {}, h('a', { href: '/docs/wdf/rulings.md' }, 'docs/wdf/rulings.md'), ' — rulings on the ambiguities of the rules.'))));
}
