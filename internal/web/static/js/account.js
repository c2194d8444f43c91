// The account page: change the password, log out everywhere.
import { request, current, setMe } from './api.js';
import { h, flash } from './dom.js';
import { t } from './i18n.js';

const w = (k) => t(`account.${k}`);

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
