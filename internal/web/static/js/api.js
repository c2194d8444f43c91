// The server's JSON API. Every state-changing request carries the
// session's CSRF token, learnt from /api/me.

let me = { logged_in: false };

export function current() { return me; }

export async function loadMe() {
  me = await request('GET', '/api/me');
  return me;
}

export function setMe(m) { me = m; }

// request sends body as JSON and returns the decoded answer; a refusal
// throws an Error with status, the server's reason and any data it sent.
export async function request(method, path, body) {
  const opts = { method, headers: {}, credentials: 'same-origin' };
  if (body !== undefined) {
    opts.headers['Content-Type'] = 'application/json';
    opts.body = typeof body === 'string' ? body : JSON.stringify(body);
  }
  if (method !== 'GET' && me.csrf) opts.headers['X-CSRF-Token'] = me.csrf;
  const r = await fetch(path, opts);
  let data = null;
  try { data = await r.json(); } catch (_) { /* not JSON */ }
  await withSheet(data);
  await withSheet(data && data.view); // a refusal's current view (a stale action)
  if (!r.ok) {
    const err = new Error((data && data.error) || r.statusText);
    err.status = r.status;
    err.data = data;
    throw err;
  }
  return data;
}

// A game's view leaves out what is the same in every state, its map sheet,
// and names it by URL (sheet); it is fetched once (and kept by the
// browser for good: the URL holds its hash) and put back as view.map.
const sheets = new Map();

async function withSheet(g) {
  if (!g || !g.sheet || !g.view) return;
  let p = sheets.get(g.sheet);
  if (!p) {
    p = fetch(g.sheet, { credentials: 'same-origin' }).then((r) => {
      if (!r.ok) throw new Error(r.statusText);
      return r.json();
    });
    p.catch(() => sheets.delete(g.sheet)); // fetched again with the next view
    sheets.set(g.sheet, p);
  }
  g.view.map = await p;
}
