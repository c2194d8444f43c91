// Package limanowa is Red Poppies Campaigns vol. 2, Last Laurels at
// Limanowa (Compass Games 2017), game id "limanowa" - a partial package,
// registered with the engine (register.go): the three scenarios and
// the two campaigns.
//
// What exists:
//
//   - the components, reconstructed (docs/limanowa/data.md): data/*.json
//     read and checked strictly by LoadData (load.go) into Data: the map
//     with levels, villages, hill masses, edges, roads, streams and
//     bridges (data.go Map), the counters in 13.0's notation (ParseFace,
//     ParseOOBLine), the orders of battle of the three scenarios and the
//     two campaigns (scenario.go), the reference card and the turn
//     record card;
//   - line of sight on this map (sight.go: Map.See, Map.SeeVertex) over
//     internal/hexgrid's evaluator of rules 4.1-4.9 (rulings L1-L7 in
//     docs/limanowa/rulings.md);
//   - the first pieces of the rules state (units.go): a Unit in play and
//     its face up (3.2), ready and spent (3.3), the stacking limit (3.4),
//     mass and blob (3.5, 3.6), multi-type units (3.12), the cohesion
//     check and its outcome (3.7) and a rally's (3.8);
//   - control (3.9) and every scenario's and campaign's victory condition
//     judged on it (control.go, rulings L8, L9);
//   - fire (fire.go): the circumstance modifiers from the reference card
//     (6.53, 7.241, 7.511, 8.x), who may fire where (6.51, 6.52, 4.6) and
//     an area fire attack resolved on every unit of the target hex, with
//     6.74's firefights and 6.75's machine guns (the Example of Play's
//     fire is a test);
//   - initiative and the number of couplets (initiative.go, 5.11, 5.12);
//   - the off-map artillery tables and dice: signal success, relay delay,
//     accuracy, stray and blast, the delay carried into a counter attack
//     (oma.go, 7.21-7.245, 11.32, 11.522);
//   - the campaign's isolation segment once its dice are rolled, the
//     night-attack choice, the night's recovery shares and the daily
//     Hussar exchange (campaign.go, 11.41, 11.521, 11.532, 13.0);
//   - what entering a hex means (move.go: 6.61-6.63, roads, streams and
//     bridges, wire, the bog check, getting lost with 6.662's trench
//     ownership, green hexsides), the road bonus (6.64), who may rally
//     (3.8) and where a gun may redeploy at night (11.55, ruling L13);
//   - melee modifiers and hallowed ground (melee.go, 6.675, 6.679,
//     ruling L10);
//   - a Position (position.go): units, control and the markers in hexes
//     and on hexsides, with trench connections and bomb stops (8.32,
//     8.33, 6.42), wire (8.341), cover (8.02), a scenario's units before
//     set-up and where each may set up (10.1, 3.4);
//   - lines of communication and beaten zones, and where a reinforcement
//     or recovery may be placed (loc.go, 11.42, 11.12 with 13.0's edit,
//     ruling L12);
//   - a preliminary bombardment's effect on units (bombard.go, 7.12);
//   - the engine State of scenario 1, Probe (state.go, sequence.go,
//     actions.go, i18n.go, view.go; rulings L14-L19): set-up in turn
//     (10.1), the turn's initiative, command couplets and administration
//     (5.1-5.3), a command to a unit, a stack or a mass built unit by
//     unit (6.01), the spent rule (6.05), deploy (6.3), dig with its
//     scrape in administration (6.41a), fire with the target hex's return
//     fire (6.5, 6.74), moving point by point alone or as a stack, with
//     pick-up and the road bonus (6.61-6.65), each entry's consequences in
//     6.9's order - rally (3.8), getting lost once a turn (6.661, 6.663),
//     melee with allocation and hallowed ground (6.67), reaction fire
//     asked only when a reactor can really shoot (6.71-6.73), with a
//     private standing reaction order each player may give or change at
//     any of his decisions - at the first reaction window it answers that
//     window at once; a change is an aside (engine.Asider: no clock time;
//     ruling L69), at most two in a row before the side answers (L70) -
//     and the prompt's odds in the view - exiting the map
//     (10.3, ruling L20) and
//     the victory (13.0);
//   - scenarios 2 (Counter Attack) and 3 (Muhr at Jabloniec) as games
//     (Game.Scenarios offers all three): their reinforcements placed in
//     the initiative phase, or absent when the enemy holds every hex
//     (10.22, ruling L21), and walked on across the map edge alone, as a
//     stack or as a mass (10.2, 10.21, L22; arrive.go); scenario 3's play
//     area; their victory on the hills (13.0);
//   - off-map artillery in play (artillery.go, rulings L23-L28): the call
//     command placing a cross hair, shell or smoke, on a vertex an
//     infantry observer sees (6.1, 4.92, 7.52), the hourglass and
//     priming (7.221, 7.222), 6.02's signal-success rolls at each later
//     command, the cancel command with its accidental FFE (6.2, 7.23),
//     fire for effect with the accuracy die, the owner's "1-2" spine and
//     the error die (7.242-7.244), the blast's attack on every unit of
//     its three hexes (7.241, 7.245) and on units entering them until
//     administration (7.247), preregistered and previously hit vertices
//     (7.3), smoke as concealment for direct fire;
//   - its log, prompts and actions in English and Italian
//     with the rule of each line, in the message catalogs words/en.json and
//     words/it.json read through internal/kit/words (i18n.go); every
//     scenario passes the engine's conformance suite and has golden games
//     (three of scenario 1, one each of 2 and 3), and the fuzzers. ai.go gives the
//     computer players an evaluation of scenario 1 (greedy beat random in
//     15 of 20 side-swapped games);
//   - the two campaigns as games, "gods-playground" and "high-water-mark"
//     (campaign_day.go, campaign_actions.go, rulings L40-L53): every
//     day's segments in 11.02's order - the Hussars mounted or dismounted
//     for the day (13.0), set-up on the first day (11.01, defender first),
//     the day's withdrawals, reinforcements and last night's recoveries
//     placed by 11.12 with 13.0's edit (cavalry cannot anchor), attacker
//     first four at a time, a reinforcement may instead be kept off the
//     map and walk on across the edge during the day (10.2, 10.21); the
//     12-turn attack scenario; the defender's optional 6-turn
//     counter attack; the day's off-map artillery in each of the day's
//     scenarios, the attacker's cross hairs removed after the attack
//     (11.2), the defender's carried into the counter attack with their
//     elapsed relay delay (11.32), all removed after it (11.33), aircraft
//     as telephone at night (11.522); isolation with its die roll (11.41); the night's
//     melees fought out (11.51); the secret night-attack choice, both
//     sides active at once, each answer hidden from the other's view, log
//     and Determinize until both are in, and the 6-turn night scenario
//     (5.12's initiative, night movement checks, -1 to fire); recovery
//     by type with 13.0's 8 December shares, flipping any unit, the rest
//     of the casualty list removed (11.53), a gun destroyed in melee
//     captured (11.531); scrapes placed at night (11.543); one gun
//     redeployed a side (11.55); the campaign judged after the last
//     day's night attack by hill hexes and whole villages (13.0). The
//     conformance suite plays random campaigns and a recorded one must
//     replay (campaign_game_test.go);
//     campaign_bench_test.go measures a whole campaign's replay, a view
//     and a replay viewer's step late in it. A campaign night offers no
//     bomb stops or wire breaches: no trench or wire can exist on this
//     map in December 1914 (ruling L49);
//   - what the browser board needs (view.go): the map sheet drawn once a
//     scenario, the markers, both faces of each counter, the step and
//     the command under way, each artillery group's cross hair,
//     hourglass and fire for effect; a campaign's day (the dates of the
//     day track, the part of the day) and its lines of communication
//     (each side's friendly edge and its units that trace none now,
//     LinesView, 11.4); Interrupt (engine.Interrupter: reaction,
//     return fire and the reactor's melee allocation are not a turn, for
//     the server's notices and clocks) and Ask (engine.Asker: "sight A
//     B", the line of sight over the map for the board's tool);
//   - the series rules no Limanowa scenario brings, read from a scenario's
//     optional "series" data (series_data.go, docs/limanowa/data.md;
//     rulings L54-L68) and played on a constructed scenario under the
//     conformance suite (series_test.go): the trench-set observer named
//     after set-up and pinned to its hex (7.21); the preliminary
//     bombardment before turn 1 with 7.12's results, its breaches and
//     7.13's six craters, and 7.14's signal-success column (series.go,
//     bombard.go); the creeping barrage detonating at the first two
//     couplets of each turn, rolling on after a short turn, concealing,
//     attacking units that enter (7.41-7.45); gas called like smoke,
//     persisting, attacking entering units, drifting on doubles in the
//     direction its side chooses, -1 to fire out of it (7.51-7.514);
//     printed trenches and blockhouses with units set up IN them and
//     moves IN for a point (8.31, 8.321, 8.322), cavalry's bog check
//     entering one (8.323), wire with its breaches
//     (8.341, 8.342); transport by mule, wagon or truck, one unit a group
//     a turn, lost to a failed check under reaction fire (transport.go,
//     6.81-6.85); a shovel IN a trench making a scrape, a bomb stop or
//     removing one in administration (6.41, 6.42, 8.33); infiltration
//     tactics: the extra couplet, the blob and
//     turn 1's doubled melee values (3.6, 5.12, 6.01e, 6.675b); lake
//     shores never crossed (8.7).
//
// Checked section by section against the rulebook, these rules are not in
// play at all: AFVs and anti-tank fire (6.54: the counter mix has none;
// fire.go and position.go keep their modifiers and wire rules), wheat
// (8.8: December) and night (5.12: no scenario is at night; the
// campaigns' night scenario is theirs). In play for the Limanowa scenarios:
// villages, woods with and without the dot, hills, roads, streams and
// bridges on entering and under fire (8.1, 8.4, 8.6, 8.7, 8.9), scrapes
// (6.41a, 8.2) and smoke (7.52); the aircraft mode is in play only as
// 11.522's telephone at night (no group has it).
//
// The computer players (ai.go, ai_policy.go, campaign_ai.go): an
// evaluation that pulls towards the victory hexes across the map (a table of
// distances built once a scenario), counts the units under a cross hair of
// shell as mostly lost, and whose curve widens with the hexes at stake; a
// prior and a rollout policy that gather a command's mass, head for the
// victory hexes the side does not hold, stop rather than walk back, keep
// out of fires for effect and call shells on the enemy near the hills; and
// the search's rule that a command's mass is gathered before it acts
// (narrow). docs/ai.md ("Limanowa at the normal level") and
// docs/ai-results.md have what they were measured to do.
package limanowa
