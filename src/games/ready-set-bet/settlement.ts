/**
 * Settlement after each race: every placed token is paid `token × multiplier` when its bet won and
 * costs the printed penalty when it lost; VIP cards then add their race-end money and change payouts
 * and penalties. Winnings are paid before penalties are collected, so the $0 floor only ever limits
 * what is collected.
 */
import type { GameEvent } from '../../core/game.ts';
import type { RaceResult } from './data/board.ts';
import { FINISH, HORSES, finishesAhead, spaceInfo } from './data/board.ts';
import { vipDesign } from './data/vip.ts';
import { activeHoldings, bettorSeats, raceResult } from './race.ts';
import type { PlayerSettlement, Settlement, SettlementLine, State, VipHolding } from './types.ts';

/** Each seat's winning bets over the races settled so far (a VIP card's own line not counted): tie-break mostWinningBets. */
export function winningBets(state: State): number[] {
  return state.players.map((_, seat) => state.settlements.flatMap((r) => r.players.filter((p) => p.seat === seat).flatMap((p) => p.lines)).filter((l) => l.won && l.space !== '').length);
}

/** Settles the finished race on the fresh state: money, the settlement record, spent VIP cards. */
export function settleRace(state: State): GameEvent[] {
  const result = raceResult(state.positions, state.options.horseTies);
  const events: GameEvent[] = [];
  const players = bettorSeats(state).map((seat) => settleSeat(state, seat, result, events));
  const settlement: Settlement = {
    race: state.race,
    winner: HORSES[state.positions.indexOf(FINISH)]!,
    finish: HORSES.map((horse, h) => ({ horse, position: result.positions[h]!, rank: result.ranks[h]! })),
    players,
  };
  state.settlements.push(settlement);
  for (const p of players) state.players[p.seat]!.money += p.delta;
  // One-race VIP cards are used up (and shown) once their race is settled.
  for (const seat of bettorSeats(state)) {
    for (const h of activeHoldings(state, seat)) if (vipDesign(h.card).duration === 'race') spend(h);
  }
  events.push({ type: 'settled', race: state.race, winner: settlement.winner });
  return events;
}

function spend(holding: VipHolding): void {
  holding.spent = true;
  holding.revealed = true;
}

function settleSeat(state: State, seat: number, result: RaceResult, events: GameEvent[]): PlayerSettlement {
  const holdings = activeHoldings(state, seat);
  const used = new Set<VipHolding>();
  const lines: SettlementLine[] = [];

  for (const bet of state.bets) {
    if (bet.seat !== seat) continue;
    const space = spaceInfo(bet.space)!;
    const won = space.wins(result, state.options.propTieWins);
    let multiplier = space.multiplier;
    let bonusMoney = 0;
    let penalty = space.penalty;
    let waived = false;
    const names: string[] = [];
    for (const holding of holdings) {
      let applied = false;
      for (const effect of vipDesign(holding.card).effects) {
        if (won && effect.on === 'betWon' && effect.kinds.includes(space.kind)) {
          multiplier += effect.multiplier;
          bonusMoney += effect.money;
          applied = true;
        } else if (!won && effect.on === 'betLost' && effect.kinds.includes(space.kind)) {
          if (effect.penalty === 'waived') waived = true;
          else penalty += effect.penalty;
          applied = true;
        }
      }
      if (applied) {
        names.push(vipDesign(holding.card).name);
        used.add(holding);
      }
    }
    const amount = won ? bet.token * multiplier + bonusMoney : waived ? 0 : 0 - Math.max(0, penalty);
    lines.push({ space: bet.space, label: space.label, token: bet.token, won, amount, vip: names.join(', ') });
  }

  for (const holding of holdings) {
    const design = vipDesign(holding.card);
    for (const effect of design.effects) {
      if (effect.on === 'raceEnd') {
        const holds = effect.ahead.length === 0 || finishesAhead(result.positions, effect.ahead, effect.behind);
        if (!holds) continue;
        lines.push({ space: '', label: design.name, token: 0, won: true, amount: effect.money, vip: design.name });
        used.add(holding);
      } else if (effect.on === 'roll') {
        const hits = state.rollHits.find((r) => r.seat === seat && r.card === holding.card)?.count ?? 0;
        if (hits === 0) continue;
        lines.push({ space: '', label: `${design.name} (${hits}×)`, token: 0, won: true, amount: hits * effect.money, vip: design.name });
      }
    }
  }
  for (const holding of used) {
    if (holding.revealed) continue;
    holding.revealed = true;
    events.push({ type: 'vipRevealed', seat, card: holding.card, name: vipDesign(holding.card).name });
  }

  const before = state.players[seat]!.money;
  const gains = lines.reduce((sum, l) => sum + Math.max(0, l.amount), 0);
  const penalties = lines.reduce((sum, l) => sum - Math.min(0, l.amount), 0);
  const paid = state.options.moneyFloor ? Math.min(before + gains, penalties) : penalties;
  return { seat, before, gains, penalties, paid, delta: gains - paid, lines };
}
