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
  if (!r.ok) {
    const err = new Error((data && data.error) || r.statusText);
    err.status = r.status;
    err.data = data;
    throw err;
  }
  return data;
}
