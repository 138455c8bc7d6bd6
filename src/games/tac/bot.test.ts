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

  it('gives the partner an opening card when the partner announced none', () => {
    const s = { ...table({ hands: { 0: ['1', '9', '5'] } }), phase: 'exchange' as const, canOpen: [true, false, false, false] };
    expect(game.bot(game.viewFor(s, 0), legalMoves(s, 0), randomSource('bot'), 0)).toEqual({ type: 'exchange', card: '1' });
  });
});
