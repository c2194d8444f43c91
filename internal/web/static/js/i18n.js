// The client's own words in English and Italian; the games' texts come
// from the server in the language asked.

const words = {
  en: {
    lobby: 'Lobby', replay: 'Replay', about: 'About', logout: 'Log out', login: 'Log in', register: 'Register',
    guest: 'Play as a guest', name: 'Name', password: 'Password', welcome: 'Play board wargames by their published rules, against each other or against the computer.',
    newGame: 'New game', game: 'Game', scenario: 'Scenario', language: 'Language', mode: 'Opponent',
    modeComputer: 'The computer', modeInvite: 'A player I invite', modeOpen: 'Anyone, from the lobby', modeHotseat: 'Hot-seat (one screen)',
    openGames: 'Open games', noOpen: 'No game is waiting for a player.', freeSeat: 'free',
    yourSide: 'Your side', computer: 'Computer player', create: 'Create', myGames: 'My games', none: 'No games yet.',
    yourTurn: 'Your turn', waiting: 'Waiting', over: 'Over', move: 'Move', open: 'Open', sides: 'Sides',
    notices: 'Turn notices', email: 'E-mail', webhook: 'Webhook URL', save: 'Save', saved: 'Saved.',
    noticesHelp: 'When it is your turn and you do not have the game open, Sandtable tells you here.',
    guestNote: 'Guests play at one screen or against the computer. Register to invite a player and play over days. A guest who logs out cannot come back to his games.',
    actions: 'Actions', log: 'Log', undo: 'Undo', resign: 'Resign', rematch: 'Rematch', exportRecord: 'Export record',
    replayGame: 'Replay', invite: 'Invitation link (send it to your opponent)', copy: 'Copy', viewAs: 'View as',
    observer: 'observer', confirmResign: 'Resign this game?', gameOver: 'Game over', noActions: 'Nothing to decide now.',
    join: 'Join the game', joinAs: 'You are invited to play', joined: 'Joined.', loginFirst: 'Log in or register first.',
    importRecord: 'Open a record file', first: 'Start', prev: 'Back', next: 'Forward', last: 'End', jump: 'Go to move',
    of: 'of', noticeTitle: 'About the components', computerThinks: 'The computer is thinking…',
    stale: 'The game moved on; here is the current position.', vs: 'vs', openSeat: 'invited', you: 'you',
    choose: 'Choose', cancel: 'Cancel', details: 'Details of the view',
    pace: 'Time control', paceNone: 'None', paceLive: 'Live: 1 day, +4 h a move, up to 3 days',
    paceFast: 'Fast: 3 days, +12 h a move, up to 5', paceSlow: 'Slow: 3 days, +36 h a move, up to 10',
    days: 'd', hours: 'h', minutes: 'min', waitingFor: 'The game starts when the invited player joins',
    passTo: 'Pass the screen to', show: 'Show', curtain: 'Screen between sides', chat: 'Chat', send: 'Send',
    turn: 'Turn', jumpTurn: 'Go to turn',
    rulingsFor: 'Rulings on rule', notifyTurn: 'Notify me when it is my turn (this tab in the background)',
    level_random: 'plays any legal action at random: for learning the interface',
    level_easy: 'takes the action that looks best at once, without looking ahead (as greedy)',
    level_greedy: 'takes the action that looks best at once, without looking ahead',
    level_normal: 'looks ahead by playing games out (a tree search), about a second a decision: a fair opponent',
    level_hard: 'the same search for up to 4 seconds a decision and 45 a turn: the strongest, and the slowest',
    level_mcts: 'the search with a fixed number of tries and no clock: the same game every time, for tests and tournaments',
    sinceLast: 'Since your last move', marked: 'Units moved, reduced or lost, marked on the map', why: 'Why?',
    stepThrough: 'Step through them, one action at a time', clearMarks: 'Clear the marks',
    autoForced: 'Answer for me the choices that have only one answer',
    autoForcedWhy: 'Against a person Sandtable always asks, even when there is only one answer (say, "Play Leader to re-roll?" with no Leader held): if it skipped the question, the opponent would learn that you hold nothing. Here no other person is watching, so it can answer for you.',
    rulingC9: 'Ruling C-9', answeredForYou: 'Answered for you',
    onlyDone: 'Nothing else to decide here: the button in the bar above ends the step.',
    onMap: 'The other actions are on the map: select a counter to light where it may go, then click there',
  },
  it: {
    lobby: 'Sala', replay: 'Rivedi', about: 'Informazioni', logout: 'Esci', login: 'Entra', register: 'Registrati',
    guest: 'Gioca come ospite', name: 'Nome', password: 'Password', welcome: 'Gioca wargame da tavolo secondo le regole pubblicate, contro altri o contro il computer.',
    newGame: 'Nuova partita', game: 'Gioco', scenario: 'Scenario', language: 'Lingua', mode: 'Avversario',
    modeComputer: 'Il computer', modeInvite: 'Un giocatore che invito', modeOpen: 'Chiunque, dalla sala', modeHotseat: 'Stesso schermo',
    openGames: 'Partite aperte', noOpen: 'Nessuna partita aspetta un giocatore.', freeSeat: 'libero',
    yourSide: 'La tua parte', computer: 'Giocatore artificiale', create: 'Crea', myGames: 'Le mie partite', none: 'Nessuna partita.',
    yourTurn: 'Tocca a te', waiting: 'In attesa', over: 'Finita', move: 'Mossa', open: 'Apri', sides: 'Parti',
    notices: 'Avvisi di turno', email: 'E-mail', webhook: 'URL webhook', save: 'Salva', saved: 'Salvato.',
    noticesHelp: 'Quando tocca a te e non hai la partita aperta, Sandtable ti avvisa qui.',
    guestNote: 'Gli ospiti giocano sullo stesso schermo o contro il computer. Registrati per invitare un giocatore e giocare per giorni. Un ospite che esce non ritrova più le sue partite.',
    actions: 'Azioni', log: 'Registro', undo: 'Annulla', resign: 'Abbandona', rematch: 'Rivincita', exportRecord: 'Esporta la partita',
    replayGame: 'Rivedi', invite: "Link d'invito (mandalo all'avversario)", copy: 'Copia', viewAs: 'Vedi come',
    observer: 'osservatore', confirmResign: 'Abbandonare la partita?', gameOver: 'Partita finita', noActions: 'Niente da decidere ora.',
    join: 'Entra in partita', joinAs: 'Sei invitato a giocare', joined: 'Fatto.', loginFirst: 'Prima entra o registrati.',
    importRecord: 'Apri un file di partita', first: 'Inizio', prev: 'Indietro', next: 'Avanti', last: 'Fine', jump: 'Vai alla mossa',
    of: 'di', noticeTitle: 'Sui componenti', computerThinks: 'Il computer sta pensando…',
    stale: 'La partita è andata avanti; ecco la posizione attuale.', vs: 'contro', openSeat: 'invitato', you: 'tu',
    choose: 'Scegli', cancel: 'Annulla', details: 'Dettagli della vista',
    pace: 'Tempo di riflessione', paceNone: 'Nessuno', paceLive: 'Dal vivo: 1 giorno, +4 h a mossa, fino a 3 giorni',
    paceFast: 'Veloce: 3 giorni, +12 h a mossa, fino a 5', paceSlow: 'Lento: 3 giorni, +36 h a mossa, fino a 10',
    days: 'g', hours: 'h', minutes: 'min', waitingFor: "La partita comincia quando l'invitato entra",
    passTo: 'Passa lo schermo a', show: 'Mostra', curtain: 'Schermo tra le parti', chat: 'Chat', send: 'Invia',
    turn: 'Turno', jumpTurn: 'Vai al turno',
    rulingsFor: 'Decisioni sulla regola', notifyTurn: 'Avvisami quando tocca a me (con questa scheda in secondo piano)',
    level_random: "gioca un'azione lecita qualsiasi a caso: per imparare l'interfaccia",
    level_easy: "sceglie l'azione che sembra migliore subito, senza guardare avanti (come greedy)",
    level_greedy: "sceglie l'azione che sembra migliore subito, senza guardare avanti",
    level_normal: 'guarda avanti giocando partite fino in fondo (una ricerca ad albero), circa un secondo a decisione: un avversario equilibrato',
    level_hard: 'la stessa ricerca fino a 4 secondi a decisione e 45 a turno: il più forte, e il più lento',
    level_mcts: 'la ricerca con un numero fisso di tentativi e senza orologio: ogni volta la stessa partita, per test e tornei',
    sinceLast: 'Dalla tua ultima mossa', marked: 'Unità mosse, ridotte o perdute, segnate sulla mappa', why: 'Perché?',
    stepThrough: 'Rivedile un\'azione alla volta', clearMarks: 'Togli i segni',
    autoForced: 'Rispondi per me alle scelte che hanno una sola risposta',
    autoForcedWhy: 'Contro una persona Sandtable chiede sempre, anche quando la risposta è una sola (per esempio «Giocare il Leader per ritirare il dado?» senza alcun Leader in mano): se saltasse la domanda, l\'avversario saprebbe che non hai niente. Qui non guarda nessun altro, quindi può rispondere per te.',
    rulingC9: 'Decisione C-9', answeredForYou: 'Risposto per te',
    onlyDone: 'Nient\'altro da decidere qui: il pulsante nella barra in alto chiude il passo.',
    onMap: "Le altre azioni sono sulla mappa: seleziona una pedina per illuminare dove può andare, poi fai clic lì",
  },
};

export function lang() {
  const l = localStorage.getItem('lang');
  return l === 'it' ? 'it' : 'en';
}

export function setLang(l) { localStorage.setItem('lang', l); }

export function t(key) { return words[lang()][key] || words.en[key] || key; }

// The sides of the games, in Italian; in English the games' own ids.
const sides = { it: { allied: 'Alleati', italian: 'Italiani', axis: 'Asse' } };

export function side(id) { return (sides[lang()] || {})[id] || id; }

// The ways the server words a finished game ("allied wins", "draw",
// "axis resigned", "italian ran out of time"), in Italian.
const ends = { wins: 'vittoria', resigned: 'abbandono', 'ran out of time': 'tempo scaduto' };

// result puts the server's result of a game in the page's language.
export function result(text) {
  if (!text || lang() === 'en') return text;
  if (text === 'draw') return 'pareggio';
  const m = /^(\S+) (wins|resigned|ran out of time)$/.exec(text);
  return m ? `${ends[m[2]]}: ${side(m[1])}` : text;
}
