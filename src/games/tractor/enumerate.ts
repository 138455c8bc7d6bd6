/**
 * The listed choices of a seat. Leads: every single, tuple and tractor, plus per suit the throw of the whole
 * holding and of its two strongest units (any other throw may still be submitted). Follows: every legal
 * follow while there are at most FOLLOW_CAP distinct ones (identical cards count once), otherwise a
 * representative subset that always includes the cheapest legal follow. Burying: a few sensible buries.
 */
import type { Trump } from './cards.ts';
import { buryAllowed, effSuit, ord, pointsOf } from './cards.ts';
import type { Counts } from './combos.ts';
import { countFaces, decompose, followProblem, highestRun, leadUnits, matchTractors, matchTuples, orderUnits, tupleSlots, unitFaces } from './combos.ts';
import type { TractorOptions } from './types.ts';

const FOLLOW_CAP = 240;

const key = (faces: readonly string[]) => faces.slice().sort().join(',');

function bySuit(hand: readonly string[], trump: Trump): Map<string, string[]> {
  const groups = new Map<string, string[]>();
  for (const face of hand) {
    const suit = effSuit(face, trump);
    groups.set(suit, [...(groups.get(suit) ?? []), face]);
  }
  return groups;
}

/** Lowest first within a suit, for cheap choices. */
function ascending(faces: readonly string[], trump: Trump): string[] {
  return faces.slice().sort((a, b) => ord(a, trump) - ord(b, trump) || pointsOf(a) - pointsOf(b) || (a < b ? -1 : 1));
}

export function leadChoices(hand: readonly string[], trump: Trump): string[][] {
  const out = new Map<string, string[]>();
  const add = (faces: string[]) => out.set(key(faces), faces);
  for (const faces of bySuit(hand, trump).values()) {
    const counts = countFaces(faces);
    for (const [face, n] of counts) for (let w = 1; w <= n; w++) add(Array<string>(w).fill(face));
    const most = Math.max(...counts.values());
    for (let width = 2; width <= most; width++) {
      for (let length = 2; ; length++) {
        const runs = allRuns(counts, width, length, trump);
        if (runs.length === 0) break;
        for (const run of runs) add(unitFaces({ width, faces: run }));
      }
    }
    const units = orderUnits(decompose(faces, trump), trump);
    if (units.length >= 2) add(faces.slice());
    if (units.length >= 3) add([...unitFaces(units[0]!), ...unitFaces(units[1]!)]);
  }
  return [...out.values()];
}

/** Every run of `length` faces held `width` times (one run per top face; enough for listing). */
function allRuns(counts: Counts, width: number, length: number, trump: Trump): string[][] {
  const runs: string[][] = [];
  const rest = new Map(counts);
  for (;;) {
    const run = highestRun(rest, width, length, trump);
    if (!run) return runs;
    runs.push(run);
    rest.delete(run[run.length - 1]!);
  }
}

/**
 * Multisets of `size` faces from `counts`, richest in identical cards first; at most `cap` of them.
 * `viable(chosen, rest)` prunes a branch that can no longer give a wanted multiset.
 */
function combinations(counts: Counts, size: number, cap: number, viable: (chosen: string[], rest: [string, number][], left: number) => boolean = () => true): string[][] {
  const faces = [...counts].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));
  const out: string[][] = [];
  const pick: string[] = [];
  const walk = (i: number, left: number) => {
    if (out.length >= cap || !viable(pick, faces.slice(i), left)) return;
    if (left === 0) {
      out.push(pick.slice());
      return;
    }
    if (i >= faces.length) return;
    const [face, n] = faces[i]!;
    for (let take = Math.min(n, left); take >= 0; take--) {
      for (let t = 0; t < take; t++) pick.push(face);
      walk(i + 1, left - take);
      pick.length -= take;
    }
  };
  walk(0, size);
  return out;
}

/** The cheapest legal follow: tractors and tuples the lead demands, lowest first, then the lowest cards. */
export function cheapestFollow(hand: readonly string[], lead: readonly string[], options: Pick<TractorOptions, 'tractorFollow' | 'throwUnits'>, trump: Trump): string[] {
  const suit = effSuit(lead[0]!, trump);
  const held = ascending(hand.filter((f) => effSuit(f, trump) === suit), trump);
  const others = ascending(hand.filter((f) => effSuit(f, trump) !== suit), trump).sort((a, b) => pointsOf(a) - pointsOf(b));
  if (held.length <= lead.length) return [...held, ...others.slice(0, lead.length - held.length)];
  const units = leadUnits(lead, trump, options.throwUnits);
  const counts = countFaces(held);
  const chosen: string[] = [];
  let slots = tupleSlots(units);
  if (options.tractorFollow === 'tractors') {
    for (const run of matchTractors(counts, units.filter((u) => u.faces.length >= 2), trump).runs) {
      for (const face of run.faces) counts.set(face, counts.get(face)! - run.width);
      chosen.push(...unitFaces(run));
      slots = removeSlots(slots, run.width, run.faces.length);
    }
  }
  for (const { face, n } of matchTuples(counts, slots, trump).picks) {
    counts.set(face, counts.get(face)! - n);
    for (let i = 0; i < n; i++) chosen.push(face);
  }
  for (const face of held) {
    if (chosen.length >= lead.length) break;
    if ((counts.get(face) ?? 0) > 0) {
      counts.set(face, counts.get(face)! - 1);
      chosen.push(face);
    }
  }
  return chosen;
}

function removeSlots(slots: number[], width: number, n: number): number[] {
  const rest = slots.slice();
  for (let i = 0; i < n; i++) {
    const at = rest.indexOf(width);
    if (at >= 0) rest.splice(at, 1);
  }
  return rest;
}

export function followChoices(hand: readonly string[], lead: readonly string[], options: Pick<TractorOptions, 'tractorFollow' | 'throwUnits'>, trump: Trump): string[][] {
  const suit = effSuit(lead[0]!, trump);
  const held = hand.filter((f) => effSuit(f, trump) === suit);
  const others = hand.filter((f) => effSuit(f, trump) !== suit);
  const out = new Map<string, string[]>();
  const cheapest = cheapestFollow(hand, lead, options, trump);
  if (!followProblem(hand, cheapest, lead, options, trump)) out.set(key(cheapest), cheapest);
  if (held.length <= lead.length) {
    for (const fill of combinations(countFaces(others), lead.length - held.length, FOLLOW_CAP)) {
      const faces = [...held, ...fill];
      out.set(key(faces), faces);
    }
  } else {
    // Prune every branch whose chosen and remaining cards together can no longer hold the pairs (and
    // tractors) the hand owes, so the walk visits little more than the legal follows.
    const units = leadUnits(lead, trump, options.throwUnits);
    const slots = tupleSlots(units);
    const tractors = options.tractorFollow === 'tractors' ? units.filter((u) => u.faces.length >= 2) : [];
    const heldCounts = countFaces(held);
    const owedPairs = matchTuples(heldCounts, slots, trump).score;
    const owedTractors = matchTractors(heldCounts, tractors, trump).score;
    const viable = (chosen: string[], rest: [string, number][], left: number) => {
      if (owedPairs === 0 && owedTractors === 0) return true;
      const chosenCounts = countFaces(chosen);
      // Faces already passed take no more cards, so each card still to come adds at most 1 to the pair score.
      if (matchTuples(chosenCounts, slots, trump).score + left < owedPairs) return false;
      if (owedTractors === 0) return true;
      for (const [face, n] of rest) chosenCounts.set(face, (chosenCounts.get(face) ?? 0) + n);
      return matchTractors(chosenCounts, tractors, trump).score >= owedTractors;
    };
    for (const faces of combinations(heldCounts, lead.length, FOLLOW_CAP * 4, viable)) {
      if (out.size >= FOLLOW_CAP) break;
      if (!followProblem(hand, faces, lead, options, trump)) out.set(key(faces), faces);
    }
  }
  return [...out.values()];
}

/**
 * Buries offered: the cards as picked up, and the cheapest bury (allowed cards first, plain suits before
 * trumps, short suits and low cards first, points last).
 */
export function buryChoices(
  hand: readonly string[],
  pickedUp: readonly string[],
  size: number,
  restriction: TractorOptions['buryRestriction'],
  trump: Trump,
): string[][] {
  const allowed = (f: string) => buryAllowed(f, restriction, trump);
  const suitLength = countFaces(hand.map((f) => effSuit(f, trump)));
  const cost = (f: string) =>
    (allowed(f) ? 0 : 1000) + (effSuit(f, trump) === 'T' ? 500 : 0) + pointsOf(f) * 20 + suitLength.get(effSuit(f, trump))! * 2 + ord(f, trump);
  const cheapest = hand
    .slice()
    .sort((a, b) => cost(a) - cost(b) || (a < b ? -1 : 1))
    .slice(0, size);
  const choices = [cheapest];
  const allowedHeld = hand.filter(allowed).length;
  if (key(pickedUp) !== key(cheapest) && pickedUp.filter(allowed).length >= Math.min(size, allowedHeld)) choices.push(pickedUp.slice());
  return choices;
}
