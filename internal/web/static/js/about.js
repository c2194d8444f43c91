// The notice about reconstructed components and the rulings taken, in the
// page's language.
import { h } from './dom.js';
import { t, lang } from './i18n.js';
import { request } from './api.js';

const TEXT = {
  en: {
    intro: 'Sandtable plays each game by the letter of its published rulebook. Where a rulebook is silent or ambiguous, the ruling taken is written down with its reasons; where a component (map, counters, charts) could not be reproduced, it is reconstructed from history and says so.',
    compass: 'The map, counters, deployment chart, turn track and event mix of Compass are a RECONSTRUCTION from the history of the campaign, not the published components.',
    wdf: 'The hex map (terrain, roads, tracks, hexside features, road zones), the pieces and their values, the set-up, the reinforcement and withdrawal schedule and every chart and table of Western Desert Force are a RECONSTRUCTION from the history of the campaign and from what the rules imply, not the published components.',
    data: 'how the components were reconstructed, and from what.',
    rulings: 'rulings on the ambiguities of the rules, each with its reason.',
    dataRulings: 'where the rulebook contradicts itself about the components (hex 3609 and zone C), and what was decided.',
    own: 'A player who owns the physical game can correct the reconstruction in the data files named there, without touching the program.',
  },
  it: {
    intro: 'Sandtable gioca ogni gioco alla lettera del regolamento pubblicato. Dove il regolamento tace o è ambiguo, la decisione presa è scritta con le sue ragioni; dove un componente (mappa, pedine, tabelle) non si è potuto riprodurre, è ricostruito dalla storia e lo dichiara.',
    compass: 'Mappa, pedine, schieramento iniziale, tabella dei turni e miscela degli eventi di Compass sono una RICOSTRUZIONE dalla storia della campagna, non i componenti pubblicati.',
    wdf: 'La mappa esagonale (terreno, strade, piste, lati d\'esagono, zone stradali), le pedine e i loro valori, lo schieramento, il calendario di rinforzi e ritiri e ogni tabella di Western Desert Force sono una RICOSTRUZIONE dalla storia della campagna e da quanto le regole lasciano intendere, non i componenti pubblicati.',
    data: 'come sono stati ricostruiti i componenti, e da quali fonti (in inglese).',
    rulings: 'le decisioni sulle ambiguità delle regole, ciascuna con la sua ragione (in inglese).',
    dataRulings: 'dove il regolamento si contraddice sui componenti (esagono 3609 e zona C), e che cosa si è deciso (in inglese).',
    own: 'Chi possiede il gioco fisico può correggere la ricostruzione nei file di dati lì indicati, senza toccare il programma.',
  },
};

// What each kind of game document is, by file name; another document is
// described by its own title.
const DOC_WORDS = { 'data.md': 'data', 'rulings.md': 'rulings', 'rulings-data.md': 'dataRulings' };

// aboutPage lists every game the server plays (/api/meta) with the
// documents of its docs/ folder (/docs/).
export async function aboutPage(main) {
  const x = TEXT[lang()] || TEXT.en;
  const [meta, docs] = await Promise.all([request('GET', '/api/meta'), request('GET', '/docs/')]);
  const doc = (d) => h('li', {}, h('a', { href: '/docs/' + d.path }, 'docs/' + d.path), ' — ',
    x[DOC_WORDS[d.path.split('/').pop()]] || d.title);
  main.append(h('section', { class: 'card about' },
    h('h2', {}, t('noticeTitle')),
    h('p', {}, x.intro),
    meta.games.flatMap((g) => [
      h('h3', {}, g.title),
      x[g.id] ? h('p', {}, x[g.id]) : null,
      h('ul', {}, (docs[g.id] || []).map(doc))]),
    h('p', { class: 'muted' }, x.own)));
}
