/** Tractor (Shengji, 升级): two fixed partnerships climb from 2 to A by winning point cards in tricks. */
import type { GameDefinition } from '../../core/game.ts';
import { rankByScore } from '../../core/result.ts';
import { fullPack, pointsOf } from './cards.ts';
import { bot } from './bot.ts';
import { activeActors, applyMove, legalMoves } from './moves.ts';
import { moveShapes } from './move-schema.ts';
import { setup, teamsOf, validateSetup } from './setup.ts';
import type { TractorMove, TractorOptions, TractorPrivate, TractorPublic, TractorState } from './types.ts';
import { tractorOptions } from './types.ts';
import { resample, viewFor } from './view.ts';
import { sameMultiset } from '../../core/cards/index.ts';

export const game: GameDefinition<TractorOptions, TractorState, TractorMove, TractorPublic, TractorPrivate> = {
  id: 'tractor',
  name: 'Tractor (Shengji)',
  seats: { min: 4, max: 8, default: 4 },
  options: tractorOptions,
  // Before throwUnits existed a tractor inside a throw counted whole; before redealLimit hand 1 was dealt again as
  // often as nobody declared (replayed with the most the option allows: each redeal is ~100 moves nobody sends);
  // before throwPenaltySide a hidden friend's failed throw stayed counted against the attackers.
  legacyOptions: { throwUnits: 'tractors', redealLimit: 20, throwPenaltySide: 'atThrow' },
  validateSetup,
  setup,
  activeActors,
  legalMoves,
  applyMove,
  moveShapes,
  viewFor,
  outcome(state) {
    if (state.phase !== 'over') return null;
    // Levels as 2..14, one more for a side that passed the top level.
    const scores = state.levels.map((level, seat) => level + 2 + (state.winners.includes(seat) ? 1 : 0));
    return rankByScore(scores, { ...(state.options.mode === 'tractor' ? { teams: teamsOf(state) } : {}), details: { levels: state.levels.slice(), hands: state.handNumber } });
  },
  bot,
  teams: (state) => (state.options.mode === 'tractor' ? teamsOf(state) : undefined),
  systemDelayMs(state, options) {
    if (state.phase === 'dealing') return options.dealDelayMs;
    if (state.phase === 'declaring' || state.phase === 'stealing') return options.declareWindowMs;
    return options.handEndDelayMs;
  },
  // Each burial with kitty theft opens a stealing window of its own: a steal and the thief's burial within one patch
  // would otherwise leave the new window what was left of the last. (A declaration within a window does not extend it.)
  systemStep: (state) => `${state.handNumber}:${state.phase}${state.phase === 'stealing' ? `:${state.bids.length}` : ''}`,
  invariants(state) {
    const problems: string[] = [];
    const everywhere = [...state.deck, ...state.kitty, ...state.hands.flat(), ...state.trick.flatMap((p) => p.cards), ...state.tricks.flatMap((t) => t.plays.flatMap((p) => p.cards))];
    if (!sameMultiset(everywhere, fullPack(state.decks))) problems.push(`cards are not conserved (${everywhere.length} of ${54 * state.decks})`);
    const unplayed = [...state.deck, ...state.kitty, ...state.hands.flat(), ...state.trick.flatMap((p) => p.cards)];
    const points = state.captured.reduce((a, b) => a + b, 0) + unplayed.reduce((a, c) => a + pointsOf(c), 0);
    if (points !== 100 * state.decks) problems.push(`points are not conserved (${points} of ${100 * state.decks})`);
    return problems;
  },
  resample,
};
