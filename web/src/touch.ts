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
