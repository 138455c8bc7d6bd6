/**
 * What each listed move of the player to act does to their money, for their private view: a client knows no rules,
 * so the server says what a choice costs or brings ("Take your income · +$9", "Buy … · −$6").
 *
 * Computed from the rules' own cost functions, not by playing every move (a copy of the state per move would cost
 * more than the projection itself). Only what the player already knows goes in: the public table and their own
 * hand. No money outcome depends on anything hidden: the moves that draw (cards, the market's deck, the objective
 * stack, the foresight refill) move no money, so they are left unquoted like every other move that moves none.
 */
import { CATTLE_PRICES, CITY_DATA, STATIONS, STATION_MASTER_DATA } from './data/board.ts';
import { CATTLE, OBJECTIVES } from './data/cards.ts';
import { teepeeValue } from './data/trail.ts';
import { actionEffect, actionMoney, legalMoves } from './moves.ts';
import { buildOptions, discMoney, engineAuxTerms, hireOptions, incomeValue, routeFee, transportCost } from './rules.ts';
import type { GwtMove, GwtState, Step } from './types.ts';

/**
 * The seat's listed moves that move its money, keyed by the move's JSON text (as the room keys `legalMoves`): the
 * signed change each makes itself. A delivery's is its transport cost alone: a city's payment (Kansas City's $6) comes
 * with the disc placed next, and is quoted there, once (`names.cityPayments` says it beside the delivery).
 */
export function quotes(state: GwtState, seat: number): Record<string, number> {
  const out: Record<string, number> = {};
  if (state.over || seat !== state.current) return out;
  const step = state.turn.stack.at(-1);
  // A step's options, listed once for all of its moves.
  const hires = step?.kind === 'hire' ? hireOptions(state, seat, step.mod) : [];
  const builds = step?.kind === 'build' ? buildOptions(state, seat, step.perCraftsman) : [];
  for (const move of legalMoves(state, seat)) {
    let money: number;
    if (move.type === 'hire') money = -(hires.find((o) => o.slot === move.slot)?.cost ?? 0);
    else if (move.type === 'build') money = -(builds.find((o) => o.building === move.building && o.space === move.space)?.cost ?? 0);
    else money = quote(state, step, move);
    if (money !== 0) out[JSON.stringify(move)] = money;
  }
  return out;
}

/** One move's money as its effect in moves.ts pays it (0 for a move that moves none). */
function quote(state: GwtState, step: Step | undefined, move: GwtMove): number {
  const p = state.players[state.current]!;
  switch (move.type) {
    case 'move':
      // Fees are paid as far as the money goes (`payWhatYouCan`).
      return step?.kind === 'move' && step.ignoreFees ? 0 : -Math.min(routeFee(state, state.current, move.path), p.money);
    case 'action': {
      const effect = actionEffect(state.turn.session!, move.action);
      if (effect.k === 'money' || effect.k === 'teepeePairs') return actionMoney(state, effect);
      if (effect.k === 'discard' || effect.k === 'discardPair' || effect.k === 'discardAny') return effect.money ?? 0;
      return effect.k === 'payEngine' ? -effect.cost : 0;
    }
    case 'aux':
      if (move.aux === 1) return move.double ? 2 : 1;
      return -(engineAuxTerms(state, move.aux, move.double ? 2 : 1)?.cost ?? 0);
    case 'playObjective':
      return OBJECTIVES[move.card]?.action === 'gain2' ? 2 : 0;
    case 'engine':
      return step?.kind === 'engineBack' && (step.reward === 'money3' || step.reward === 'end39') ? 3 : 0;
    case 'upgrade':
      return step?.kind === 'upgrade' ? -STATIONS[step.station]!.cost : 0;
    case 'upgradeStation':
      return -STATIONS[move.station]!.cost;
    case 'disc': {
      const { gain, cost } = discMoney(move.disc);
      return gain - cost + (step?.kind === 'disc' && step.city !== '' ? CITY_DATA[step.city].money : 0);
    }
    case 'claimMaster': {
      const now = step?.kind === 'master' ? STATION_MASTER_DATA[state.stations[step.station]!.master]?.now : undefined;
      return now && 'money' in now ? now.money : 0;
    }
    case 'takeHazard':
      return step?.kind === 'hazard' ? -step.cost : 0;
    case 'takeTeepee':
      return step?.kind === 'hazard' && state.options.stationMasterTeepee === 'free' ? 0 : teepeeValue(move.space);
    case 'discard':
      if (step?.kind !== 'jersey') return 0;
      return step.bonus === 'jerseyMoney2' ? 2 : step.bonus === 'jerseyMoney4' ? 4 : 0;
    case 'buyCattle': {
      const bv = CATTLE[move.cards[0]!]!.breedingValue;
      return -CATTLE_PRICES.find((c) => c.cowboys === move.cowboys && c.bv === bv)!.price;
    }
    case 'income':
      return incomeValue(p, move);
    case 'deliver':
      return step?.kind === 'deliver' && step.extraordinary ? 0 : -transportCost(state, state.current, move.city);
    default:
      return 0;
  }
}
