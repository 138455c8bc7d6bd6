/**
 * A simple bot playing from its own view and legal list: it heads for Kansas City with a valuable hand,
 * delivers as far as it can, prefers building actions to auxiliary ones, buys cattle and plays objectives.
 */
import type { RandomSource, View } from '../../core/game.ts';
import { pick } from '../../core/rng.ts';
import { CITY_DATA } from './data/board.ts';
import { handBreedingValue } from './rules.ts';
import type { GwtMove } from './types.ts';
import type { PrivateView, PublicView } from './view.ts';

/** Hand value at which the bot runs for Kansas City. */
const GOOD_HAND = 8;

export function bot(view: View<PublicView, PrivateView>, legal: GwtMove[], random: RandomSource, seat: number): GwtMove {
  const of = <T extends GwtMove['type']>(type: T) => legal.filter((m): m is Extract<GwtMove, { type: T }> => m.type === type);
  const me = view.public.players[seat]!;
  const hand = view.private?.hand ?? [];

  const deliveries = of('deliver');
  if (deliveries.length > 0) return deliveries.reduce((a, b) => (CITY_DATA[b.city].value > CITY_DATA[a.city].value ? b : a));
  const incomes = of('income');
  if (incomes.length > 0) return incomes.at(-1)!;
  const discs = of('disc');
  if (discs.length > 0) {
    const cheap = discs.filter((d) => !d.disc.startsWith('hand') || me.money >= 12);
    return pick(random, cheap.length > 0 ? cheap : discs);
  }
  const routes = of('move');
  if (routes.length > 0 && view.public.phase === 'A') {
    const toKc = routes.filter((r) => r.path.at(-1) === 'KANSAS_CITY');
    if (toKc.length > 0 && handBreedingValue(hand) + me.certificates + me.permanentCertificates >= GOOD_HAND) return toKc[0]!;
    const buildings = routes.filter((r) => {
      const tile = view.public.trail[r.path.at(-1)!] ?? '';
      return r.path.at(-1) !== 'KANSAS_CITY' && (tile.startsWith('n:') || tile.startsWith(`p:${seat}:`));
    });
    if (buildings.length > 0) return pick(random, buildings);
  }
  if (of('playObjective').length > 0 && random() < 0.3) return pick(random, of('playObjective'));
  for (const type of ['buyCattle', 'build', 'hire', 'upgrade', 'upgradeStation', 'claimMaster', 'takeHazard'] as const) {
    const options = of(type);
    if (options.length > 0 && random() < 0.8) return pick(random, options);
  }
  const actions = of('action');
  if (actions.length > 0 && random() < 0.9) return pick(random, actions);
  const useful = legal.filter((m) => m.type !== 'skip' && m.type !== 'endTurn' && m.type !== 'playObjective');
  if (useful.length > 0 && random() < 0.85) return pick(random, useful);
  return pick(random, legal);
}
