import { describe, expect, it } from 'vitest';
import { toJSONSchema } from 'zod';
import { SPECTATOR, SYSTEM, recordedOptions } from '../../core/game.ts';
import { randomSource } from '../../core/rng.ts';
import { verifyRecord } from '../../server/verify.ts';
import { game } from './index.ts';
import {
  apply,
  bet,
  edit,
  errorCode,
  finishWith,
  forceDice,
  fresh,
  linesOf,
  position,
  rollSum,
  rollWith,
  setPositions,
  withBets,
} from './test-helpers.ts';

describe('setup', () => {
  it('gives every bettor tokens 2, 3, 3, 4, 5 and $0, with 5 props and race 1’s exotic card face up', () => {
    const s = fresh();
    expect(s.players.map((p) => p.tokens)).toEqual([[2, 3, 3, 4, 5], [2, 3, 3, 4, 5], [2, 3, 3, 4, 5], [2, 3, 3, 4, 5]]);
    expect(s.players.every((p) => p.money === 0)).toBe(true);
    expect(s.props).toHaveLength(5);
    expect(s.propDeck).toHaveLength(23);
    expect(s.exotics).toHaveLength(1);
    expect(s.exoticDeck).toHaveLength(4);
    expect(s.vipDeck).toHaveLength(32);
    expect(s.race).toBe(1);
    expect(s.positions).toEqual([0, 0, 0, 0, 0, 0, 0, 0, 0]);
  });

  it('at 7–8 bettors each player returns one 3 token', () => {
    expect(fresh({}, 7).players[0]!.tokens).toEqual([2, 3, 4, 5]);
    expect(fresh({}, 8).players[7]!.tokens).toEqual([2, 3, 4, 5]);
    expect(fresh({}, 6).players[0]!.tokens).toEqual([2, 3, 3, 4, 5]);
  });

  it('option fewerTokensAtSeven: false keeps both 3 tokens at 7–8 bettors', () => {
    expect(fresh({ fewerTokensAtSeven: false }, 8).players[0]!.tokens).toEqual([2, 3, 3, 4, 5]);
  });

  it('counts only non-host players for the 7–8 rule', () => {
    expect(fresh({ hostMode: 'hostSeat' }, 8).players[1]!.tokens).toEqual([2, 3, 4, 5]);
    expect(fresh({ hostMode: 'hostSeat' }, 7).players[1]!.tokens).toEqual([2, 3, 3, 4, 5]);
  });

  it('option startingMoney', () => {
    expect(fresh({ startingMoney: 10 }).players[2]!.money).toBe(10);
  });

  it('options props / exotics / vip: false leave those decks out (simpler first games)', () => {
    const s = fresh({ props: false, exotics: false, vip: false });
    expect([s.props, s.exotics, s.vipDeck]).toEqual([[], [], []]);
  });

  it('first games may leave out the Prop Bet, Exotic Finish and / or VIP cards: each on its own, the others stay', () => {
    // «… میتوانید در دفعات اوّل، از کارتهای شرطبندی فرعی، کارتهای پایان استثنایی و / یا کارتهای VIP استفاده نکنید»
    const kinds = (s: ReturnType<typeof fresh>) => {
      const free = game.choices!(s).freeSpaces as readonly string[];
      return [free.filter((id) => id.startsWith('prop-')).length, free.filter((id) => id.startsWith('exotic-')).length, s.vipDeck.length];
    };
    expect(kinds(fresh())).toEqual([5, 3, 32]);
    expect(kinds(fresh({ props: false }))).toEqual([0, 3, 32]);
    expect(kinds(fresh({ exotics: false }))).toEqual([5, 0, 32]);
    expect(kinds(fresh({ vip: false }))).toEqual([5, 3, 0]);
    const noProps = fresh({ props: false });
    expect(errorCode(noProps, 0, { type: 'bet', space: 'prop-1', token: 2 })).toBe('ready-set-bet/unknown-space');
    // Left out for the whole game: the next race deals none either, and without VIP cards there is no draft.
    const next = apply(finishWith(fresh({ props: false, exotics: false, vip: false }, 2), '6'), SYSTEM, { type: 'continue' });
    expect([next.race, next.phase, next.props, next.exotics]).toEqual([2, 'racing', [], []]);
  });

  it('shuffles the Prop Bet, Exotic Finish and VIP decks: another seed deals another order', () => {
    const a = fresh({}, 4, 'deal-a');
    const b = fresh({}, 4, 'deal-b');
    expect([...a.props, ...a.propDeck]).not.toEqual([...b.props, ...b.propDeck]);
    expect([...a.exotics, ...a.exoticDeck]).not.toEqual([...b.exotics, ...b.exoticDeck]);
    expect(a.vipDeck).not.toEqual(b.vipDeck);
    expect([...a.props, ...a.propDeck].sort()).toEqual([...b.props, ...b.propDeck].sort());
  });

  it('the 3 returned at 7–8 bettors stays in the box: every later race starts with 2, 3, 4, 5', () => {
    const s = apply(finishWith(bet(fresh({ vip: false }, 7), 0, 'win-7-a', 3), '6'), SYSTEM, { type: 'continue' });
    expect(s.race).toBe(2);
    expect(s.players.map((p) => p.tokens)).toEqual(Array(7).fill([2, 3, 4, 5]));
    expect(game.viewFor(s, SPECTATOR).public.players[0]!.available).toEqual([2, 3, 4, 5]);
  });

  it('rejects a host-seat table with fewer than two bettors', () => {
    expect(game.validateSetup!(game.options.parse({ hostMode: 'hostSeat' }), 2)?.code).toBe('ready-set-bet/too-few-bettors');
    expect(game.validateSetup!(game.options.parse({ hostMode: 'hostSeat', hostBets: true }), 2)).toBeNull();
    expect(game.validateSetup!(game.options.parse({}), 2)).toBeNull();
  });
});

describe('the race', () => {
  it('a roll moves the horse of the dice sum one space', () => {
    const s = rollWith(fresh(), 2, 4);
    expect(position(s, '6')).toBe(1);
    expect(s.lastRoll).toEqual({ a: 2, b: 4, sum: 6, horse: '6', moved: 1, bonus: 0 });
  });

  it('2 and 3 move the 2/3 horse; 11 and 12 move the 11/12 horse', () => {
    let s = rollWith(fresh(), 1, 1);
    s = rollWith(edit(s, (x) => (x.lastRoll = null)), 1, 2);
    expect(position(s, '2/3')).toBe(2);
    s = rollWith(s, 5, 6);
    s = rollWith(edit(s, (x) => (x.lastRoll = null)), 6, 6);
    expect(position(s, '11/12')).toBe(2);
  });

  it('the same result twice in a row gives the bonus: red +1, orange +2, blue +3, 7 none', () => {
    const twice = (a: number, b: number) => rollWith(rollWith(fresh(), a, b), a, b);
    expect(position(twice(3, 3), '6')).toBe(1 + 2);
    expect(position(twice(4, 5), '9')).toBe(1 + 3);
    expect(position(twice(4, 6), '10')).toBe(1 + 4);
    expect(position(twice(3, 4), '7')).toBe(2);
  });

  it('rulebook example: 3 then 2 gives the 2/3 horse its bonus; a third 2 or 3 does not; a fourth does', () => {
    let s = rollWith(fresh(), 1, 2);
    expect(position(s, '2/3')).toBe(1);
    s = rollWith(s, 1, 1);
    expect(position(s, '2/3')).toBe(5);
    s = rollWith(s, 1, 1);
    expect(position(s, '2/3')).toBe(6);
    s = rollWith(s, 1, 2);
    expect(position(s, '2/3')).toBe(10);
  });

  it('every horse’s repeat bonus is the number by its start space: 6 and 8 +1, 5 and 9 +2, 2/3, 4, 10 and 11/12 +3, 7 none', () => {
    const expected: [string, number][] = [['2/3', 3], ['4', 3], ['5', 2], ['6', 1], ['7', 0], ['8', 1], ['9', 2], ['10', 3], ['11/12', 3]];
    const sums: Record<string, number> = { '2/3': 2, '11/12': 12 };
    for (const [horse, bonus] of expected) {
      const sum = sums[horse] ?? Number(horse);
      const s = rollSum(rollSum(fresh(), sum), sum);
      expect([horse, s.lastRoll!.moved, s.lastRoll!.bonus, position(s, horse)]).toEqual([horse, 1 + bonus, bonus, 2 + bonus]);
    }
    // The number printed by each start space is on the table for the players to read.
    expect(game.viewFor(fresh(), SPECTATOR).public.horses.map((h) => [h.horse, h.bonus])).toEqual(expected);
  });

  it('a two-number horse’s bonus comes with either of its numbers: a 2 then a 2 or a 3; an 11 or a 12 then an 11 or a 12', () => {
    for (const [first, second, horse] of [[2, 2, '2/3'], [2, 3, '2/3'], [11, 11, '11/12'], [11, 12, '11/12'], [12, 11, '11/12'], [12, 12, '11/12']] as const) {
      const s = rollSum(rollSum(fresh(), first), second);
      expect([first, second, position(s, horse)]).toEqual([first, second, 1 + 1 + 3]);
    }
  });

  it('the third identical roll in a row gives no bonus and the fourth does, for every horse: 8, 8, 8, 8 moves 1, 2, 1, 2', () => {
    let s = fresh();
    const moved: number[] = [];
    for (let i = 0; i < 4; i++) {
      s = rollSum(s, 8);
      moved.push(s.lastRoll!.moved);
    }
    expect(moved).toEqual([1, 2, 1, 2]);
    expect(position(s, '8')).toBe(6);
  });

  it('option repeatMatch: sum — a 3 then a 2 is no repeat', () => {
    const s = rollWith(rollWith(fresh({ repeatMatch: 'sum' }), 1, 2), 1, 1);
    expect(position(s, '2/3')).toBe(2);
  });

  it('option tripleRule: false — every repeat gives the bonus', () => {
    let s = fresh({ tripleRule: false });
    for (let i = 0; i < 3; i++) s = rollWith(s, 3, 3);
    expect(position(s, '6')).toBe(1 + 2 + 2);
  });

  it('a roll of a different horse breaks the pair', () => {
    const s = rollWith(rollWith(rollWith(fresh(), 3, 3), 3, 4), 3, 3);
    expect(position(s, '6')).toBe(2);
  });

  it('the race ends at once when a horse reaches 15; an overshoot is capped at 15', () => {
    let s = edit(setPositions(fresh(), { '6': 14 }), (x) => (x.lastRoll = { a: 3, b: 3, sum: 6, horse: '6', moved: 1, bonus: 0 }));
    s = edit(s, (x) => (x.bonusArmed = true));
    s = rollWith(s, 2, 4);
    expect(position(s, '6')).toBe(15);
    expect(s.phase).toBe('results');
    expect(s.settlements).toHaveLength(1);
    expect(s.settlements[0]!.winner).toBe('6');
    expect(errorCode(s, 0, { type: 'bet', space: 'win-7-a', token: 2 })).toBe('ready-set-bet/betting-closed');
  });

  it('a horse entering the finish space ends the race at once even before "no more bets": no more bets, no more rolls', () => {
    // «وقتی که یکی از اسبها وارد خانهی پایان (خانهی 15) شود، مسابقه درجا به پایان میرسد و دیگر هیچ توکنی نمیتواند روی
    // صفحهی شرطبندی گذاشته شود (البته ممکن است که قبلتر "پایان شرطبندی!" اعلام شده باشد)»
    let s = bet(setPositions(rollSum(fresh({ hostMode: 'hostSeat' }), 7, 0), { '8': 14, '6': 12 }), 1, 'place-6-a', 3);
    expect([s.bettingOpen, s.positions.filter((p) => p >= 10).length]).toEqual([true, 2]);
    s = rollSum(s, 8, 0);
    expect([position(s, '8'), s.phase, s.bettingOpen]).toEqual([15, 'results', false]);
    for (const seat of [1, 2, 3]) expect(errorCode(s, seat, { type: 'bet', space: 'win-7-a', token: 2 })).toBe('ready-set-bet/betting-closed');
    expect(errorCode(s, 0, { type: 'roll' })).toBe('ready-set-bet/not-your-roll');
    // The horses stay where they are for the results: the bet placed before the finish is settled on them (6 is 2nd).
    expect(linesOf(s, 1).lines).toMatchObject([{ space: 'place-6-a', token: 3, won: true, amount: 6 }]);
  });

  it('a horse one short of the finish space (15) is still racing: bets are still taken', () => {
    const s = rollSum(setPositions(fresh(), { '6': 13 }), 6);
    expect([position(s, '6'), s.phase, s.bettingOpen]).toEqual([14, 'racing', true]);
    expect(errorCode(s, 0, { type: 'bet', space: 'win-6-a', token: 2 })).toBe('ok');
  });

  it('the horses stay where they finished until the results are settled; the next race starts them from the start spaces', () => {
    const done = finishWith(fresh({ vip: false }, 2), '6', { '8': 12, '5': 7 });
    const finished = game.viewFor(done, SPECTATOR).public.horses.map((h) => h.position);
    expect(finished).toEqual([0, 0, 7, 15, 0, 12, 0, 0, 0]);
    expect(game.viewFor(apply(done, 0, { type: 'ready' }), SPECTATOR).public.horses.map((h) => h.position)).toEqual(finished);
    const next = apply(done, SYSTEM, { type: 'continue' });
    expect([next.race, next.positions, next.lastRoll]).toEqual([2, [0, 0, 0, 0, 0, 0, 0, 0, 0], null]);
  });

  it('a new race starts a new run of rolls: its first roll is no repeat of the last roll of the race before', () => {
    // Between races the race board goes back to how it was set up («صفحهی مسابقه را نیز به حالت اوّلیه ... برگردانید»):
    // the bonus is for the same result twice in a row within a race.
    const done = finishWith(fresh({ vip: false }, 2), '8', { '6': 3 });
    expect(done.settlements[0]!.winner).toBe('8');
    const next = rollSum(apply(done, SYSTEM, { type: 'continue' }), 8);
    expect([next.race, position(next, '8'), next.lastRoll!.bonus]).toEqual([2, 1, 0]);
    // Within the new race the second 8 in a row is the repeat.
    expect(position(rollSum(next, 8), '8')).toBe(1 + 2);
  });

  it('four races: the first three lead on to another race, the fourth ends the game', () => {
    for (const race of [1, 2, 3]) {
      const s = finishWith(edit(fresh({ vip: false }, 2), (x) => (x.race = race)), '8');
      expect([race, s.phase]).toEqual([race, 'results']);
      expect(apply(s, SYSTEM, { type: 'continue' }).race).toBe(race + 1);
    }
  });

  it('the fourth race ends the game', () => {
    const s = finishWith(edit(fresh(), (x) => (x.race = 4)), '8');
    expect(s.phase).toBe('over');
    expect(game.activeActors(s)).toEqual([]);
    expect(game.outcome(s)).not.toBeNull();
  });

  it('every roll is announced to the table with its dice, sum and bonus: a 2 (snake eyes) and a 12 (boxcars) too', () => {
    const twelve = game.applyMove(forceDice(fresh({ hostMode: 'hostSeat' }), 6, 6), 0, { type: 'roll' });
    expect(twelve.ok && twelve.events).toEqual([{ type: 'roll', a: 6, b: 6, sum: 12, horse: '11/12', moved: 1, bonus: 0 }]);
    const two = game.applyMove(forceDice(twelve.ok ? twelve.state : fresh(), 1, 1), 0, { type: 'roll' });
    expect(two.ok && two.events).toEqual([{ type: 'roll', a: 1, b: 1, sum: 2, horse: '2/3', moved: 1, bonus: 0 }]);
    const repeat = rollWith(two.ok ? two.state : fresh(), 1, 2, 0);
    for (const viewer of [SPECTATOR, 1, 3]) expect(game.viewFor(repeat, viewer).public.lastRoll).toEqual({ a: 1, b: 2, sum: 3, horse: '2/3', moved: 4, bonus: 3 });
  });

  it('"No more bets" when the third horse crosses the red line (position 10)', () => {
    let s = setPositions(fresh(), { '4': 10, '5': 12, '6': 9 });
    s = rollSum(s, 8);
    expect(s.bettingOpen).toBe(true);
    s = rollSum(s, 6);
    expect(s.bettingOpen).toBe(false);
    expect(errorCode(s, 1, { type: 'bet', space: 'win-7-a', token: 2 })).toBe('ready-set-bet/betting-closed');
    expect(game.activeActors(s)).toEqual([SYSTEM]);
  });

  it('a horse carried over the red line by its repeat bonus has crossed it: with the third, "no more bets"', () => {
    let s = setPositions(fresh(), { '4': 10, '5': 11, '9': 8 });
    s = rollSum(s, 9);
    expect([position(s, '9'), s.bettingOpen]).toEqual([9, true]);
    const jump = game.applyMove(forceDice(s, 4, 5), SYSTEM, { type: 'roll' });
    expect(jump.ok && jump.events).toEqual([
      { type: 'roll', a: 4, b: 5, sum: 9, horse: '9', moved: 3, bonus: 2 },
      { type: 'redLine', horse: '9', crossed: 3 },
      { type: 'noMoreBets' },
    ]);
  });

  it('"no more bets" counts horses, not crossings: a horse already past the red line moving on is no new crossing', () => {
    // «… وقتی که سوّمین اسب از خطّ قرمز عبور کند، میزبان باید فریاد بزند "پایان شرطبندی!"» — the third horse to cross.
    let s = setPositions(fresh(), { '4': 10, '5': 11 });
    for (const [a, b] of [[2, 3], [1, 3], [2, 3]] as const) {
      const moved = game.applyMove(forceDice(s, a, b), SYSTEM, { type: 'roll' });
      expect(moved.ok && moved.events.map((e) => e.type)).toEqual(['roll']);
      s = moved.ok ? moved.state : s;
    }
    expect([position(s, '5'), position(s, '4'), s.bettingOpen, game.viewFor(s, SPECTATOR).public.crossed]).toEqual([13, 11, true, 2]);
    expect(errorCode(s, 0, { type: 'bet', space: 'win-8-a', token: 2 })).toBe('ok');
    // A third horse does close it.
    const third = game.applyMove(forceDice(setPositions(s, { '8': 9 }), 4, 4), SYSTEM, { type: 'roll' });
    expect(third.ok && third.events.map((e) => e.type)).toEqual(['roll', 'redLine', 'noMoreBets']);
  });

  it('option redLine: 9 closes betting one space earlier', () => {
    const s = rollSum(setPositions(fresh({ redLine: 9 }), { '4': 9, '5': 9, '6': 8 }), 6);
    expect(s.bettingOpen).toBe(false);
  });

  it('announces each horse crossing the red line, then "no more bets" with the third', () => {
    const second = game.applyMove(forceDice(setPositions(fresh(), { '4': 10, '6': 9 }), 3, 3), SYSTEM, { type: 'roll' });
    expect(second.ok && second.events.map((e) => e.type)).toEqual(['roll', 'redLine']);
    const third = game.applyMove(forceDice(setPositions(fresh(), { '4': 10, '5': 10, '6': 9 }), 3, 3), SYSTEM, { type: 'roll' });
    expect(third.ok && third.events).toEqual([
      { type: 'roll', a: 3, b: 3, sum: 6, horse: '6', moved: 1, bonus: 0 },
      { type: 'redLine', horse: '6', crossed: 3 },
      { type: 'noMoreBets' },
    ]);
  });
});

describe('betting', () => {
  it('bets are open before the first roll and during the race, from every bettor at once', () => {
    const s = fresh();
    expect(game.activeActors(s)).toEqual([SYSTEM, 0, 1, 2, 3]);
    const next = bet(s, 2, 'win-7-a', 5);
    expect(next.bets).toEqual([{ space: 'win-7-a', seat: 2, token: 5 }]);
  });

  it('lists one bet per free space per distinct token value, plus pass', () => {
    const moves = game.legalMoves(fresh(), 0);
    expect(moves.filter((m) => m.type === 'bet')).toHaveLength((63 + 4 + 5 + 3) * 4);
    expect(moves.at(-1)).toEqual({ type: 'pass' });
  });

  it('syncs the bets as one pattern per token value over the public free spaces', () => {
    const s = bet(fresh(), 1, 'win-7-a', 5);
    expect(game.legalMovePatterns!(s, 0)).toEqual([
      ...[2, 3, 4, 5].map((token) => ({ type: 'bet', space: { $oneOf: 'freeSpaces' }, token })),
      { type: 'pass' },
    ]);
    const free = game.choices!(s).freeSpaces!;
    expect(free).toHaveLength(63 + 4 + 5 + 3 - 1);
    expect(free).not.toContain('win-7-a');
    // Between races there is nothing to bet on.
    expect(game.choices!(finishWith(fresh({ vip: false }, 2), '6'))).toEqual({});
  });

  it('keeps what a bet or a roll leaves unchanged as the same objects, and so the same views', () => {
    const s = fresh({ vip: false });
    const afterBet = bet(s, 2, 'win-7-a', 5);
    expect(afterBet.players).toBe(s.players);
    expect(afterBet.positions).toBe(s.positions);
    const before = game.viewFor(s, SPECTATOR).public;
    const after = game.viewFor(afterBet, SPECTATOR).public;
    expect(after.horses).toBe(before.horses);
    expect(after.players[0]).toBe(before.players[0]);
    expect(after.players[2]).not.toBe(before.players[2]); // its 5 is on the board
    expect(after.players[2]!.available).toEqual([2, 3, 3, 4]);
    const forced = forceDice(afterBet, 3, 4);
    const afterRoll = apply(forced, SYSTEM, { type: 'roll' });
    expect(afterRoll.players).toBe(forced.players);
    expect(afterRoll.propDeck).toBe(forced.propDeck); // the decks a roll does not touch: not copies
    expect(afterRoll.options).toBe(forced.options);
    expect(afterRoll.positions).not.toBe(forced.positions);
    expect(afterRoll.rng).not.toEqual(forced.rng);
    expect(game.viewFor(afterRoll, SPECTATOR).public.players[2]).toBe(game.viewFor(forced, SPECTATOR).public.players[2]);
    // A settlement changes the money: new objects.
    const settled = finishWith(afterBet, '7');
    expect(settled.players[2]!.money).not.toBe(afterBet.players[2]!.money);
    expect(settled.players).not.toBe(afterBet.players);
  });

  it('bets go down quickly or slowly, as each player likes: no seat is waited for or clocked while the dice roll', () => {
    // «بازیکنان در جریان هر مسابقه، میتوانند توکنهای خود را "بهسرعت" یا "بدونعجله" بر روی صفحهی شرطبندی بگذارند»
    for (const options of [{}, { hostMode: 'hostSeat' }, { hostMode: 'hostSeat', hostBets: true, hostBetsFirst: false }]) {
      const s = rollSum(fresh(options), 7, options.hostMode ? 0 : SYSTEM);
      const bettors = game.activeActors(s).filter((a) => a >= 0 && a !== s.hostSeat);
      expect(bettors.length, JSON.stringify(options)).toBeGreaterThan(0);
      for (const seat of bettors) expect(game.optionalMove!(s, seat), JSON.stringify(options)).toBe(true);
      // The race goes on without them: the roller's roll is taken with every bettor's tokens still in hand.
      expect(rollSum(s, 6, options.hostMode ? 0 : SYSTEM).rolls).toBe(2);
    }
  });

  it('one token per space: the first claim wins, a later one is rejected', () => {
    const s = bet(fresh(), 0, 'place-8-a', 3);
    expect(errorCode(s, 1, { type: 'bet', space: 'place-8-a', token: 5 })).toBe('ready-set-bet/space-taken');
    expect(errorCode(s, 0, { type: 'bet', space: 'place-8-a', token: 4 })).toBe('ready-set-bet/space-taken');
  });

  it('any token on any empty space: one player may back one horse several ways and take colour, prop and exotic spaces too', () => {
    // «بازیکنان میتوانند هر کدام از توکنهای خود را در هر کدام از خانههای شرطبندیِ خالیِ صفحه بگذارند»
    let s = fresh();
    const spaces = ['win-7-a', 'place-7-b', 'show-7-a', s.props[0]!, `exotic-${s.exotics[0]}-2`];
    [5, 2, 4, 3, 3].forEach((token, i) => (s = bet(s, 1, spaces[i]!, token)));
    expect(s.bets.map((b) => [b.seat, b.space])).toEqual(spaces.map((space) => [1, space]));
    expect(bet(fresh(), 2, 'blue-wins', 2).bets).toEqual([{ space: 'blue-wins', seat: 2, token: 2 }]);
  });

  it('a token once placed is used for the race; the second 3 can still go', () => {
    let s = bet(fresh(), 0, 'win-6-a', 5);
    expect(errorCode(s, 0, { type: 'bet', space: 'win-6-b', token: 5 })).toBe('ready-set-bet/token-used');
    s = bet(bet(s, 0, 'show-6-a', 3), 0, 'show-6-b', 3);
    expect(errorCode(s, 0, { type: 'bet', space: 'show-7-a', token: 3 })).toBe('ready-set-bet/token-used');
  });

  it('rejects tokens the player never had and spaces not on the table', () => {
    const s = fresh();
    expect(errorCode(s, 0, { type: 'bet', space: 'win-6-a', token: 1 })).toBe('ready-set-bet/no-such-token');
    expect(errorCode(s, 0, { type: 'bet', space: 'win-13-a', token: 2 })).toBe('ready-set-bet/unknown-space');
    const offTable = ['prop-1', 'prop-2', 'prop-3', 'prop-4', 'prop-5', 'prop-6'].find((p) => !s.props.includes(p))!;
    expect(errorCode(s, 0, { type: 'bet', space: offTable, token: 2 })).toBe('ready-set-bet/unknown-space');
    expect(errorCode(s, 0, { type: 'bet', space: s.props[0], token: 2 })).toBe('ok');
    expect(errorCode(s, 0, { type: 'bet', space: 7, token: 2 })).toBe('core/malformed-move');
  });

  it('a player with every token placed drops out of the active bettors', () => {
    let s = fresh({}, 2);
    for (const [space, token] of [['win-2/3-a', 2], ['win-4-a', 3], ['win-5-a', 3], ['win-6-a', 4], ['win-7-a', 5]] as const) {
      s = bet(s, 0, space, token);
    }
    expect(game.activeActors(s)).toEqual([SYSTEM, 1]);
    expect(game.legalMoves(s, 0)).toEqual([]);
    expect(errorCode(s, 0, { type: 'bet', space: 'win-8-a', token: 2 })).toBe('ready-set-bet/token-used');
  });

  it('pass: the player stops betting for this race; unplaced tokens cost nothing', () => {
    const s = apply(fresh(), 1, { type: 'pass' });
    expect(game.activeActors(s)).toEqual([SYSTEM, 0, 2, 3]);
    expect(errorCode(s, 1, { type: 'bet', space: 'win-7-a', token: 2 })).toBe('ready-set-bet/passed');
    const done = finishWith(s, '7');
    expect(linesOf(done, 1)).toMatchObject({ lines: [], delta: 0 });
  });

  it('bets are taken until the roll that takes the third horse over the red line, and from no player after it', () => {
    let s = setPositions(fresh({ hostMode: 'hostSeat' }), { '4': 10, '5': 12, '6': 9 });
    s = rollSum(s, 8, 0); // two horses past the line: betting still open
    s = bet(bet(s, 1, 'place-6-a', 3), 2, 'show-6-a', 2);
    s = rollSum(s, 6, 0); // the third: "no more bets"
    expect(s.bettingOpen).toBe(false);
    for (const seat of [1, 2, 3]) expect(errorCode(s, seat, { type: 'bet', space: 'win-9-a', token: 4 })).toBe('ready-set-bet/betting-closed');
    expect(game.legalMoves(s, 3)).toEqual([]);
    // The race runs on to the finish, and the bets taken before the shout are settled.
    s = rollSum(s, 9, 0);
    expect([s.phase, s.bets]).toEqual(['racing', [{ space: 'place-6-a', seat: 1, token: 3 }, { space: 'show-6-a', seat: 2, token: 2 }]]);
  });

  it('a placed token is never taken back or moved: it holds its space through every later roll and is settled there', () => {
    let s = bet(fresh(), 0, 'win-8-a', 5);
    for (const type of ['unbet', 'removeBet', 'moveBet', 'takeBack']) expect(errorCode(s, 0, { type, space: 'win-8-a', token: 5 })).toBe('core/unknown-move');
    // Its owner cannot put the same token down again elsewhere, nor another token on its space.
    expect(errorCode(s, 0, { type: 'bet', space: 'win-9-a', token: 5 })).toBe('ready-set-bet/token-used');
    expect(errorCode(s, 0, { type: 'bet', space: 'win-8-a', token: 4 })).toBe('ready-set-bet/space-taken');
    expect(game.legalMoves(s, 0).every((m) => m.type === 'pass' || (m.type === 'bet' && m.token !== 5))).toBe(true);
    s = apply(s, 0, { type: 'pass' });
    for (const sum of [7, 6, 8, 5]) s = rollSum(s, sum);
    expect(s.bets).toEqual([{ space: 'win-8-a', seat: 0, token: 5 }]);
    expect(linesOf(finishWith(s, '8'), 0).lines).toEqual([{ space: 'win-8-a', label: 'Win 8', token: 5, won: true, amount: 15, vip: '' }]);
  });

  it('every token comes back to its owner for the next race', () => {
    let s = fresh({ vip: false }, 2);
    for (const [space, token] of [['win-2/3-a', 2], ['win-4-a', 3], ['win-5-a', 3], ['win-6-a', 4], ['win-7-a', 5]] as const) s = bet(s, 0, space, token);
    expect(game.viewFor(s, SPECTATOR).public.players[0]!.available).toEqual([]);
    s = apply(finishWith(s, '8'), SYSTEM, { type: 'continue' });
    expect(s.race).toBe(2);
    expect(game.viewFor(s, SPECTATOR).public.players[0]!.available).toEqual([2, 3, 3, 4, 5]);
    expect(errorCode(s, 0, { type: 'bet', space: 'win-7-a', token: 5 })).toBe('ok');
  });

  it('unknown move types and SYSTEM bets are refused', () => {
    expect(errorCode(fresh(), 0, { type: 'moveToken' })).toBe('core/unknown-move');
    expect(errorCode(fresh(), SYSTEM, { type: 'bet', space: 'win-7-a', token: 2 })).toBe('core/unknown-move');
    expect(errorCode(fresh(), 0, { type: 'roll' })).toBe('ready-set-bet/not-your-roll');
  });
});

describe('settlement', () => {
  // 6 wins; 8 and 7 tie for 2nd at 12; 5 is 4th; then 9, 4, 10, and 2/3 with 11/12 last.
  const finish = { '8': 12, '7': 12, '5': 9, '9': 3, '4': 2, '10': 1 };

  it('pays token × multiplier for a winning bet and the printed penalty for a losing one', () => {
    let s = withBets(fresh(), [
      [0, 'win-6-a', 5],
      [0, 'place-8-a', 3],
      [1, 'show-5-a', 4],
      [1, 'place-7-a', 2],
    ]);
    s = finishWith(s, '6', finish);
    expect(linesOf(s, 0).lines.map((l) => l.amount)).toEqual([15, 6]);
    expect(linesOf(s, 1).lines.map((l) => [l.won, l.amount])).toEqual([
      [false, -3],
      [true, 4],
    ]);
    expect(linesOf(s, 1)).toMatchObject({ before: 0, gains: 4, penalties: 3, paid: 3, delta: 1 });
    expect(s.players.map((p) => p.money)).toEqual([21, 1, 0, 0]);
  });

  it('ties for 2nd both count as 2nd and leave no 3rd (competition ranking)', () => {
    const s = finishWith(withBets(fresh(), [[0, 'show-5-b', 2], [1, 'place-7-b', 3]]), '6', finish);
    expect(linesOf(s, 0).lines[0]!.won).toBe(false);
    expect(linesOf(s, 1).lines[0]).toMatchObject({ won: true, amount: 6 });
    expect(s.settlements[0]!.finish.find((f) => f.horse === '5')!.rank).toBe(4);
  });

  it('option horseTies: dense — after a tie for 2nd the next horse is 3rd and shows', () => {
    const s = finishWith(withBets(fresh({ horseTies: 'dense' }), [[0, 'show-5-b', 2]]), '6', finish);
    expect(linesOf(s, 0).lines[0]).toMatchObject({ won: true, amount: 4 });
  });

  it('colour bets: blue / orange / red wins', () => {
    const bets: [number, string, number][] = [[0, 'blue-wins', 2], [1, 'orange-wins', 3], [2, 'red-wins', 4]];
    const red = finishWith(withBets(fresh(), bets), '8');
    expect([0, 1, 2].map((p) => linesOf(red, p).lines[0]!.amount)).toEqual([-1, -1, 8]);
    const blue = finishWith(withBets(fresh(), bets), '11/12');
    expect([0, 1, 2].map((p) => linesOf(blue, p).lines[0]!.amount)).toEqual([10, -1, -1]);
    const orange = finishWith(withBets(fresh(), bets), '5');
    expect([0, 1, 2].map((p) => linesOf(orange, p).lines[0]!.amount)).toEqual([-1, 9, -1]);
  });

  it('"7 finishes 5th or worse" pays 4× and costs nothing when it loses', () => {
    const fifth = finishWith(withBets(fresh(), [[0, 'seven-fifth-or-worse', 3]]), '6', { '8': 12, '5': 11, '9': 10, '7': 9 });
    expect(linesOf(fifth, 0).lines[0]!.amount).toBe(12);
    const fourth = finishWith(withBets(fresh(), [[0, 'seven-fifth-or-worse', 3]]), '6', { '8': 12, '5': 11, '7': 10 });
    expect(linesOf(fourth, 0).lines[0]).toMatchObject({ won: false, amount: 0 });
  });

  it('the $0 floor: a player pays only what they have', () => {
    const s = finishWith(withBets(fresh(), [[3, 'blue-wins', 5], [3, 'place-7-a', 2]]), '6', { '8': 5 });
    expect(linesOf(s, 3)).toMatchObject({ gains: 0, penalties: 7, paid: 0, delta: 0 });
    expect(s.players[3]!.money).toBe(0);
  });

  it('option moneyFloor: false lets money go negative', () => {
    const s = finishWith(withBets(fresh({ moneyFloor: false }), [[3, 'blue-wins', 5], [3, 'place-7-a', 2]]), '6', { '8': 5 });
    expect(s.players[3]!.money).toBe(-7);
  });

  it('winnings are paid before penalties are collected', () => {
    const s = finishWith(withBets(fresh(), [[0, 'win-6-c', 2], [0, 'place-7-a', 2]]), '6', { '8': 5 });
    expect(linesOf(s, 0)).toMatchObject({ gains: 6, penalties: 6, paid: 6, delta: 0 });
  });

  it("the order the bets were placed in changes no one's money: every win is paid before any penalty, at the $0 floor too", () => {
    const bets: [number, string, number][] = [[0, 'place-7-a', 2], [0, 'blue-wins', 3], [0, 'win-7-a', 3], [0, 'win-6-c', 4], [0, 'place-5-a', 5]];
    const settled = (order: typeof bets) => linesOf(finishWith(withBets(fresh(), order), '6', { '8': 5 }), 0);
    // Starting from $0, 4 × 3 = 12 is won and the 6 + 1 + 4 + 2 = 13 owed takes all of it, whichever bet came first.
    for (const order of [bets, [...bets].reverse()]) expect(settled(order)).toMatchObject({ gains: 12, penalties: 13, paid: 12, delta: 0 });
  });

  it('prop bets: the horse must finish ahead of every listed horse', () => {
    const base = edit(fresh(), (x) => (x.props = ['prop-1', 'prop-4', 'prop-10', 'prop-2', 'prop-3']));
    // prop-1: 8 ahead of 5 and 9 (3×, −3); prop-10: 7 ahead of every blue (2×, −6).
    const s = finishWith(withBets(base, [[0, 'prop-1', 4], [1, 'prop-10', 5]]), '6', { '8': 12, '5': 9, '9': 3, '7': 2, '4': 4 });
    expect(linesOf(s, 0).lines[0]!.amount).toBe(12);
    expect(linesOf(s, 1).lines[0]!.amount).toBe(-6);
  });

  it('prop bets: a tie loses by default; option propTieWins makes it win', () => {
    const tie = (options: Record<string, unknown>) =>
      finishWith(withBets(edit(fresh(options), (x) => (x.props = ['prop-4'])), [[0, 'prop-4', 2]]), '6', { '9': 8, '8': 8 });
    expect(linesOf(tie({}), 0).lines[0]!.amount).toBe(-1);
    expect(linesOf(tie({ propTieWins: true }), 0).lines[0]!.amount).toBe(4);
  });

  it('props: five new cards each race, the old five discarded', () => {
    const s = apply(apply(finishWith(fresh({ vip: false }, 2), '6'), 0, { type: 'ready' }), 1, { type: 'ready' });
    const before = fresh({ vip: false }, 2).props;
    expect(s.race).toBe(2);
    expect(s.props).toHaveLength(5);
    expect(s.props.some((p) => before.includes(p))).toBe(false);
    expect(s.propDiscard).toEqual(before);
  });

  const exotic = (card: string, positions: Record<string, number>, winner = '6', options: Record<string, unknown> = {}) =>
    linesOf(finishWith(withBets(edit(fresh(options), (x) => (x.exotics = [card])), [[0, `exotic-${card}-1`, 2]]), winner, positions), 0).lines[0]!;

  it('exotic By a Nose: the 2nd horse ends exactly 1 short (5×, −3)', () => {
    expect(exotic('by-a-nose', { '8': 14 }).amount).toBe(10);
    expect(exotic('by-a-nose', { '8': 13 }).amount).toBe(-3);
  });

  it('exotic Blow Out: the 2nd horse ends more than 5 short (4×, −2)', () => {
    expect(exotic('blow-out', { '8': 9 }).amount).toBe(8);
    expect(exotic('blow-out', { '8': 10 }).amount).toBe(-2);
  });

  it('exotic Tight Race: every horse moved 6 or more (6×, −2)', () => {
    const all6 = { '2/3': 6, '4': 6, '5': 7, '7': 8, '8': 9, '9': 6, '10': 6, '11/12': 6 };
    expect(exotic('tight-race', all6).amount).toBe(12);
    expect(exotic('tight-race', { ...all6, '4': 5 }).amount).toBe(-2);
  });

  it('exotic Late Start: at least 2 horses moved 3 or fewer (4×, −1)', () => {
    const moved = { '2/3': 4, '4': 4, '5': 7, '7': 8, '8': 9, '9': 6, '10': 3, '11/12': 5 };
    expect(exotic('late-start', moved).amount).toBe(-1);
    expect(exotic('late-start', { ...moved, '2/3': 3 }).amount).toBe(8);
  });

  it('exotic Photo Finish: the 3rd horse ends 3 or fewer short (5×, −3); none after a tie for 2nd', () => {
    expect(exotic('photo-finish', { '8': 13, '7': 12 }).amount).toBe(10);
    expect(exotic('photo-finish', { '8': 13, '7': 11 }).amount).toBe(-3);
    expect(exotic('photo-finish', { '8': 13, '7': 13, '5': 12 }).amount).toBe(-3);
    expect(exotic('photo-finish', { '8': 13, '7': 13, '5': 12 }, '6', { horseTies: 'dense' }).amount).toBe(10);
  });

  it('exotic cards stay open in later races by default', () => {
    const s = edit(fresh(), (x) => {
      x.race = 2;
      x.exotics = ['blow-out', 'late-start'];
    });
    expect(errorCode(s, 0, { type: 'bet', space: 'exotic-blow-out-3', token: 2 })).toBe('ok');
    expect(errorCode(s, 0, { type: 'bet', space: 'exotic-blow-out-4', token: 2 })).toBe('ready-set-bet/unknown-space');
  });

  it('option exoticsPersist: false — only the current race’s card takes bets', () => {
    const s = edit(fresh({ exoticsPersist: false }), (x) => {
      x.race = 2;
      x.exotics = ['blow-out', 'late-start'];
    });
    expect(errorCode(s, 0, { type: 'bet', space: 'exotic-blow-out-1', token: 2 })).toBe('ready-set-bet/unknown-space');
    expect(errorCode(s, 0, { type: 'bet', space: 'exotic-late-start-1', token: 2 })).toBe('ok');
    expect(game.viewFor(s, SPECTATOR).public.exotics.map((e) => e.open)).toEqual([false, true]);
  });

  it('each race turns up its own Exotic Finish card into its own race slot, from the top of the shuffled deck', () => {
    // «… کارت روییِ دک را رو کرده و "بهرو" در خانهی "مسابقه 1"، در سمت راستِ دک بگذارید»
    const first = fresh({ vip: false }, 2);
    const [top, second] = [first.exotics[0], first.exoticDeck[0]];
    expect(game.viewFor(first, SPECTATOR).public.exotics.map((e) => [e.id, e.race])).toEqual([[top, 1]]);
    const next = apply(finishWith(first, '6'), SYSTEM, { type: 'continue' });
    expect(game.viewFor(next, SPECTATOR).public.exotics.map((e) => [e.id, e.race, e.open])).toEqual([[top, 1, true], [second, 2, true]]);
  });

  it('one new exotic card is revealed per race', () => {
    const s = apply(apply(finishWith(fresh({ vip: false }, 2), '6'), SYSTEM, { type: 'continue' }), SYSTEM, { type: 'roll' });
    expect(s.exotics).toHaveLength(2);
    expect(s.exoticDeck).toHaveLength(3);
  });
});

describe('between races', () => {
  it('after the settlement every seat acknowledges; then the VIP draft deals two cards to each', () => {
    let s = finishWith(fresh({}, 2), '6');
    expect(game.activeActors(s)).toEqual([SYSTEM, 0, 1]);
    s = apply(s, 0, { type: 'ready' });
    expect(game.activeActors(s)).toEqual([SYSTEM, 1]);
    s = apply(s, 1, { type: 'ready' });
    expect(s.phase).toBe('vipDraft');
    expect(s.players.map((p) => p.offer.length)).toEqual([2, 2]);
    expect(s.vipDeck).toHaveLength(28);
  });

  it('the clock moves on from the settlement by itself (SYSTEM continue)', () => {
    expect(apply(finishWith(fresh({}, 2), '6'), SYSTEM, { type: 'continue' }).phase).toBe('vipDraft');
  });

  it('each player keeps one of two VIP cards; the other is discarded; the next race starts when all have chosen', () => {
    let s = apply(finishWith(fresh({}, 2), '6'), SYSTEM, { type: 'continue' });
    const [keep, drop] = s.players[0]!.offer;
    expect(errorCode(s, 0, { type: 'keepVip', card: s.players[1]!.offer[0] })).toBe('ready-set-bet/not-offered');
    s = apply(s, 0, { type: 'keepVip', card: keep });
    expect(s.players[0]!.vip).toEqual([{ card: keep, race: 1, revealed: s.players[0]!.vip[0]!.revealed, spent: false }]);
    expect(s.vipDiscard).toEqual([drop]);
    expect(game.activeActors(s)).toEqual([SYSTEM, 1]);
    s = apply(s, 1, { type: 'keepVip', card: s.players[1]!.offer[1] });
    expect(s.phase).toBe('racing');
    expect(s.race).toBe(2);
    expect(s.bets).toEqual([]);
    expect(s.positions.every((p) => p === 0)).toBe(true);
    expect(game.viewFor(s, SPECTATOR).public.settlement).toBeNull();
  });

  it('draft timeout: anyone undecided keeps the first card offered', () => {
    const s = apply(finishWith(fresh({}, 2), '6'), SYSTEM, { type: 'continue' });
    const firsts = s.players.map((p) => p.offer[0]);
    const next = apply(s, SYSTEM, { type: 'continue' });
    expect(next.players.map((p) => p.vip[0]!.card)).toEqual(firsts);
  });

  it('option vip: false — no draft, straight to the next race', () => {
    const s = apply(finishWith(fresh({ vip: false }, 2), '6'), SYSTEM, { type: 'continue' });
    expect(s.phase).toBe('racing');
    expect(s.race).toBe(2);
  });

  it('the draft deck reshuffles its discards when it runs short', () => {
    const s = edit(finishWith(fresh({}, 2), '6'), (x) => {
      x.vipDiscard = x.vipDeck.splice(0, 31);
    });
    const next = apply(s, SYSTEM, { type: 'continue' });
    expect(next.players.map((p) => p.offer.length)).toEqual([2, 2]);
    expect(next.vipDeck.length + next.vipDiscard.length).toBe(28);
  });
});

describe('host modes', () => {
  it('hostSeat: seat 0 rolls instead of SYSTEM and has no tokens', () => {
    const s = fresh({ hostMode: 'hostSeat' });
    expect(game.legalMoves(s, 0)).toEqual([{ type: 'roll' }]);
    expect(errorCode(s, SYSTEM, { type: 'roll' })).toBe('core/not-your-turn');
    expect(errorCode(s, 0, { type: 'bet', space: 'win-7-a', token: 2 })).toBe('ready-set-bet/not-a-bettor');
    expect(errorCode(s, 0, { type: 'pass' })).toBe('ready-set-bet/wrong-phase');
    expect(s.players[0]!.tokens).toEqual([]);
    const rolled = rollWith(s, 3, 4, 0);
    expect(rolled.rolls).toBe(1);
    expect(game.activeActors(rolled)).toEqual([0, 1, 2, 3]);
    expect(game.legalMoves(rolled, 0)).toEqual([{ type: 'roll' }]);
    expect(errorCode(rolled, 0, { type: 'bet', space: 'win-7-a', token: 2 })).toBe('ready-set-bet/not-a-bettor');
  });

  it("a host who does not bet starts each race with its first roll, the players' bets open with it (betsFromFirstRoll, the default)", () => {
    // «شرطبندی: بازیکنان، در طول برگزاری مسابقه، اقدام به شرطبندی میکنند» — the players bet during the race, which
    // «میزبان، مسابقه را آغاز میکند»: the host begins (here with its first roll, the host's one move).
    const s = fresh({ hostMode: 'hostSeat', vip: false });
    expect(game.activeActors(s)).toEqual([0]);
    expect(game.legalMoves(s, 1)).toEqual([]);
    const refused = game.applyMove(s, 1, { type: 'bet', space: 'win-8-a', token: 5 });
    expect(refused.ok || refused.error).toEqual({ code: 'ready-set-bet/race-not-started', message: "The race has not started: bets open with the host's first roll." });
    expect(errorCode(s, 1, { type: 'pass' })).toBe('core/not-your-turn');
    const rolled = rollWith(s, 3, 4, 0);
    expect(game.activeActors(rolled)).toEqual([0, 1, 2, 3]);
    expect(bet(rolled, 1, 'win-8-a', 5).bets).toEqual([{ space: 'win-8-a', seat: 1, token: 5 }]);
    // The next race waits for the host's first roll again.
    const next = apply(rollSum(setPositions(rolled, { '7': 14 }), 7, 0), SYSTEM, { type: 'continue' });
    expect([next.race, next.rolls]).toEqual([2, 0]);
    expect(game.activeActors(next)).toEqual([0]);
    expect(errorCode(next, 2, { type: 'bet', space: 'win-8-a', token: 5 })).toBe('ready-set-bet/race-not-started');
    expect(errorCode(rollWith(next, 1, 1, 0), 2, { type: 'bet', space: 'win-8-a', token: 5 })).toBe('ok');
  });

  it('betsFromFirstRoll false (and games recorded before the option): beside a host who does not bet, the players bet from before the first roll', () => {
    const s = fresh({ hostMode: 'hostSeat', betsFromFirstRoll: false });
    expect(game.activeActors(s)).toEqual([0, 1, 2, 3]);
    expect(bet(s, 1, 'win-8-a', 5).bets).toEqual([{ space: 'win-8-a', seat: 1, token: 5 }]);
    const { betsFromFirstRoll: _, ...before } = s.options;
    expect(game.options.parse(recordedOptions(game, before)).betsFromFirstRoll).toBe(false);
    // The option is a non-betting host's: where the server rolls, or a host bets, it changes nothing.
    expect(errorCode(fresh({ betsFromFirstRoll: true }), 1, { type: 'bet', space: 'win-8-a', token: 5 })).toBe('ok');
    expect(errorCode(fresh({ hostMode: 'hostSeat', hostBets: true, hostBetsFirst: false, betsFromFirstRoll: true }), 1, { type: 'bet', space: 'win-8-a', token: 5 })).toBe('ok');
  });

  it('hostBets: the host bets before the race starts, the others once it has (the first roll starts it)', () => {
    const s = fresh({ hostMode: 'hostSeat', hostBets: true });
    expect(errorCode(s, 1, { type: 'bet', space: 'win-8-a', token: 5 })).toBe('ready-set-bet/race-not-started');
    expect(errorCode(s, 1, { type: 'pass' })).toBe('core/not-your-turn');
    expect(game.legalMoves(s, 1)).toEqual([]);
    expect(game.activeActors(s)).toEqual([0]);
    expect(bet(s, 0, 'win-7-a', 5).bets).toHaveLength(1);
    const rolled = rollWith(s, 3, 4, 0);
    expect(errorCode(rolled, 0, { type: 'bet', space: 'win-8-a', token: 5 })).toBe('ready-set-bet/betting-closed');
    expect(errorCode(rolled, 1, { type: 'bet', space: 'win-8-a', token: 5 })).toBe('ok');
  });

  it('the public view says a seated host bets first (static), so a spectator reads whose betting is open before the first roll', () => {
    const first = (options: Record<string, unknown>) => game.viewFor(fresh(options), SPECTATOR).public.hostBetsFirst;
    expect(first({ hostMode: 'hostSeat', hostBets: true })).toBe(true);
    expect(game.viewFor(rollWith(fresh({ hostMode: 'hostSeat', hostBets: true }), 3, 4, 0), SPECTATOR).public.hostBetsFirst).toBe(true);
    expect(first({ hostMode: 'hostSeat', hostBets: true, hostBetsFirst: false })).toBe(false);
    expect(first({ hostMode: 'hostSeat' })).toBe(false);
    expect(first({})).toBe(false);
  });

  it("the public view says a host who does not bet starts the race with its first roll (static), so a client says why nobody bets before it", () => {
    const first = (options: Record<string, unknown>) => game.viewFor(fresh(options), SPECTATOR).public.betsFromFirstRoll;
    expect(first({ hostMode: 'hostSeat' })).toBe(true);
    expect(game.viewFor(rollWith(fresh({ hostMode: 'hostSeat' }), 3, 4, 0), SPECTATOR).public.betsFromFirstRoll).toBe(true);
    expect(first({ hostMode: 'hostSeat', betsFromFirstRoll: false })).toBe(false);
    expect(first({ hostMode: 'hostSeat', hostBets: true })).toBe(false);
    expect(first({})).toBe(false);
  });

  it('hostBetsFirst false (and games recorded before the option): everyone bets from before the first roll', () => {
    const s = fresh({ hostMode: 'hostSeat', hostBets: true, hostBetsFirst: false });
    expect(errorCode(s, 1, { type: 'bet', space: 'win-8-a', token: 5 })).toBe('ok');
    expect(errorCode(s, 0, { type: 'bet', space: 'win-8-a', token: 5 })).toBe('ok');
    const { hostBetsFirst: _, ...before } = s.options;
    expect(game.options.parse(recordedOptions(game, before)).hostBetsFirst).toBe(false);
  });

  it('a host who does not bet ranks behind every bettor', () => {
    const s = edit(fresh({ hostMode: 'hostSeat' }, 3), (x) => {
      x.phase = 'over';
      x.players[1]!.money = 4;
      x.players[2]!.money = 9;
    });
    expect(game.outcome(s)!.standings).toEqual([
      { seat: 0, rank: 3, score: 0 },
      { seat: 1, rank: 2, score: 4 },
      { seat: 2, rank: 1, score: 9 },
    ]);
  });

  it('a host who does not bet competes with nobody: no settlement, no VIP cards, never among the winners, even when every bettor ends on $0', () => {
    // «میزبان با سایر بازیکنان رقابت نمیکند و صرفاً رَتق و فَتقِ امور مربوط به برگزاری مسابقات را بر عهده دارد»
    const done = rollSum(setPositions(bet(rollSum(fresh({ hostMode: 'hostSeat' }, 3), 7, 0), 1, 'win-6-a', 2), { '6': 14 }), 6, 0);
    expect(done.settlements[0]!.players.map((p) => p.seat)).toEqual([1, 2]);
    const draft = apply(done, SYSTEM, { type: 'continue' });
    expect(draft.players.map((p) => p.offer.length)).toEqual([0, 2, 2]);
    const over = edit(fresh({ hostMode: 'hostSeat' }, 3), (x) => (x.phase = 'over'));
    expect(game.outcome(over)!.winners).toEqual([1, 2]);
  });

  it('systemDelayMs: a start pause, then the roll interval; pauses between races', () => {
    const options = game.options.parse({ rollIntervalMs: 250 });
    const s = fresh({ rollIntervalMs: 250 });
    expect(game.systemDelayMs!(s, options)).toBe(3000);
    expect(game.systemDelayMs!(rollSum(s, 7), options)).toBe(250);
    expect(game.systemDelayMs!(finishWith(s, '7'), options)).toBe(8000);
    expect(game.systemDelayMs!(apply(finishWith(s, '7'), SYSTEM, { type: 'continue' }), options)).toBe(30_000);
  });
});

describe('a host and eight bettors (9 seats)', () => {
  // Seed: «(در بازیهای 8 نفره و 9 نفره، هر بازیکن غیر-میزبان، یک توکن 3 کمتر دارد.)» — "in 8- and 9-player games
  // each non-host player has one 3 token fewer": a table of the host plus 8 bettors is a normal game.
  const nine = { hostMode: 'hostSeat' } as const;

  it('seats a host and 8 bettors, each bettor with one 3 fewer; the host rolls and all 8 bet', () => {
    expect(game.seats.max).toBe(9);
    expect(game.validateSetup!(game.options.parse(nine), 9)).toBeNull();
    let s = fresh(nine, 9);
    expect(s.players.map((p) => p.tokens)).toEqual([[], ...Array(8).fill([2, 3, 4, 5])]);
    s = rollWith(s, 3, 4, 0);
    expect([s.rolls, position(s, '7')]).toEqual([1, 1]);
    expect(game.activeActors(s)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8]);
    s = bet(bet(s, 8, 'win-7-a', 5), 1, 'win-7-b', 2);
    const done = rollWith(setPositions(s, { '7': 14 }), 3, 4, 0); // the host rolls the 7 home
    expect([linesOf(done, 8).delta, linesOf(done, 1).delta]).toEqual([15, 6]); // 5 × 3 and 2 × 3 on Win
    expect(done.settlements.at(-1)!.players.map((p) => p.seat)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
  });

  it('a 9th seat needs a seated host; 9 bettors (a betting host) only without VIP cards', () => {
    const check = (options: Record<string, unknown>, seats: number) => game.validateSetup!(game.options.parse(options), seats)?.code ?? null;
    expect(check({}, 9)).toBe('ready-set-bet/too-many-bettors');
    expect(check(nine, 10)).toBe('ready-set-bet/too-many-bettors');
    // Three drafts of two cards each from 32 VIP cards serve at most 8 bettors.
    expect(check({ ...nine, hostBets: true }, 9)).toBe('ready-set-bet/vip-deck-too-small');
    expect(check({ ...nine, hostBets: true, vip: false }, 9)).toBeNull();
    expect(check({ ...nine, hostBets: true }, 8)).toBeNull();
  });

  it('lists its table sizes under the options that bound them (seatsWhen): exactly the sizes validateSetup takes', () => {
    type Bound = { when: Record<string, unknown>; min?: number; max?: number };
    const bounds = (toJSONSchema(game.options, { io: 'input', unrepresentable: 'any' }) as { seatsWhen?: Bound[] }).seatsWhen ?? [];
    expect(bounds.length).toBeGreaterThan(0);
    for (const hostMode of ['server', 'hostSeat']) {
      for (const hostBets of [false, true]) {
        for (const vip of [false, true]) {
          const options = game.options.parse({ hostMode, hostBets, vip });
          const holding = bounds.filter((b) => Object.entries(b.when).every(([key, value]) => options[key as keyof typeof options] === value));
          for (let seats = game.seats.min; seats <= game.seats.max; seats++) {
            const listed = holding.every((b) => seats >= (b.min ?? seats) && seats <= (b.max ?? seats));
            expect(game.validateSetup!(options, seats) === null, JSON.stringify({ hostMode, hostBets, vip, seats })).toBe(listed);
          }
        }
      }
    }
  });

  it("says why a table is refused in the create form's words, not the options' keys", () => {
    const refusal = (options: Record<string, unknown>, seats: number) => game.validateSetup!(game.options.parse(options), seats);
    for (const [options, seats] of [[{}, 9], [nine, 10], [{ ...nine, hostBets: true }, 9], [nine, 2]] as const) {
      const { message } = refusal(options, seats)!;
      expect(message).not.toMatch(/hostMode|hostSeat|hostBets|\bvip\b/);
    }
    // The server rolls: the setting to change is named as the form shows it (its label "Host mode", its choice's title).
    expect(refusal({}, 9)!.message).toBe('With the server rolling the dice a table has at most 8 seats: a 9th seat is for a seated host (Host mode: A seated host).');
  });

  it('a host who bets keeps both 3 tokens when each non-host player returns one', () => {
    const s = fresh({ ...nine, hostBets: true, vip: false }, 9);
    expect(s.players.map((p) => p.tokens)).toEqual([[2, 3, 3, 4, 5], ...Array(8).fill([2, 3, 4, 5])]);
    // At 7 players besides the host too; below that everyone has the whole set.
    expect(fresh({ ...nine, hostBets: true }, 8).players.map((p) => p.tokens[1]! + p.tokens[2]!)).toEqual([6, ...Array(7).fill(7)]);
    expect(fresh({ ...nine, hostBets: true }, 7).players.every((p) => p.tokens.length === 5)).toBe(true);
  });

  it('a 9-seat game plays to the end and its record passes the replay verifier (POST /api/verify)', () => {
    const options = game.options.parse(nine);
    const seed = 'nine-seats';
    const random = randomSource(`${seed}/driver`);
    let s = game.setup(options, 9, seed);
    const moves: { actor: number; move: unknown }[] = [];
    for (let i = 0; i < 5000 && game.activeActors(s).length > 0; i++) {
      const actors = game.activeActors(s);
      const actor = actors[Math.floor(random() * actors.length)]!;
      const legal = game.legalMoves(s, actor);
      const move = actor === SYSTEM ? legal[0]! : legal[Math.floor(random() * legal.length)]!;
      s = apply(s, actor, move);
      moves.push({ actor, move });
    }
    expect(s.phase).toBe('over');
    expect(s.settlements).toHaveLength(4);
    expect(moves.filter((m) => m.actor === 8 && (m.move as { type: string }).type === 'bet').length).toBeGreaterThan(0);
    const report = verifyRecord({ record: { game: game.id, options, seats: 9, seed, rng: 'chacha20', moves }, result: game.outcome(s)! });
    expect(report.problems).toEqual([]);
    expect([report.ok, report.checks.finished, report.checks.result]).toEqual([true, true, 'match']);
  });
});

describe('end of the game', () => {
  const ended = (options: Record<string, unknown>, money: number[], change: (s: ReturnType<typeof fresh>) => void = () => {}) =>
    edit(fresh(options, money.length), (x) => {
      x.phase = 'over';
      money.forEach((m, i) => (x.players[i]!.money = m));
      change(x);
    });

  it('most money wins; equal money shares the victory by default', () => {
    expect(game.outcome(ended({}, [10, 10, 5]))!.winners).toEqual([0, 1]);
    expect(game.outcome(fresh())).toBeNull();
  });

  it('option tieBreak: fewestVip', () => {
    const s = ended({ tieBreak: 'fewestVip' }, [10, 10, 5], (x) => x.players[0]!.vip.push({ card: 'insurance-1', race: 1, revealed: false, spent: false }));
    expect(game.outcome(s)!.winners).toEqual([1]);
  });

  it('option tieBreak: mostWinningBets', () => {
    const line = (won: boolean) => ({ space: 'win-7-a', label: 'Win 7', token: 2, won, amount: won ? 6 : -4, vip: '' });
    const player = (seat: number, lines: ReturnType<typeof line>[]) => ({ seat, before: 0, gains: 0, penalties: 0, paid: 0, delta: 0, lines });
    const s = ended({ tieBreak: 'mostWinningBets' }, [10, 10], (x) =>
      x.settlements.push({ race: 1, winner: '7', finish: [], players: [player(0, [line(true), line(false), { ...line(true), space: '' }]), player(1, [line(true), line(true)])] }),
    );
    expect(game.outcome(s)!.winners).toEqual([1]);
    // The view says what it counted, at the end only (a VIP card's own line is no bet).
    expect(game.viewFor(s, SPECTATOR).public.winningBets).toEqual([1, 2]);
    expect(game.viewFor(edit(s, (x) => (x.phase = 'results')), SPECTATOR).public.winningBets).toEqual([]);
    expect(game.viewFor(ended({}, [10, 10]), SPECTATOR).public.winningBets).toEqual([]);
  });

  it('the public view says which tie-break ranks equal money (the result carries only the money)', () => {
    expect(game.viewFor(ended({}, [10, 10]), SPECTATOR).public.tieBreak).toBe('shared');
    const s = ended({ tieBreak: 'fewestVip' }, [10, 10]);
    expect(game.viewFor(s, SPECTATOR).public.tieBreak).toBe('fewestVip');
    expect(game.outcome(s)!.details).toEqual({ money: [10, 10] });
  });
});

describe('views and checks', () => {
  it('VIP offers and unshown VIP cards are private; spectators get no private part', () => {
    const s = apply(finishWith(fresh({}, 2), '6'), SYSTEM, { type: 'continue' });
    expect(game.viewFor(s, SPECTATOR).private).toBeNull();
    expect(game.viewFor(s, 0).private!.offer.map((c) => c.id)).toEqual(s.players[0]!.offer);
    expect(JSON.stringify(game.viewFor(s, SPECTATOR).public)).not.toContain(s.players[0]!.offer[0]);
    expect(game.viewFor(s, 1).public.players[0]!.drafting).toBe(true);
  });

  it('the public view shows the board, the dice, the red line count and the settlement', () => {
    const s = finishWith(withBets(setPositions(fresh(), { '4': 10 }), [[1, 'win-6-a', 5]]), '6');
    const pub = game.viewFor(s, SPECTATOR).public;
    expect(pub.bets).toEqual([{ space: 'win-6-a', seat: 1, token: 5 }]);
    expect(pub.crossed).toBe(2);
    expect(pub.lastRoll!.horse).toBe('6');
    expect(pub.settlement!.players[1]!.lines[0]).toEqual({ space: 'win-6-a', label: 'Win 6', token: 5, won: true, amount: 15, vip: '' });
    expect(pub.players[1]!.money).toBe(15);
  });

  it('the public view publishes the printed board, so clients copy no odds: every space bets and settles at its listed odds', () => {
    const pub = game.viewFor(fresh(), SPECTATOR).public;
    expect(pub.finish).toBe(15);
    expect(pub.redLineHorses).toBe(3);
    expect(pub.board).toHaveLength(9 * 7 + 4);
    expect(pub.board.filter((sp) => sp.horse === '7').map((sp) => [sp.id, sp.multiplier, sp.penalty])).toEqual([
      ['show-7-a', 1, 3], ['show-7-b', 1, 1], ['place-7-a', 2, 6], ['place-7-b', 2, 5], ['win-7-a', 3, 4], ['win-7-b', 3, 3], ['win-7-c', 3, 2],
    ]);
    expect(pub.board.at(-1)).toEqual({ id: 'seven-fifth-or-worse', kind: 'color', horse: '', label: '7 finishes 5th or worse', multiplier: 4, penalty: 0 });
    for (const sp of pub.board) expect(errorCode(fresh(), 0, { type: 'bet', space: sp.id, token: 2 }), sp.id).toBe('ok');
    const line = linesOf(finishWith(withBets(fresh(), [[0, 'win-2/3-c', 2]]), '2/3'), 0).lines[0]!;
    expect(line.amount).toBe(2 * pub.board.find((sp) => sp.id === 'win-2/3-c')!.multiplier);
    const exotic = game.viewFor(fresh(), SPECTATOR).public.exotics[0]!;
    expect(exotic.spaces).toEqual([1, 2, 3].map((n) => `exotic-${exotic.id}-${n}`));
  });

  it('invariants catch a double claim, a lost dollar and a lost card', () => {
    const s = fresh();
    expect(game.invariants!(s)).toEqual([]);
    expect(game.invariants!(withBets(s, [[0, 'win-7-a', 2], [1, 'win-7-a', 3]]))).toContain('two tokens on one space');
    expect(game.invariants!(edit(s, (x) => (x.players[0]!.money = 3)))).toContain('seat 0: money 3 but the ledger says 0');
    expect(game.invariants!(edit(s, (x) => x.vipDeck.pop()))).toContain('VIP cards lost or duplicated');
    expect(game.invariants!(withBets(s, [[0, 'win-7-a', 1]]))).toContain('seat 0: placed a token it does not own');
  });

  it('applyMove never changes its input', () => {
    const s = fresh();
    const copy = JSON.stringify(s);
    bet(s, 0, 'win-7-a', 2);
    rollSum(s, 7);
    expect(JSON.stringify(s)).toBe(copy);
  });
});

describe('options', () => {
  it('names each option for the create form in words where its key reads badly (vip: "Vip"), each with its help', () => {
    const listed = toJSONSchema(game.options, { io: 'input', unrepresentable: 'any' }) as { properties: Record<string, { title?: string; description?: string }> };
    const titles = Object.fromEntries(Object.entries(listed.properties).flatMap(([key, p]) => (p.title ? [[key, p.title]] : [])));
    expect(titles).toMatchObject({ vip: 'VIP cards', draftTimeoutMs: 'VIP draft timeout (ms)', props: 'Prop bets', exotics: 'Exotic Finish bets', tieBreak: 'Tie-break' });
    for (const p of Object.values(listed.properties)) expect(p.description).toBeTruthy();
  });

  it('names the tie-break\'s choices for the create form ("Fewest VIP cards", not "fewest vip"), and refuses one it does not list', () => {
    const listed = toJSONSchema(game.options, { io: 'input', unrepresentable: 'any' }) as { properties: Record<string, { anyOf?: { const: unknown; title?: string }[] }> };
    expect(listed.properties.tieBreak!.anyOf?.map((c) => [c.const, c.title])).toEqual([
      ['shared', 'Shared victory'],
      ['fewestVip', 'Fewest VIP cards'],
      ['mostWinningBets', 'Most winning bets'],
    ]);
    expect(game.options.parse({ tieBreak: 'fewestVip' }).tieBreak).toBe('fewestVip');
    expect(game.options.parse({}).tieBreak).toBe('shared');
    expect(game.options.safeParse({ tieBreak: 'coinToss' }).error?.issues[0]?.message).toBe('Invalid option: expected one of "shared"|"fewestVip"|"mostWinningBets"');
  });
});
