import { z } from 'zod';
import type { GameDefinition, MoveError } from '../../core/game.ts';
import { teamOutcome } from '../../core/result.ts';
import { bot } from './bot.ts';
import { inHome, marblesOf } from './board.ts';
import { activeActors, applyMove, invariants, legalMoves } from './moves.ts';
import { moveShapes } from './move-schema.ts';
import { setup, teamOf } from './setup.ts';
import type { TacMove, TacOptions, TacPrivate, TacPublic, TacState } from './types.ts';
import { resample, viewFor } from './view.ts';

export const options = z.object({
  master: z.boolean().default(false),
  sixTeams: z.enum(['3x2', '2x3']).default('3x2'),
  sixSpacing: z.union([z.literal(11), z.literal(16)]).default(11),
  announce: z.boolean().default(true),
  dealDelayMs: z.number().int().min(0).max(10_000).default(800),
});

function seatTeams(s: TacState): number[] {
  return Array.from({ length: s.seats }, (_, seat) => teamOf(s, seat));
}

export const game: GameDefinition<TacOptions, TacState, TacMove, TacPublic, TacPrivate> = {
  id: 'tac',
  name: 'TAC',
  seats: { min: 2, max: 6, default: 4 },
  options,
  validateSetup(_options, seats): MoveError | null {
    return seats === 5 ? { code: 'tac/seats', message: 'TAC is played by 2, 3, 4 or 6 players.' } : null;
  },
  setup,
  activeActors,
  legalMoves,
  applyMove,
  moveShapes,
  viewFor,
  outcome(s) {
    if (s.phase !== 'over') return null;
    const homeCounts = s.hands.map((_, c) => marblesOf(c).filter((id) => inHome(s, s.marbles[id]!.pos)).length);
    return teamOutcome(seatTeams(s), new Map([[s.winner, 1]]), { winningTeam: s.winner, homeCounts });
  },
  bot,
  teams: seatTeams,
  systemDelayMs: (_state, opts) => opts.dealDelayMs,
  invariants,
  resample,
};
