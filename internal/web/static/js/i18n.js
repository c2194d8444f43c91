// The client's own words, in the page's language; the games' texts come
// from the server in the language asked. The words are a catalog on the
// server (internal/web/words/<lang>.json, one file a language, checked
// when the server starts), loaded here once per language.

let loaded = { lang: 'en', langs: { en: 'English' }, words: {}, games: {} };
let boards = {}; // gameWords' objects, per game, for the loaded language
let asked = ''; // the language last asked for (it may have come in English)

// loadWords fetches the words of the chosen language (English when the
// server has no such language). app.js awaits it before drawing a page.
export async function loadWords() {
  const want = localStorage.getItem('lang') || 'en';
  if (asked === want) return;
  for (const l of want === 'en' ? ['en'] : [want, 'en']) {
    try {
      const r = await fetch(`/static/words/${encodeURIComponent(l)}.json`);
      if (r.ok) { loaded = await r.json(); boards = {}; asked = want; return; }
    } catch (_) { /* offline: keep what we have */ }
  }
}

export function lang() { return loaded.lang; }

// langs are the languages there are, each named in itself.
export function langs() { return loaded.langs; }

export function setLang(l) { localStorage.setItem('lang', l); }

// fill puts values into a text's placeholders ("{{.side}} wins").
function fill(text, values) {
  return text.replace(/\{\{\.(\w+)\}\}/g, (_, name) => values[name] ?? '');
}

export function t(key, values) {
  const w = loaded.words[key];
  if (w === undefined) return key;
  return values ? fill(w, values) : w;
}

// gameWords are the words of a game's board (the "client" section of the
// game's catalog) as an object: { turn: 'Turn', phases: { events: 'events' } }.
export function gameWords(game) {
  if (boards[game]) return boards[game];
  const out = {};
  for (const [key, text] of Object.entries(loaded.games?.[game] || {})) {
    const path = key.split('.');
    let o = out;
    for (const p of path.slice(0, -1)) o = (o[p] ??= {});
    o[path.at(-1)] = text;
  }
  boards[game] = out;
  return out;
}

// side names a game's side ("allied") in the page's language, from the
// game's catalog ("client.side.allied"); a side no game names is its id.
export function side(id) {
  for (const words of Object.values(loaded.games || {})) {
    if (words[`side.${id}`] !== undefined) return words[`side.${id}`];
  }
  return id;
}

// result puts the server's result of a game ("allied wins", "draw",
// "axis resigned", "italian ran out of time") in the page's language.
export function result(text) {
  if (!text) return text;
  if (text === 'draw') return t('result.draw');
  const m = /^(\S+) (wins|resigned|ran out of time)$/.exec(text);
  if (!m) return text;
  const key = { wins: 'result.wins', resigned: 'result.resigned', 'ran out of time': 'result.timeout' }[m[2]];
  return t(key, { side: side(m[1]) });
}

// levelName is a computer level's name in the page's language (its id
// where the catalog has none).
export function levelName(id) {
  const k = `levelName_${id}`;
  return t(k) === k ? id : t(k);
}

// gameWord is a word of a game's catalog (its client words, by flat key:
// "title", "scenario.campaign") in the page's language, else fallback.
export function gameWord(game, key, fallback) {
  return (loaded.games?.[game] || {})[key] || fallback;
}

// gameTitle is a game's title in the page's language, else the server's
// (English) title; scenarioName a scenario's, else its id.
export const gameTitle = (game, fallback) => gameWord(game, 'title', fallback);
export const scenarioName = (game, id) => gameWord(game, `scenario.${id}`, id);
