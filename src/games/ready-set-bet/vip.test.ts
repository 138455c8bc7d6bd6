import { describe, expect, it } from 'vitest';
import { SPECTATOR, SYSTEM } from '../../core/game.ts';
import { VIP_DECK, VIP_DESIGNS } from './data/vip.ts';
import { game } from './index.ts';
import type { State } from './types.ts';
import { apply, edit, finishWith, fresh, linesOf, rollWith, withBets } from './test-helpers.ts';

/** Race 2 of a 3-seat game where seat 0 drafted `card` after race 1. */
function holding(card: string, drafted = 1): State {
  return edit(fresh({}, 3), (x) => {
    x.race = 2;
    x.vipDeck.splice(x.vipDeck.indexOf(card), 1);
    x.players[0]!.vip.push({ card, race: drafted, revealed: false, spent: false });
  });
}

describe('VIP deck', () => {
  it('has 32 cards, among them the three known by name', () => {
    expect(VIP_DECK).toHaveLength(32);
    expect(new Set(VIP_DECK).size).toBe(32);
    expect(VIP_DESIGNS.map((d) => d.name)).toEqual(expect.arrayContaining(['Snake Eyes & Boxcars', 'Risky Gambler', 'Side Bet']));
  });
});

describe('VIP effects', () => {
  it('Snake Eyes & Boxcars: +$1 for every 2 and every 12 rolled, shown when it first pays', () => {
    let s = rollWith(holding('snake-eyes-boxcars-1'), 1, 1);
    expect(s.rollHits).toEqual([{ seat: 0, card: 'snake-eyes-boxcars-1', count: 1 }]);
    expect(game.viewFor(s, SPECTATOR).public.players[0]!.vip).toEqual([{ id: 'snake-eyes-boxcars-1', name: 'Snake Eyes & Boxcars', spent: false }]);
    s = rollWith(rollWith(s, 6, 6), 3, 4);
    s = finishWith(s, '8');
    expect(linesOf(s, 0).lines).toEqual([{ space: '', label: 'Snake Eyes & Boxcars (2×)', token: 0, won: true, amount: 2, vip: 'Snake Eyes & Boxcars' }]);
    expect(s.players[0]!.money).toBe(2);
  });

  it('a card drafted after this race’s predecessor only works from the race after', () => {
    const s = rollWith(holding('snake-eyes-boxcars-1', 2), 1, 1);
    expect(s.rollHits).toEqual([]);
  });

  it('Risky Gambler: winning bets pay $2 more, losing bets cost $1 more (even on a free space)', () => {
    const s = finishWith(withBets(holding('risky-gambler-1'), [[0, 'win-8-a', 2], [0, 'win-7-c', 3], [0, 'seven-fifth-or-worse', 2]]), '8', { '7': 12 });
    expect(linesOf(s, 0).lines.map((l) => [l.amount, l.vip])).toEqual([
      [3 * 2 + 2, 'Risky Gambler'],
      [-3, 'Risky Gambler'],
      [-1, 'Risky Gambler'],
    ]);
  });

  it('Side Bet (next race only): +$6 when an orange horse beats both reds; then it is spent', () => {
    const won = finishWith(holding('side-bet-1'), '9', { '6': 10, '8': 12 });
    expect(linesOf(won, 0).lines.map((l) => l.amount)).toEqual([6]);
    expect(won.players[0]!.vip[0]).toMatchObject({ revealed: true, spent: true });
    const lost = finishWith(holding('side-bet-1'), '6', { '9': 12 });
    expect(linesOf(lost, 0).lines).toEqual([]);
    expect(lost.players[0]!.vip[0]).toMatchObject({ revealed: true, spent: true });
  });

  it('Long Shot: +$8 when a blue horse wins', () => {
    expect(linesOf(finishWith(holding('long-shot-1'), '4'), 0).lines.map((l) => l.amount)).toEqual([8]);
    expect(linesOf(finishWith(holding('long-shot-1'), '5'), 0).lines).toEqual([]);
  });

  it('Lucky Seven: +$1 per 7 rolled in its race', () => {
    const s = finishWith(rollWith(rollWith(holding('lucky-seven-1'), 3, 4), 2, 5), '6');
    expect(linesOf(s, 0).lines.map((l) => l.amount)).toEqual([2]);
  });

  it('Bonus Token: the token joins the player’s set at once, for the rest of the game, and the card is shown', () => {
    let s = apply(finishWith(fresh({}, 2), '6'), SYSTEM, { type: 'continue' });
    s = edit(s, (x) => {
      x.vipDeck.push(...x.players[0]!.offer);
      x.players[0]!.offer = ['bonus-token-4-1', 'insurance-1'];
      x.vipDeck.splice(x.vipDeck.indexOf('bonus-token-4-1'), 1);
      x.vipDeck.splice(x.vipDeck.indexOf('insurance-1'), 1);
    });
    s = apply(s, 0, { type: 'keepVip', card: 'bonus-token-4-1' });
    s = apply(s, 1, { type: 'keepVip', card: s.players[1]!.offer[0] });
    expect(s.players[0]!.tokens).toEqual([2, 3, 3, 4, 5, 4]);
    expect(s.players[0]!.vip[0]!.revealed).toBe(true);
    expect(game.invariants!(s)).toEqual([]);
    s = apply(apply(s, 0, { type: 'bet', space: 'win-7-a', token: 4 }), 0, { type: 'bet', space: 'win-7-b', token: 4 });
    expect(s.bets).toHaveLength(2);
  });

  it("Owner's Box / Grandstand / Rail Seat / Insider / Connoisseur / Colour Commentator: 1× more on that kind of bet", () => {
    const cases: [string, string, number][] = [
      ['owners-box-1', 'win-8-a', 4 * 2],
      ['grandstand-1', 'place-8-a', 3 * 2],
      ['rail-seat-1', 'show-8-a', 2 * 2],
      ['colour-commentator-1', 'red-wins', 3 * 2],
    ];
    for (const [card, space, amount] of cases) {
      const s = finishWith(withBets(holding(card), [[0, space, 2], [0, 'win-7-a', 3]]), '8');
      expect(linesOf(s, 0).lines.map((l) => l.amount)).toEqual([amount, -4]);
    }
    const prop = finishWith(withBets(edit(holding('insider-1'), (x) => (x.props = ['prop-4'])), [[0, 'prop-4', 2]]), '9');
    expect(linesOf(prop, 0).lines[0]!.amount).toBe(2 * 3);
    const exotic = finishWith(withBets(edit(holding('connoisseur-1'), (x) => (x.exotics = ['blow-out'])), [[0, 'exotic-blow-out-1', 2]]), '9');
    expect(linesOf(exotic, 0).lines[0]!.amount).toBe(2 * 5);
  });

  it('Insurance: each losing bet costs $1 less, never below $0', () => {
    const s = finishWith(withBets(holding('insurance-1'), [[0, 'win-7-a', 2], [0, 'win-7-b', 3], [0, 'win-7-c', 4]]), '8');
    expect(linesOf(s, 0).lines.map((l) => l.amount)).toEqual([-3, -2, -1]);
    const free = finishWith(withBets(holding('insurance-1'), [[0, 'win-4-c', 2]]), '8');
    expect(linesOf(free, 0).lines[0]!.amount).toBe(0);
  });

  it('Safety Net: losing bets cost nothing in its race', () => {
    const s = finishWith(withBets(holding('safety-net-1'), [[0, 'place-7-a', 5]]), '8', { '6': 12 });
    expect(linesOf(s, 0).lines[0]).toMatchObject({ won: false, amount: 0, vip: 'Safety Net' });
    expect(s.players[0]!.vip[0]!.spent).toBe(true);
  });

  it('Comped Suite: +$2 at the end of every race; High Roller: +$6 once', () => {
    const suite = finishWith(holding('comped-suite-1'), '8');
    expect(linesOf(suite, 0).lines.map((l) => l.amount)).toEqual([2]);
    expect(suite.players[0]!.vip[0]!.spent).toBe(false);
    const roller = finishWith(holding('high-roller-1'), '8');
    expect(linesOf(roller, 0).lines.map((l) => l.amount)).toEqual([6]);
    expect(roller.players[0]!.vip[0]!.spent).toBe(true);
  });

  it('an unused persistent card stays hidden from the others', () => {
    const s = finishWith(holding('insurance-1'), '8');
    expect(game.viewFor(s, 1).public.players[0]).toMatchObject({ vip: [], hiddenVip: 1 });
    expect(game.viewFor(s, 0).private!.hand.map((c) => c.id)).toEqual(['insurance-1']);
    expect(game.invariants!(s)).toEqual([]);
  });
});
