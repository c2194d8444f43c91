// Exact odds of a battle before its dice are rolled, from the rules: each
// die hits with a known chance, independently of the others.

// hitDist is the distribution of the number of hits of dice that hit with
// the chances ps: out[k] is the chance of exactly k hits.
export function hitDist(ps) {
  let d = [1];
  for (const p of ps) {
    const n = new Array(d.length + 1).fill(0);
    d.forEach((x, k) => { n[k] += x * (1 - p); n[k + 1] += x * p; });
    d = n;
  }
  return d;
}

// compassHit is the chance that a Compass die hits against a modified CV
// (6.2.E.4-5): a unit at 0 does not roll, a 1 always hits, a 6 never.
export const compassHit = (target) => (target <= 0 ? 0 : Math.min(target, 5) / 6);

// compassOdds are a Compass battle's odds as it stands (6.2.E.5-8), the
// Leader's re-roll left out (a choice made after the dice): the chance of
// each number of hits each way, that the defender must retreat (more hits
// scored by the attacker), of a tie, of the attacker scoring fewer, and
// that every defending participant is eliminated (levels, the strength
// levels they have left, 6.2.E.6).
export function compassOdds(sides, levels) {
  const att = hitDist(sides[0].map((f) => compassHit(f.target)));
  const def = hitDist(sides[1].map((f) => compassHit(f.target)));
  let retreat = 0, tie = 0, worse = 0, wipe = 0;
  att.forEach((pa, a) => def.forEach((pd, d) => {
    const p = pa * pd;
    if (a > d) retreat += p; else if (a === d) tie += p; else worse += p;
  }));
  att.forEach((pa, a) => { if (levels > 0 && a >= levels) wipe += pa; });
  return { att, def, retreat, tie, worse, wipe };
}

// wdfOdds are a WDF combat's odds as it stands (10.11, 10.21, 10.24): the
// attacker's dice [on 5-6, on 6] against the defender's, and the
// defender's final CS. An attack overwhelms when its hits reach half again
// the defender's CS, rounded up, and at least one (ruling W16); then the
// defender does not roll. The chance of each number of hits each way,
// of overwhelming, and that the attacker scores more hits than the
// defender.
export function wdfOdds(att, def, defCS) {
  const dice = ([on5, on6]) => [...Array(on5).fill(2 / 6), ...Array(on6).fill(1 / 6)];
  const a = hitDist(dice(att)), d = hitDist(dice(def));
  const need = Math.max(1, Math.floor((3 * defCS + 1) / 2));
  let over = 0, more = 0;
  a.forEach((pa, k) => {
    if (k >= need) { over += pa; return; }
    d.forEach((pd, j) => { if (k > j) more += pa * pd; });
  });
  const mean = (x) => x.reduce((m, p, k) => m + p * k, 0);
  return { att: a, def: d, over, more, meanAtt: mean(a), meanDef: mean(d) };
}

// compassProspect weighs a battle not yet fully chosen (the view's
// prospect: every fielding each side may still make, as the numbers its
// dice hit on and its strength levels): the odds when the attacker fields
// what gives the defender's retreat the best chance once the defender has
// answered with what gives it the least (6.2.E.1-2: the defender chooses
// after seeing the attacker's choice), events left out. The fieldings
// chosen come with the odds (att, def), or null when a side has none.
export function compassProspect(p) {
  let best = null;
  for (const a of (p && p.att) || []) {
    let worst = null;
    for (const d of p.def || []) {
      const o = compassOdds([a.targets.map((target) => ({ target })), d.targets.map((target) => ({ target }))], d.levels);
      if (!worst || o.retreat < worst.retreat) worst = { ...o, fielded: [a, d] };
    }
    if (worst && (!best || worst.retreat > best.retreat)) best = worst;
  }
  return best;
}
