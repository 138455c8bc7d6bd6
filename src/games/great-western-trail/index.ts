import type { GameDefinition } from '../../core/game.ts';
import { rankByScore } from '../../core/result.ts';
import { bot } from './bot.ts';
import { invariants } from './invariants.ts';
import { activeActors, applyMove, legalMoves } from './moves.ts';
import { moveShapes } from './move-schema.ts';
import { scoreBreakdown, totalScore } from './scoring.ts';
import { setup } from './setup.ts';
import { GAME_ID, optionsSchema } from './types.ts';
import type { GwtMove, GwtOptions, GwtState } from './types.ts';
import { resample, viewFor } from './view.ts';
import type { PrivateView, PublicView } from './view.ts';

export const game: GameDefinition<GwtOptions, GwtState, GwtMove, PublicView, PrivateView> = {
  id: GAME_ID,
  name: 'Great Western Trail',
  seats: { min: 2, max: 4, default: 3 },
  options: optionsSchema,
  // Before cityPairObjective existed a completed city pair's objective card was compulsory; before jerseyBonus
  // a Jersey bonus without a Jersey in hand was skipped unasked; before upgrade9b, 9b reached only stations behind;
  // before revealedHandOrder an income's hand went onto the discard pile as held; before auxAfterCopy a single
  // auxiliary action was offered after 8b's copy; before skipOnlySteps a step with skip its only move waited for it;
  // before endTurn a turn with nothing left to do waited for the endTurn move; before finalRound's default became the
  // end of the round every other player had one more turn after the end trigger; before permanentCertificates every
  // permanent certificate counted at the income.
  legacyOptions: {
    cityPairObjective: 'must', jerseyBonus: 'whenHeld', upgrade9b: 'behind', revealedHandOrder: 'asHeld', auxAfterCopy: 'offered', skipOnlySteps: 'asked',
    endTurn: 'asked', finalRound: 'everyoneOnce', permanentCertificates: 'always',
  },
  setup,
  activeActors,
  // A turn is the current player's steps (a move each) until the next player's: a clock run out leaves the bot the turn.
  turnsOfSteps: true,
  legalMoves,
  applyMove,
  moveShapes,
  viewFor,
  outcome(state) {
    if (!state.over) return null;
    const breakdown = state.players.map((_, seat) => scoreBreakdown(state, seat));
    const scores = breakdown.map(totalScore);
    const tieBreakers = state.options.tieBreak === 'money' ? [state.players.map((p) => p.money)] : [];
    return rankByScore(scores, { tieBreakers, details: { breakdown } });
  },
  bot,
  invariants,
  resample,
};
