/**
 * Which board part a tap on a touch screen meant, from where the parts are drawn (no DOM here: the page passes their
 * boxes). A round board's spaces are smaller than a fingertip on a phone and may overlap (the hexagon's fast-track
 * corners reach over their neighbours), so neither the part drawn on top nor the nearest edge of a box says it.
 */

/** A part as drawn on the screen (CSS pixels): its box, and whether it is round (a circle fills its box's width). */
export interface PartBox {
  left: number;
  top: number;
  width: number;
  height: number;
  round: boolean;
}

export type Point = { x: number; y: number };

const centre = (p: PartBox): Point => ({ x: p.left + p.width / 2, y: p.top + p.height / 2 });

/** How far a point lies outside a part (0 inside): outside its circle for a round part, else outside its box. */
export function outside(p: PartBox, at: Point): number {
  if (p.round) {
    const c = centre(p);
    return Math.max(0, Math.hypot(at.x - c.x, at.y - c.y) - Math.min(p.width, p.height) / 2);
  }
  return Math.hypot(Math.max(p.left - at.x, 0, at.x - p.left - p.width), Math.max(p.top - at.y, 0, at.y - p.top - p.height));
}

/** Centres closer than this count as one place: a marble on its space is the same place as the space. */
const SAME_PLACE_PX = 1;

/**
 * Of the parts a tap landed in (topmost first), the index of the one whose centre is nearest: where two overlap, the tap
 * is nearer the middle of the one it meant. Of parts at one place (a marble on its space), the topmost.
 */
export function pickHit(hits: readonly PartBox[], at: Point): number {
  let best = 0;
  let bestDistance = Infinity;
  hits.forEach((p, i) => {
    const c = centre(p);
    const d = Math.hypot(at.x - c.x, at.y - c.y);
    if (d < bestDistance - SAME_PLACE_PX) [best, bestDistance] = [i, d];
  });
  return best;
}

/**
 * For a tap that landed in no part: the index of the part nearest to it within `reach`, of those drawn smaller than a
 * fingertip (a tap beside a full-size target stays a miss), or -1. A round part's distance is to its circle, not its box.
 */
export function pickNear(parts: readonly PartBox[], at: Point, reach: number, fingertip: number): number {
  let best = -1;
  let bestDistance = reach;
  parts.forEach((p, i) => {
    if (p.width >= fingertip || p.height >= fingertip) return;
    const d = outside(p, at);
    if (d < bestDistance) [best, bestDistance] = [i, d];
  });
  return best;
}

/**
 * The parts a tap could mean, of a board's parts drawn smaller than a fingertip (indexes, nearest first): the nearest
 * alone where the tap is on its middle part or clearly nearer it, else every place about as near as it (within `margin`
 * of its distance: a tap about halfway between two spaces), for the player to say which. Parts within `reach` of the
 * tap count; of parts at one place (a marble on its space), the last drawn (on top). Empty when none is near.
 */
export function tapChoices(parts: readonly PartBox[], at: Point, reach: number, fingertip: number, margin: number): number[] {
  const near: { i: number; d: number }[] = [];
  parts.forEach((p, i) => {
    if (p.width >= fingertip || p.height >= fingertip || outside(p, at) >= reach) return;
    const c = centre(p);
    const d = Math.hypot(at.x - c.x, at.y - c.y);
    const same = near.findIndex((o) => {
      const oc = centre(parts[o.i]!);
      return Math.hypot(oc.x - c.x, oc.y - c.y) < SAME_PLACE_PX;
    });
    if (same >= 0) near[same] = { i, d };
    else near.push({ i, d });
  });
  near.sort((a, b) => a.d - b.d);
  const first = near[0];
  if (!first) return [];
  const nearest = parts[first.i]!;
  if (first.d <= (Math.min(nearest.width, nearest.height) / 2) * 0.6) return [first.i];
  return near.filter((o) => o.d - first.d < margin).map((o) => o.i);
}

/**
 * Where the parts a tap could mean are offered to be tapped again, larger: as they lie on the board, spread round their
 * middle until each is `gap` from the next (CSS pixels, from the offer's middle).
 */
export function spreadOut(centres: readonly Point[], gap: number): Point[] {
  const mid = { x: centres.reduce((s, c) => s + c.x, 0) / centres.length, y: centres.reduce((s, c) => s + c.y, 0) / centres.length };
  let nearest = Infinity;
  centres.forEach((a, i) => centres.slice(i + 1).forEach((b) => (nearest = Math.min(nearest, Math.hypot(a.x - b.x, a.y - b.y)))));
  const scale = Number.isFinite(nearest) ? Math.max(1, gap / Math.max(nearest, 0.5)) : 1;
  return centres.map((c) => ({ x: (c.x - mid.x) * scale, y: (c.y - mid.y) * scale }));
}

/**
 * Whether a tap's candidates all lead to the same moves (each the move texts a tap on it would send or leave to choose
 * from, in any order): a marble and the one field its card takes it to, as one choice, are not asked about. False for
 * none, or where a candidate leads to none.
 */
export function leadAlike(leads: readonly (readonly string[])[]): boolean {
  const sets = leads.map((texts) => [...new Set(texts)].sort().join('\n'));
  return sets.length > 0 && sets[0] !== '' && sets.every((s) => s === sets[0]);
}

/** Whether the parts playable (and selected) are the same after a redraw as before: else a tap's offer made before is stale. */
export function samePlayable(before: ReadonlySet<string>, now: ReadonlySet<string>): boolean {
  return before.size === now.size && [...before].every((k) => now.has(k));
}
