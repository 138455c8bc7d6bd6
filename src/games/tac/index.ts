import { z } from 'zod';
import type { GameDefinition, MoveError } from '../../core/game.ts';
import { titledChoice } from '../../core/options.ts';
import { teamOutcome } from '../../core/result.ts';
import { bot } from './bot.ts';
import { inHome, marblesOf } from './board.ts';
import { activeActors, applyMove, invariants, legalMoves } from './moves.ts';
import { moveShapes } from './move-schema.ts';
import { setup, teamOf } from './setup.ts';
import type { TacMove, TacOptions, TacPrivate, TacPublic, TacState } from './types.ts';
import { resample, viewFor } from './view.ts';

export const options = z.object({
  master: z.boolean().default(false).describe('Master version: the Angel, Devil, Warrior and Fool cards join the deck.'),
  sixTeams: titledChoice({ '3x2': 'Three teams of two', '2x3': 'Two teams of three' })
    .default('3x2')
    .describe('Six players. Three teams of two: partners opposite; Two teams of three: every second colour.'),
  sixSpacing: titledChoice([
    [11, '11 fields (a ring of 66)'],
    [16, '16 fields (a ring of 96)'],
  ])
    .default(11)
    .describe('The six-colour board (3 or 6 players): fields from one start to the next, 11 fields (a ring of 66) or 16 fields (a ring of 96).')
    .meta({ title: "Six-colour board's spacing" }),
  tacTakesBack: titledChoice({ right: 'The card of your opponent on your right', previous: 'The previous card, whoever played it' })
    .default('right')
    .describe(
      'Which card a TAC takes back. The card of your opponent on your right: only a card (or discard) of the player just before you; ' +
        'The previous card, whoever played it: also a partner\'s or your own when the players between have no cards left (master games, after the Devil makes its victim play the Fool).',
    )
    .meta({ title: 'What a TAC takes back' }),
  announce: z.boolean().default(true).describe('After each deal everyone is shown which hands hold a 1 or 13, a card that brings a marble out.'),
  dealDelayMs: z.number().int().min(0).max(10_000).default(800).describe('Milliseconds before each deal (pace only).'),
});

function seatTeams(s: TacState): number[] {
  return Array.from({ length: s.seats }, (_, seat) => teamOf(s, seat));
}

export const game: GameDefinition<TacOptions, TacState, TacMove, TacPublic, TacPrivate> = {
  id: 'tac',
  name: 'TAC',
  seats: { min: 2, max: 6, default: 4 },
  options,
  // Games stored before tacTakesBack: a TAC took back the previous card whoever played it.
  legacyOptions: { tacTakesBack: 'previous' },
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
  // A 7's steps, and the card played after a Devil or a Fool, are one turn (one clock, one timeout for an away player's);
  // the turn can come back to the same seat at once when the others hold no cards, so where it goes on is said.
  turnsOfSteps: true,
  continuesTurn: (s) => s.phase === 'exchange' || s.seven !== null || s.devilTarget >= 0 || s.foolPending,
  teams: seatTeams,
  systemDelayMs: (_state, opts) => opts.dealDelayMs,
  invariants,
  resample,
};
