/**
 * Card combinations: tuples (identical cards), tractors (consecutive tuples of one width), the
 * decomposition of a lead into units, throw validity, following obligations and the trick winner.
 * Every function here works on faces of one hand's trump and never on hidden state.
 */
import type { EffSuit, Trump } from './cards.ts';
import { effSuit, ord } from './cards.ts';
import type { TractorOptions } from './types.ts';

export type Counts = Map<string, number>;

/** A unit of a lead: `width` identical cards of each face; several faces = a tractor (low → high). */
export interface Unit {
  width: number;
  faces: string[];
}

export function countFaces(faces: readonly string[]): Counts {
  const counts: Counts = new Map();
  for (const face of faces) counts.set(face, (counts.get(face) ?? 0) + 1);
  return counts;
}

export function unitCards(unit: Unit): number {
  return unit.width * unit.faces.length;
}

export function unitTop(unit: Unit, trump: Trump): number {
  return ord(unit.faces[unit.faces.length - 1]!, trump);
}

export function unitFaces(unit: Unit): string[] {
  return unit.faces.flatMap((face) => Array<string>(unit.width).fill(face));
}

function subtract(counts: Counts, unit: Unit): void {
  for (const face of unit.faces) {
    const left = counts.get(face)! - unit.width;
    if (left > 0) counts.set(face, left);
    else counts.delete(face);
  }
}

/** For each face held at least `width` times: the longest tractor of that width ending at it. */
function chainLengths(counts: Counts, width: number, trump: Trump): { face: string; ord: number; len: number }[] {
  const nodes = [...counts].filter(([, n]) => n >= width).map(([face]) => ({ face, ord: ord(face, trump), len: 1 }));
  nodes.sort((a, b) => a.ord - b.ord || (a.face < b.face ? -1 : 1));
  for (const node of nodes) {
    for (const prev of nodes) if (prev.ord === node.ord - 1) node.len = Math.max(node.len, prev.len + 1);
  }
  return nodes;
}

function runEndingAt(nodes: { face: string; ord: number; len: number }[], end: { face: string; ord: number }, length: number): string[] {
  const run = [end.face];
  let cur = end;
  for (let need = length - 1; need > 0; need--) {
    cur = nodes.find((n) => n.ord === cur.ord - 1 && n.len >= need)!;
    run.unshift(cur.face);
  }
  return run;
}

/** The strongest run of exactly `length` faces held `width` times each (length 1 = a tuple or single). */
export function highestRun(counts: Counts, width: number, length: number, trump: Trump): string[] | null {
  const nodes = chainLengths(counts, width, trump);
  for (let i = nodes.length - 1; i >= 0; i--) if (nodes[i]!.len >= length) return runEndingAt(nodes, nodes[i]!, length);
  return null;
}

/** The longest run of faces held `width` times each (strongest on ties). */
export function longestRun(counts: Counts, width: number, trump: Trump): string[] | null {
  const nodes = chainLengths(counts, width, trump);
  let best: (typeof nodes)[number] | null = null;
  for (const node of nodes) if (!best || node.len >= best.len) best = node;
  return best ? runEndingAt(nodes, best, best.len) : null;
}

/**
 * Splits a one-suit lead into units, largest first: the biggest unit by cards is taken out first, a tractor
 * beats a tuple of equal size, what is left ends as singles.
 */
export function decompose(faces: readonly string[], trump: Trump): Unit[] {
  const counts = countFaces(faces);
  const units: Unit[] = [];
  while (counts.size > 0) {
    const most = Math.max(...counts.values());
    let best: Unit | null = null;
    for (let width = most; width >= 2; width--) {
      const run = longestRun(counts, width, trump);
      if (run && run.length >= 2 && (!best || width * run.length > unitCards(best))) best = { width, faces: run };
    }
    const tuple = highestRun(counts, most, 1, trump)!;
    if (!best || most > unitCards(best)) best = { width: most, faces: tuple };
    subtract(counts, best);
    units.push(best);
  }
  return units;
}

/**
 * The units a lead is judged by. A throw is "a combination of singles and pairs" in the original rules
 * document — it stands unless one of those can be beaten, a ruff needs as many trump pairs, the highest
 * trump pair wins — so its tractors count as their pairs; option `throwUnits: 'tractors'` keeps them whole.
 */
export function leadUnits(lead: readonly string[], trump: Trump, throwUnits: 'pairs' | 'tractors'): Unit[] {
  const units = decompose(lead, trump);
  if (units.length < 2 || throwUnits === 'tractors') return units;
  return units.flatMap((u) => u.faces.map((face) => ({ width: u.width, faces: [face] })));
}

/** Units ordered for matching: most cards first, tractors before tuples, strongest first. */
export function orderUnits(units: readonly Unit[], trump: Trump): Unit[] {
  return units
    .slice()
    .sort((a, b) => unitCards(b) - unitCards(a) || b.faces.length - a.faces.length || unitTop(b, trump) - unitTop(a, trump));
}

/** The common effective suit of `faces`, or null when they mix suits. */
export function commonSuit(faces: readonly string[], trump: Trump): EffSuit | null {
  const suit = effSuit(faces[0]!, trump);
  return faces.every((f) => effSuit(f, trump) === suit) ? suit : null;
}

/** True when a holding (one player's cards of the unit's suit) has a unit of the same shape that beats it. */
export function canBeat(unit: Unit, holding: Counts, trump: Trump): boolean {
  const run = highestRun(holding, unit.width, unit.faces.length, trump);
  return run !== null && ord(run[run.length - 1]!, trump) > unitTop(unit, trump);
}

/**
 * The identical-card groups a follow must contain: each tuple slot of the lead (a pair = one slot of width 2,
 * a tractor of three pairs = three slots) filled from the holding, splitting bigger groups before using
 * smaller ones. Returns the cards placed in slots and which faces gave them.
 */
export function matchTuples(holding: Counts, slots: readonly number[], trump: Trump): { score: number; picks: { face: string; n: number }[] } {
  const groups = [...holding].filter(([, n]) => n >= 2).map(([face, n]) => ({ face, n, ord: ord(face, trump) }));
  groups.sort((a, b) => a.ord - b.ord || (a.face < b.face ? -1 : 1));
  const open = slots.slice().sort((a, b) => b - a);
  const picks: { face: string; n: number }[] = [];
  let score = 0;
  const fill = (choose: (w: number) => (typeof groups)[number] | undefined) => {
    for (let i = 0; i < open.length; i++) {
      const w = open[i]!;
      const g = choose(w);
      if (!g) continue;
      const n = Math.min(w, g.n);
      picks.push({ face: g.face, n });
      score += n;
      g.n -= n;
      open.splice(i--, 1);
    }
  };
  fill((w) => groups.find((g) => g.n === w));
  fill((w) => groups.filter((g) => g.n > w).sort((a, b) => a.n - b.n)[0]);
  fill(() => groups.filter((g) => g.n >= 2).sort((a, b) => b.n - a.n)[0]);
  return { score, picks };
}

/** Tractor slots filled from the holding: for each lead tractor, the longest run of its width (≥ 2 tuples), capped at its length. */
export function matchTractors(holding: Counts, tractors: readonly Unit[], trump: Trump): { score: number; runs: Unit[] } {
  const counts = new Map(holding);
  const runs: Unit[] = [];
  let score = 0;
  for (const t of tractors.slice().sort((a, b) => b.faces.length - a.faces.length)) {
    const run = longestRun(counts, t.width, trump);
    if (!run || run.length < 2) continue;
    const unit = { width: t.width, faces: run.slice(0, Math.min(run.length, t.faces.length)) };
    subtract(counts, unit);
    runs.push(unit);
    score += unit.faces.length;
  }
  return { score, runs };
}

export interface FollowRules {
  tractorFollow: 'pairs' | 'tractors';
  throwUnits: 'pairs' | 'tractors';
}

/** Tuple slots of a lead: one per tuple in every unit of width ≥ 2. */
export function tupleSlots(units: readonly Unit[]): number[] {
  return units.flatMap((u) => (u.width >= 2 ? Array<number>(u.faces.length).fill(u.width) : []));
}

/**
 * Why a follow is illegal, or null when it is legal. `hand` is the follower's whole hand (faces) before
 * playing, `play` the faces played.
 */
export function followProblem(hand: readonly string[], play: readonly string[], lead: readonly string[], rules: FollowRules, trump: Trump): string | null {
  if (play.length !== lead.length) return 'wrong-count';
  const suit = effSuit(lead[0]!, trump);
  const inSuit = (faces: readonly string[]) => faces.filter((f) => effSuit(f, trump) === suit);
  const held = inSuit(hand);
  const played = inSuit(play);
  if (played.length < Math.min(lead.length, held.length)) return 'must-follow-suit';
  const units = leadUnits(lead, trump, rules.throwUnits);
  const slots = tupleSlots(units);
  const heldCounts = countFaces(held);
  const playedCounts = countFaces(played);
  if (matchTuples(playedCounts, slots, trump).score < matchTuples(heldCounts, slots, trump).score) return 'must-play-pairs';
  if (rules.tractorFollow === 'tractors') {
    const tractors = units.filter((u) => u.faces.length >= 2);
    if (matchTractors(playedCounts, tractors, trump).score < matchTractors(heldCounts, tractors, trump).score) return 'must-play-tractor';
  }
  return null;
}

/**
 * Fits the lead's units into a play, strongest possible first; returns each unit's top in the order of
 * `ordered`, or null when the play does not have the lead's shape.
 */
function fitUnits(ordered: readonly Unit[], play: readonly string[], trump: Trump): number[] | null {
  const counts = countFaces(play);
  const tops: number[] = [];
  for (const unit of ordered) {
    const run = highestRun(counts, unit.width, unit.faces.length, trump);
    if (!run) return null;
    subtract(counts, { width: unit.width, faces: run });
    tops.push(ord(run[run.length - 1]!, trump));
  }
  return tops;
}

/** Index of the play that wins the trick: trumps beat the led suit, the lead's shape is required, ties go to the earlier play. */
export function trickWinner(plays: readonly { cards: readonly string[] }[], trump: Trump, rules: Pick<TractorOptions, 'throwEvaluation' | 'throwUnits'>): number {
  const evaluation = rules.throwEvaluation;
  const lead = plays[0]!.cards;
  const led = effSuit(lead[0]!, trump);
  const ordered = orderUnits(leadUnits(lead, trump, rules.throwUnits), trump);
  const largest = unitCards(ordered[0]!);
  const key = (tops: number[]) => Math.max(...tops.filter((_, i) => unitCards(ordered[i]!) === largest));
  let best = 0;
  let bestTrump = led === 'T';
  let bestTops = ordered.map((u) => unitTop(u, trump));
  for (let i = 1; i < plays.length; i++) {
    const suit = commonSuit(plays[i]!.cards, trump);
    if (suit !== led && suit !== 'T') continue;
    const isTrump = suit === 'T';
    const tops = fitUnits(ordered, plays[i]!.cards, trump);
    if (!tops) continue;
    const higher = evaluation === 'all' ? tops.every((t, j) => t > bestTops[j]!) : key(tops) > key(bestTops);
    if ((isTrump && !bestTrump) || (isTrump === bestTrump && higher)) {
      best = i;
      bestTrump = isTrump;
      bestTops = tops;
    }
  }
  return best;
}
