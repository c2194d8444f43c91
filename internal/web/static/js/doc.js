// A document page (web.go renderDoc): "?rule=6.2.E.5" marks the rulings
// that cite that rule and goes to the first, or says that none does (the
// game's log links each rule reference here).
import { loadWords, t } from './i18n.js';

const rule = new URLSearchParams(location.search).get('rule');
const main = document.querySelector('main.doc');
if (rule && main && /^[0-9A-Za-z.]{1,20}$/.test(rule)) {
  const esc = rule.replace(/\./g, '\\.');
  const cites = new RegExp(`(^|[^0-9A-Za-z.])${esc}([^0-9A-Za-z.]|\\.(?![0-9A-Za-z])|$)`);
  // A ruling is a table row (Compass) or a heading and what follows it up
  // to the next heading (WDF); it cites the rule in its row or heading.
  const found = [...main.querySelectorAll('tr, h2, h3')].filter((el) => cites.test(el.textContent));
  for (const el of found) el.classList.add('cited');
  await loadWords();
  const note = document.createElement('p');
  note.className = 'citenote';
  note.textContent = found.length ? t('doc.cited', { rule, n: found.length }) : t('doc.none', { rule });
  main.prepend(note);
  if (found.length) found[0].scrollIntoView({ block: 'center' });
}
