/**
 * Records of games played before a 7 could move a marble several fields at once replay as they were played:
 * the single steps they hold are still moves of their own.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Actor } from '../../core/game.ts';
import { game } from './index.ts';
import type { TacMove } from './types.ts';

interface Recorded {
  seats: number;
  options: unknown;
  seed: string;
  moves: { actor: Actor; move: TacMove }[];
  final: Record<string, unknown>;
}

const record: Recorded = JSON.parse(readFileSync(new URL('./fixtures/single-steps-game.json', import.meta.url), 'utf8'));

describe('a game recorded with the 7 in single steps', () => {
  it('replays to the state it was recorded with', () => {
    // The record's 7s: single steps only, some knocking out a marble the 7 then moves on from.
    expect(record.moves.filter((m) => m.move.type === 'step').length).toBeGreaterThan(30);
    let s = game.setup(game.options.parse(record.options), record.seats, record.seed);
    for (const [i, { actor, move }] of record.moves.entries()) {
      const r = game.applyMove(s, actor, move);
      if (!r.ok) throw new Error(`move ${i} ${JSON.stringify(move)} refused: ${r.error.code}`);
      s = r.state;
    }
    expect({ marbles: s.marbles, hands: s.hands, discard: s.discard, turn: s.turn, round: s.round }).toEqual(record.final);
  });
});
