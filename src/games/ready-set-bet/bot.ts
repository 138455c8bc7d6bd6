/**
 * Bot: values every open bet by playing the rest of the race out a few dozen times from the public
 * horse positions (its own random stream, not the game's dice), then places its best token on the
 * space with the best expected money; it stops betting when nothing left is worth a token.
 */
import type { RandomSource, Seat, View } from '../../core/game.ts';
import { FINISH, HORSE_BONUS, HORSES, horseOfSum, spaceInfo } from './data/board.ts';
import { keepToken, vipDesign } from './data/vip.ts';
import { raceResult } from './race.ts';
import type { Move, PrivateView, PublicView } from './types.ts';

const ROLLOUTS = 40;
/** A bet must be expected to earn at least this much to be worth a token. */
const MIN_VALUE = 0.5;

export function bot(view: View<PublicView, PrivateView>, legal: Move[], random: RandomSource, _seat: Seat): Move {
  const bets = legal.filter((m): m is Extract<Move, { type: 'bet' }> => m.type === 'bet');
  if (bets.length > 0) {
    const best = bestBet(view.public, bets, random);
    if (best) return best;
    return legal.find((m) => m.type === 'roll') ?? legal.find((m) => m.type === 'pass') ?? legal[0]!;
  }
  const offers = legal.filter((m): m is Extract<Move, { type: 'keepVip' }> => m.type === 'keepVip');
  if (offers.length > 0) return offers.reduce((a, b) => (vipWorth(b.card) > vipWorth(a.card) ? b : a));
  return legal[0]!;
}

/** Rough preference: bonus tokens, then cards that last the game, then one-race cards. */
function vipWorth(card: string): number {
  return keepToken(card) * 2 + (vipDesign(card).duration === 'game' ? 4 : 2);
}

function bestBet(view: PublicView, bets: Extract<Move, { type: 'bet' }>[], random: RandomSource): Move | null {
  const finals = Array.from({ length: ROLLOUTS }, () => playOut(view, random));
  const results = finals.map((positions) => raceResult(positions, 'competition'));
  const chance = new Map<string, number>();
  let best: Move | null = null;
  let bestValue = MIN_VALUE;
  for (const bet of bets) {
    const space = spaceInfo(bet.space)!;
    let p = chance.get(bet.space);
    if (p === undefined) {
      p = results.filter((r) => space.wins(r, false)).length / ROLLOUTS;
      chance.set(bet.space, p);
    }
    const value = p * bet.token * space.multiplier - (1 - p) * space.penalty + random() * 0.25;
    if (value > bestValue) {
      best = bet;
      bestValue = value;
    }
  }
  return best;
}

/** Final positions of one imagined finish of the race from where it stands (bonus and triple rule). */
function playOut(view: PublicView, random: RandomSource): number[] {
  const positions = view.horses.map((h) => h.position);
  let last = view.lastRoll ? HORSES.indexOf(view.lastRoll.horse as (typeof HORSES)[number]) : -1;
  let armed = view.bonusArmed;
  while (!positions.includes(FINISH)) {
    const sum = Math.floor(random() * 6) + Math.floor(random() * 6) + 2;
    const h = horseOfSum(sum);
    const repeat = h === last && armed;
    positions[h] = Math.min(FINISH, positions[h]! + 1 + (repeat ? HORSE_BONUS[h]! : 0));
    armed = !repeat;
    last = h;
  }
  return positions;
}
