/** Conservation checks: cards, tiles, discs and money only from the bank. */
import { sameMultiset } from '../../core/cards/index.ts';
import { DISCS } from './data/board.ts';
import { GENERAL_OBJECTIVES, MARKET_DECK, STARTING_DECK, STARTING_OBJECTIVES } from './data/cards.ts';
import { supplyStacks } from './data/tiles.ts';
import type { GwtState } from './types.ts';

export function invariants(state: GwtState): string[] {
  const out: string[] = [];
  const players = state.players;
  const cards = [
    ...players.flatMap((p) => [...p.hand, ...p.deck, ...p.discard, ...p.objectives]),
    ...state.market, ...state.marketDeck, ...state.objectiveDisplay, ...state.objectiveStack, ...state.removedCards,
  ];
  const expectedCards = [...players.flatMap(() => STARTING_DECK), ...MARKET_DECK, ...GENERAL_OBJECTIVES, ...STARTING_OBJECTIVES];
  if (!sameMultiset(cards, expectedCards)) out.push('cattle and objective cards are not conserved');

  const tiles = [
    ...state.stacks.flat(), ...state.foresight.filter((t) => t !== ''), ...state.jobMarket.filter((t) => t !== ''),
    ...Object.values(state.trail).filter((t) => /^[ht]:/.test(t)).map((t) => t.slice(2)), ...state.removedTiles,
    ...players.flatMap((p) => [
      ...p.hazards, ...p.teepees, ...p.masterWorkers,
      ...(['cowboy', 'craftsman', 'engineer'] as const).flatMap((w) => Array.from({ length: p.workers[w] - 1 }, () => w)),
    ]),
  ];
  if (!sameMultiset(tiles, supplyStacks(state.options.cowboysInStack2).flat())) out.push('worker, hazard and teepee tiles are not conserved');

  players.forEach((p, seat) => {
    const placed = Object.values(p.cities).reduce((a, b) => a + b, 0) + state.stations.filter((s) => s.discs.includes(seat)).length;
    if (p.discs.length + placed !== DISCS.length) out.push(`seat ${seat} does not have 14 discs`);
    if (p.money < 0) out.push(`seat ${seat} has negative money`);
  });
  const start = players.reduce((sum, _, i) => sum + 6 + i, 0);
  const total = players.reduce((sum, p) => sum + p.money, 0);
  if (total !== start + state.ledger.paidOut - state.ledger.paidIn) out.push('money changed outside the bank');
  return out;
}
