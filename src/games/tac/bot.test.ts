/** The bot, from its own view: knocks out opponents, brings marbles home, keeps its partner's marbles. */
import { describe, expect, it } from 'vitest';
import { randomSource } from '../../core/rng.ts';
import { game } from './index.ts';
import { legalMoves } from './moves.ts';
import { table } from './scenario.ts';
import type { TacState } from './types.ts';

const choice = (s: TacState) => game.bot(game.viewFor(s, 0), legalMoves(s, 0), randomSource('bot'), 0);

describe('tac bot', () => {
  it('knocks out an opponent rather than just moving', () => {
    expect(choice(table({ hands: { 0: ['3', '5'] }, marbles: { 0: 10, 4: 13, 1: 30 } }))).toEqual({ type: 'move', card: '3', marble: 0, to: 13 });
  });

  it('goes into the home rather than round the ring again', () => {
    expect(choice(table({ hands: { 0: ['3'] }, marbles: { 0: 62 } }))).toEqual({ type: 'move', card: '3', marble: 0, to: 64 + 0 });
  });

  it('does not knock out its partner when another move exists', () => {
    expect(choice(table({ hands: { 0: ['3'] }, marbles: { 0: 10, 8: 13, 1: 30 } }))).toEqual({ type: 'move', card: '3', marble: 1, to: 33 });
  });

  it("counts every marble a 7's run passes: knocks out an opponent on the way, spares its partner", () => {
    expect(choice(table({ hands: { 0: ['7'] }, marbles: { 0: 10, 4: 12, 1: 40 } }))).toEqual({ type: 'seven', card: '7', marble: 0, to: 17 });
    expect(choice(table({ hands: { 0: ['7'] }, marbles: { 0: 10, 8: 12, 1: 40 } }))).toEqual({ type: 'seven', card: '7', marble: 1, to: 47 });
  });

  it('gives the partner an opening card when the partner announced none', () => {
    const s = { ...table({ hands: { 0: ['1', '9', '5'] } }), phase: 'exchange' as const, canOpen: [true, false, false, false] };
    expect(game.bot(game.viewFor(s, 0), legalMoves(s, 0), randomSource('bot'), 0)).toEqual({ type: 'exchange', card: '1' });
  });
});
