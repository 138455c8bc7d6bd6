/** From clicks to moves without a browser: the Tractor board's free choices through the selection. */
import { describe, expect, it } from 'vitest';
import { tractor } from './games/tractor.ts';
import { Selection } from './select.ts';
import type { BoardContext, Move } from './types.ts';

const HAND = ['BJ', '2S', '2S', 'AH', 'AH', 'KH', 'QH', '9C', '8C', '7C', '5D', '3D'];

function context(phase: string, moves: Move[], trick: unknown[] = []): BoardContext {
  return {
    game: 'tractor',
    table: { phase, trick },
    view: { hand: HAND, trumps: 3, kitty: [] },
    seats: [],
    mySeat: 0,
    active: [0],
    status: 'playing',
    moves,
    sent: [],
    name: (seat) => `Seat ${seat}`,
    result: null,
  };
}

describe('Tractor on the page: free choices the listed moves only sample', () => {
  it('buries any cards chosen, as many as asked, with each copy of a card its own part', () => {
    const ctx = context('burying', [{ type: 'bury', cards: ['5D', '3D', '7C'] }, { type: 'bury', cards: ['3D', '7C', '8C'] }]);
    const selection = new Selection(tractor);
    const cardParts = [...selection.clickable(ctx)].filter((k) => k.startsWith('card:'));
    expect(new Set(cardParts)).toEqual(new Set(['card:BJ', 'card:2S', 'card:2S/2', 'card:AH', 'card:AH/2', 'card:KH', 'card:QH', 'card:9C', 'card:8C', 'card:7C', 'card:5D', 'card:3D']));
    // Neither listed bury: the two aces of hearts and the king. No click sends anything.
    for (const key of ['card:AH', 'card:AH/2']) expect(selection.click(key, ctx)).toBeNull();
    expect(selection.composing(ctx)).toMatchObject({ move: null, hint: 'Choose 3 cards to bury (2 chosen).' });
    expect(selection.click('card:KH', ctx)).toBeNull();
    expect(selection.composing(ctx)?.move).toEqual({ type: 'bury', cards: ['AH', 'AH', 'KH'] });
    // A second click on a part takes it back out; a redraw keeps the selection.
    expect(selection.click('card:AH/2', ctx)).toBeNull();
    selection.prune(ctx);
    expect(selection.keys).toEqual(['card:AH', 'card:KH']);
    expect(selection.composing(ctx)?.move).toBeNull();
  });

  it('follows with as many cards as were led, sent on the last one chosen', () => {
    const ctx = context('playing', [{ type: 'play', cards: ['9C', '8C'] }, { type: 'play', cards: ['9C', '7C'] }], [{ seat: 3, cards: ['JC', 'JC'] }]);
    const selection = new Selection(tractor);
    // Only the cards the listed follows use are offered: clubs, as the lead was clubs.
    expect([...selection.clickable(ctx)].filter((k) => k.startsWith('card:')).sort()).toEqual(['card:7C', 'card:8C', 'card:9C']);
    expect(selection.click('card:AH', ctx)).toBeNull();
    expect(selection.keys).toEqual([]);
    expect(selection.click('card:8C', ctx)).toBeNull();
    expect(selection.composing(ctx)?.hint).toBe('Follow with 2 cards (1 chosen).');
    expect(selection.click('card:7C', ctx)).toEqual({ type: 'play', cards: ['8C', '7C'] });
  });

  it('leads any selection, offered rather than sent', () => {
    const ctx = context('playing', [{ type: 'play', cards: ['BJ'] }, { type: 'play', cards: ['AH', 'AH', 'KH'] }]);
    const selection = new Selection(tractor);
    for (const key of ['card:AH', 'card:AH/2', 'card:KH', 'card:QH']) expect(selection.click(key, ctx)).toBeNull();
    expect(selection.composing(ctx)).toMatchObject({ move: { type: 'play', cards: ['AH', 'AH', 'KH', 'QH'] } });
    expect(selection.composing(ctx)?.now).toBeFalsy();
  });

  it('keeps to the listed moves while declaring: the second copy of a card stands for the pair', () => {
    const ctx = context('dealing', [
      { type: 'declare', card: '2S', count: 1 },
      { type: 'declare', card: '2S', count: 2 },
    ]);
    const selection = new Selection(tractor);
    expect(selection.composing(ctx)).toBeNull();
    expect(selection.click('card:2S/2', ctx)).toEqual({ type: 'declare', card: '2S', count: 2 });
    selection.sent();
    expect(selection.click('card:2S', ctx)).toBeNull(); // both declarations fit: the chooser offers them
    expect(selection.candidates(ctx)).toHaveLength(2);
  });
});
