// Fair dice in the browser: the player's own contribution to a game's
// seed (drawn here, after the server has committed to its secret), the
// commitment shown on the game's page, and the replay viewer's check of
// a finished game's dice (see docs/server.md, "Provably fair dice").
import { request } from './api.js';
import { h, clear } from './dom.js';
import { t, side as sideName } from './i18n.js';

const w = (k) => t(`fair.${k}`);

const hex = (bytes) => Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');

// entropy is a player's contribution: 32 random bytes from the browser.
export function entropy() {
  const b = new Uint8Array(32);
  crypto.getRandomValues(b);
  return hex(b);
}

// fairFields asks the server to commit to the secret of the game about
// to be made, then draws the player's contribution, which so comes after.
export async function fairFields() {
  const c = await request('POST', '/api/commitment', {});
  return { commitment: c.commitment, entropy: entropy() };
}

// fairLine shows a game's commitment, its contributions and, at the end,
// the secret.
export function fairLine(fair) {
  if (!fair) return null;
  const short = (x) => (x.length > 16 ? `${x.slice(0, 16)}\u2026` : x);
  const contrib = Object.entries(fair.contributions || {}).map(([side, c]) => `${sideName(side)} ${short(c)}`).join(', ');
  return h('p', { class: 'fair muted', title: `SHA-256 ${fair.commitment}` },
    `${w('dice')}: ${w('commitment')} ${short(fair.commitment)} \u00b7 ${fair.closed ? w('closed') : w('open')}`,
    contrib ? ` \u00b7 ${w('contributions')}: ${contrib}` : '',
    fair.secret ? ` \u00b7 ${w('secret')} ${short(fair.secret)}` : '');
}

async function sha256(bytes) { return new Uint8Array(await crypto.subtle.digest('SHA-256', bytes)); }

const unhex = (s) => new Uint8Array((s.match(/../g) || []).map((b) => parseInt(b, 16)));

// localChecks recomputes the commitment and the seed of a record file in
// the browser, without trusting the server.
async function localChecks(text, sides) {
  const rec = JSON.parse(text);
  const f = rec.fair;
  if (!f || !f.secret) return [];
  const secret = unhex(f.secret);
  const enc = new TextEncoder();
  const parts = [enc.encode(`${f.scheme}\n`), secret, ...sides.map((s) => enc.encode(`${s}:${(f.contributions || {})[s] || ''}\n`))];
  const all = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  parts.reduce((at, p) => { all.set(p, at); return at + p.length; }, 0);
  const sum = await sha256(all);
  const seed = new DataView(sum.buffer).getBigUint64(0, false);
  // The seed is read from the text: a JSON number this large loses digits.
  const written = (/"seed":\s*(\d+)/.exec(text) || [])[1];
  return [
    { what: w('secretOK'), ok: hex(await sha256(secret)) === f.commitment },
    { what: w('seedOK'), ok: written !== undefined && BigInt(written) === seed },
  ];
}

// verifyButton checks the dice of the record that getRecord returns (its
// text): commitment and seed in the browser, every die by the server's replay.
export function verifyButton(getRecord) {
  const out = h('div', { class: 'verify' });
  const list = (title, checks) => h('div', {}, h('strong', {}, title),
    h('ul', {}, checks.map((c) => h('li', { class: c.ok ? 'ok' : 'bad' }, `${c.ok ? '\u2713' : '\u2717'} ${c.what}`, c.ok || !c.note ? '' : `: ${c.note}`))));
  const button = h('button', {
    onclick: async () => {
      clear(out);
      try {
        const text = await getRecord();
        const rec = JSON.parse(text);
        const meta = await request('GET', '/api/meta');
        const g = meta.games.find((x) => x.id === rec.game);
        const server = await request('POST', '/api/verify', text);
        let local = [];
        let ok = server.ok;
        if (window.crypto && crypto.subtle) {
          local = await localChecks(text, g ? g.sides : []);
          ok = ok && local.every((c) => c.ok);
          out.append(list(w('inBrowser'), local));
        } else {
          out.append(h('p', { class: 'muted' }, `${w('inBrowser')}: ${w('noSubtle')}`));
        }
        out.append(list(w('byServer'), server.checks), h('p', { class: ok ? 'msg' : 'msg bad' }, ok ? w('fair') : w('notFair')));
      } catch (e) { out.append(h('p', { class: 'msg bad' }, e.message)); }
    },
  }, w('verify'));
  return h('section', { class: 'card' }, button, out);
}
