/** The table page's steps without a browser: when a turn begins a step whose parts the page brings into view. */
import { describe, expect, it } from 'vitest';
import { allMovesOpen, partsActedOn, shownEnough, Steps } from './steps.ts';
import type { Move } from './types.ts';

describe('a new step of the player', () => {
  const buy: Move[] = [{ type: 'buyCattle', cards: ['a'], cowboys: 1 }, { type: 'buyCattle', cards: ['b'], cowboys: 1 }, { type: 'skip' }];

  it('begins when the kinds of move change, once: redraws in the same step begin none', () => {
    const steps = new Steps();
    expect(steps.begins(buy)).toBe(true);
    expect(steps.begins(buy)).toBe(false);
    expect(steps.begins(buy.slice(1))).toBe(false); // another seat's move changed the list, not the step
    expect(steps.begins([{ type: 'endTurn' }])).toBe(true);
    expect(steps.begins([])).toBe(false); // off turn
    expect(steps.begins(buy)).toBe(true);
  });

  it('begins again after a move of the player that keeps the turn, though the kinds of move are the same', () => {
    const steps = new Steps();
    expect(steps.begins(buy)).toBe(true);
    steps.taken(); // cattle bought: the same step's kinds, the market changed
    expect(steps.begins(buy.slice(1))).toBe(true);
    expect(steps.begins(buy.slice(1))).toBe(false);
    steps.taken(); // the turn's last move: nothing more to begin
    expect(steps.begins([])).toBe(false);
    expect(steps.begins([])).toBe(false);
  });
});

describe("a step's parts to bring into view", () => {
  const part = (key: string, aside = false) => ({ dataset: aside ? { key, aside: '' } : { key } });
  const keys = (parts: { dataset: DOMStringMap }[]) => partsActedOn(parts).map((p) => p.dataset.key);

  it('are its parts, not the buttons that pass it (Skip beside the job market, Refill beside the cattle market)', () => {
    expect(keys([part('skip', true), part('slot:0'), part('slot:3')])).toEqual(['slot:0', 'slot:3']);
    expect(keys([part('skip', true), part('refillMarket', true), part('v:jersey-1')])).toEqual(['v:jersey-1']);
  });

  it('are the buttons that pass it when it has nothing else', () => {
    expect(keys([part('refillMarket', true), part('skip', true)])).toEqual(['refillMarket', 'skip']);
    expect(keys([])).toEqual([]);
  });
});

describe('a part in view', () => {
  const at = (top: number, height: number, left = 100, width = 200) => ({ top, bottom: top + height, left, right: left + width });

  it('is half in the window, or a fingertip of it where it is large; a few pixels at an edge are not', () => {
    expect(shownEnough(at(700, 80), 800, 1280)).toBe(true);
    expect(shownEnough(at(797, 80), 800, 1280)).toBe(false); // the VIP cards' top at the window's bottom edge
    expect(shownEnough(at(770, 80), 800, 1280)).toBe(false);
    expect(shownEnough(at(750, 80), 800, 1280)).toBe(true); // 50 px of it: enough to see and tap
    expect(shownEnough(at(866, 44), 900, 1280)).toBe(true); // a card in hand a few pixels under the edge
    expect(shownEnough(at(788, 20), 800, 1280)).toBe(true);
    expect(shownEnough(at(795, 20), 800, 1280)).toBe(false); // a small space mostly under the edge
    expect(shownEnough(at(-15, 20), 800, 1280)).toBe(false);
    expect(shownEnough(at(-1000, 3000), 800, 1280)).toBe(true); // taller than the window
    expect(shownEnough(at(100, 80, 1270, 60), 800, 1280)).toBe(false); // off to the right but for its edge
    expect(shownEnough(at(100, 80, 0, 0), 800, 1280)).toBe(false); // not drawn
  });
});

describe('the list of every move', () => {
  it('closes on a phone once the turn is over, a move sent or not; stays as left on a desktop and during the turn', () => {
    const phone = () => true;
    const desktop = () => false;
    expect(allMovesOpen(true, false, phone)).toBe(true); // opened on the turn: open while it lasts
    expect(allMovesOpen(true, true, phone)).toBe(false); // the turn over (a declaration left unmade, the clock's move)
    expect(allMovesOpen(true, true, desktop)).toBe(true);
    expect(allMovesOpen(false, false, phone)).toBe(false);
    // The page's style is read only when the list is open and the turn over.
    let asked = 0;
    const counted = () => ++asked > 0;
    allMovesOpen(false, true, counted);
    allMovesOpen(true, false, counted);
    expect(asked).toBe(0);
  });
});
