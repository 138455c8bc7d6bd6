/** A simple bot: plays from its own view and legal list, preferring deliveries far away, objectives and building actions. */
import type { RandomSource, View } from '../../core/game.ts';
import { pick } from '../../core/rng.ts';
import { CITY_DATA } from './data/board.ts';
import type { GwtMove } from './types.ts';
import type { PrivateView, PublicView } from './view.ts';

export function bot(view: View<PublicView, PrivateView>, legal: GwtMove[], random: RandomSource): GwtMove {
  const of = <T extends GwtMove['type']>(type: T) => legal.filter((m): m is Extract<GwtMove, { type: T }> => m.type === type);
  const deliveries = of('deliver');
  if (deliveries.length > 0) return deliveries.reduce((a, b) => (CITY_DATA[b.city].value > CITY_DATA[a.city].value ? b : a));
  const incomes = of('income');
  if (incomes.length > 0) return incomes.at(-1)!;
  if (of('playObjective').length > 0 && random() < 0.5) return pick(random, of('playObjective'));
  const actions = of('action');
  if (actions.length > 0 && random() < 0.8) return pick(random, actions);
  const useful = legal.filter((m) => m.type !== 'skip' && m.type !== 'endTurn');
  if (useful.length > 0 && random() < 0.85) return pick(random, useful);
  return pick(random, legal);
}
