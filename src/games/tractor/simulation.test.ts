import { describe, expect, it } from 'vitest';
import { simulate } from '../../core/testing/index.ts';
import { game } from './index.ts';

// Whole hands through the shared harness. A match to A takes dozens of hands, so most runs stop after
// one or two hands (the handLimit option); one runs a short match from K to the end under must-defend-A.
describe('tractor simulation', () => {
  it('plays single hands at 4, 6 and 8 players with the standard rules', () => {
    const report = simulate(game, { games: 4, seats: [4, 6, 4, 8], options: [{ handLimit: 1 }], seed: 'tractor-std' });
    expect(report.games).toBe(4);
  });

  it('plays finding friends at 5 and 7 players', () => {
    const variants = [
      { mode: 'findingFriends', handLimit: 1, throwPenalty: 'tenPerCard' },
      { mode: 'findingFriends', handLimit: 2, kittyTheft: true, friendJoin: 'noDoubleJoin', friendCards: 'noPoints', smallTeamBonus: false },
    ];
    const report = simulate(game, { games: 4, seats: [5, 7], options: variants, seed: 'tractor-friends' });
    expect(report.games).toBe(4);
  });

  it('plays single hands under the variant options', () => {
    const variants = [
      { handLimit: 1, tractorFollow: 'tractors', throwEvaluation: 'all', throwPenalty: 'tenPerCard', throwForced: 'firstBlocker', kittyMultiplier: 'largestUnit' },
      { handLimit: 1, kittyTheft: true, bidPolicy: 'jokerOrHigherSuit', reinforcement: 'overturnOrReinforce', jokerBids: 'allDecks', buryRestriction: 'noPointsOrTrumps' },
      { handLimit: 1, bidTakeback: true, jackBackToTwo: true, bidPolicy: 'greaterLength', reinforcement: 'none', jokerBids: 'disabled', firstStarter: 'firstBid', noBidFirstHand: 'noTrump', throwPenalty: 'tenPerAttempt', kittyMultiplier: 'power', kittyReveal: 'always' },
    ];
    const report = simulate(game, { games: 6, seats: [4, 6], options: variants, seed: 'tractor-variants' });
    expect(report.games).toBe(6);
  });

  it('plays a short match to its end', () => {
    const report = simulate(game, { games: 2, seats: [4], options: [{ startLevel: 'K', handLimit: 4, noBidLaterHand: 'firstCard', mustDefend: 'pointsAndA' }], seed: 'tractor-match' });
    expect(report.outcomes.every((o) => o.winners.length > 0)).toBe(true);
  });
});
