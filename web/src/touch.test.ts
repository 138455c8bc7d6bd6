/** The part a tap meant, from the parts' boxes as a phone draws Fast Track's hexagon (sizes measured at 390 px wide). */
import { describe, expect, it } from 'vitest';
import { leadAlike, pickHit, pickNear, samePlayable, spreadOut, tapChoices, type PartBox } from './touch.ts';

const circle = (x: number, y: number, r: number): PartBox => ({ left: x - r, top: y - r, width: 2 * r, height: 2 * r, round: true });
// Space 18 of the hexagon (10.7 px across) and its neighbour 19, a fast-track corner (16 px across) whose circle reaches
// over 18's right edge: their centres are 11.4 px apart.
const space = circle(263.5, 187, 5.35);
const corner = circle(274.9, 187.1, 8);

describe('a tap on a phone picks the part it meant', () => {
  it('of two overlapping parts the tap landed in, picks the one whose middle it is nearer, not the one drawn on top', () => {
    // 4 px right of space 18's centre lies inside both circles; the corner is drawn later, on top.
    expect(pickHit([corner, space], { x: 267.5, y: 187 })).toBe(1);
    // Past the middle between the centres, the corner.
    expect(pickHit([corner, space], { x: 270, y: 187 })).toBe(0);
  });

  it('of a marble on its space (one place), picks the marble drawn on top', () => {
    const marble = circle(263.5, 187, 4.8);
    expect(pickHit([marble, space], { x: 265, y: 188 })).toBe(0);
  });

  it('for a tap beside the parts, measures to a round part\'s circle, not its box', () => {
    // 9 px under space 18: 3.65 px from its circle, 6.5 px from the corner's, though the corner's larger box is nearer.
    expect(pickNear([space, corner], { x: 263.5, y: 196 }, 22, 36)).toBe(0);
    expect(pickNear([corner, space], { x: 263.5, y: 196 }, 22, 36)).toBe(1);
    // A home hole is square: its box is its shape.
    const hole: PartBox = { left: 100, top: 100, width: 10, height: 10, round: false };
    expect(pickNear([hole], { x: 105, y: 115 }, 22, 36)).toBe(0);
    expect(pickNear([hole], { x: 105, y: 140 }, 22, 36)).toBe(-1); // out of reach
    expect(pickNear([circle(50, 50, 20)], { x: 50, y: 75 }, 22, 36)).toBe(-1); // a full-size target: a miss beside it stays one
  });

  it('asks which of two places a tap about halfway between them meant, and takes the one it is clearly nearer', () => {
    // Two spaces of the six-seat ring, 10 px across, 11.5 px apart, and a marble on the first (one place: the marble).
    const a = circle(100, 100, 5);
    const b = circle(111.5, 100, 5);
    const marble = circle(100, 100, 4.5);
    const far = circle(160, 100, 5);
    const choose = (x: number, y = 100) => tapChoices([a, b, marble, far], { x, y }, 22, 36, 4);
    expect(choose(101)).toEqual([2]); // on its middle: the marble, no question
    expect(choose(105.5)).toEqual([2, 1]); // 5.5 px and 6 px from the centres: which one?
    expect(choose(106.5, 104)).toEqual([1, 2]); // as near either, under them
    expect(choose(97)).toEqual([2]); // 3 px off the marble's centre, 14.5 px from the other's: clearly the marble
    expect(choose(115)).toEqual([1]); // beyond the second, clearly it
    expect(choose(100, 130)).toEqual([]); // out of reach of all
    expect(tapChoices([circle(50, 50, 20), circle(90, 50, 20)], { x: 70, y: 50 }, 22, 36, 4)).toEqual([]); // full-size targets: not asked
  });

  it('offers the parts asked about as they lie on the board, spread a fingertip apart', () => {
    const spread = spreadOut([{ x: 100, y: 100 }, { x: 111.5, y: 100 }, { x: 105, y: 110 }], 48);
    // As on the board: the first left of the second, the third under them; round their middle, scaled alike.
    expect(spread.map(({ x, y }) => [Math.round(x), Math.round(y)])).toEqual([[-24, -14], [26, -14], [-2, 29]]);
    const apart = (i: number, j: number) => Math.hypot(spread[i]!.x - spread[j]!.x, spread[i]!.y - spread[j]!.y);
    expect(Math.min(apart(0, 1), apart(0, 2), apart(1, 2))).toBeCloseTo(48);
  });
});

describe('a tap between parts is asked about only where it matters', () => {
  const a = JSON.stringify({ type: 'move', card: '5', marble: 0, to: 5 });
  const b = JSON.stringify({ type: 'move', card: '5', marble: 1, to: 9 });
  it('does not ask where every part it could mean leads to the same moves, in any order', () => {
    expect(leadAlike([[a], [a]])).toBe(true);
    expect(leadAlike([[a, b], [b, a], [a, b]])).toBe(true);
    expect(leadAlike([[a], [b]])).toBe(false);
    expect(leadAlike([[a], [a, b]])).toBe(false);
    // A part a tap would do nothing with is no move alike.
    expect(leadAlike([[], []])).toBe(false);
    expect(leadAlike([])).toBe(false);
  });

  it('keeps an offer over a redraw only while the same parts are playable', () => {
    expect(samePlayable(new Set(['marble:0', 'to:ring-5']), new Set(['to:ring-5', 'marble:0']))).toBe(true);
    expect(samePlayable(new Set(['marble:0', 'to:ring-5']), new Set(['marble:0']))).toBe(false);
    expect(samePlayable(new Set(['marble:0']), new Set(['marble:0', 'marble:1']))).toBe(false);
  });
});
