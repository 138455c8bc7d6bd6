/** The table page's steps without a browser: when a turn begins a step whose parts the page brings into view. */
import { describe, expect, it } from 'vitest';
import { partsActedOn, Steps } from './steps.ts';
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
