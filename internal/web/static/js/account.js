// The account page: change the password, log out everywhere.
import { request, current, setMe } from './api.js';
import { h, flash } from './dom.js';
import { lang } from './i18n.js';

const words = {
  en: {
    account: 'Account', change: 'Change the password', old: 'Current password', new: 'New password', changed: 'Password changed; your other sessions are logged out.',
    everywhere: 'Log out everywhere', everywhereHelp: 'Ends every session of this account, on every device, this one too.',
    guest: 'A guest has no password. Register to keep an account.', loginFirst: 'Log in first.',
  },
  it: {
    account: 'Account', change: 'Cambia la password', old: 'Password attuale', new: 'Nuova password', changed: 'Password cambiata; le altre sessioni sono chiuse.',
    everywhere: 'Esci ovunque', everywhereHelp: 'Chiude ogni sessione di questo account, su ogni dispositivo, anche questa.',
    guest: 'Un ospite non ha password. Registrati per avere un account.', loginFirst: 'Prima entra.',
  },
};
const w = (k) => (words[lang()] || words.en)[k];

export function accountPage(main, after) {
  const me = current();
  main.append(h('h1', {}, w('account')));
  if (!me.logged_in) {
    main.append(h('p', {}, w('loginFirst')));
    return;
  }
  const msg = h('p', { class: 'msg' });
  const old = h('input', { name: 'old', type: 'password', autocomplete: 'current-password', required: true });
  const neu = h('input', { name: 'new', type: 'password', autocomplete: 'new-password', required: true, minlength: 8 });
  const change = me.guest ? h('p', { class: 'muted' }, w('guest')) : h('form', {
    class: 'grid', onsubmit: async (e) => {
      e.preventDefault();
      try {
        await request('PUT', '/api/me/password', { old: old.value, new: neu.value });
        old.value = ''; neu.value = '';
        flash(msg, w('changed'));
      } catch (err) { flash(msg, err.message, true); }
    },
  }, h('label', {}, w('old'), old), h('label', {}, w('new'), neu), h('div', { class: 'row' }, h('button', { type: 'submit' }, w('change'))));
  main.append(h('section', { class: 'card account' }, h('h2', {}, `${me.name}`), change, msg,
    h('p', { class: 'muted' }, w('everywhereHelp')),
    h('button', {
      class: 'secondary', onclick: async () => {
        try {
          setMe(await request('POST', '/api/logout', { everywhere: true }));
          after();
        } catch (err) { flash(msg, err.message, true); }
      },
    }, w('everywhere'))));
}
