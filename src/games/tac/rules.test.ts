/**
 * Movement rules, written like rulebook examples. Four colours: ring fields 0..63, starts 0, 16, 32, 48;
 * colour c owns marbles 4c..4c+3; `H(i)` is field i of a marble's own home.
 */
import { describe, expect, it } from 'vitest';
import { legalMoves } from './moves.ts';
import { errorOf, home, play, seven, table, targets, where } from './scenario.ts';

const H = (i: number) => 64 + i;

describe('opening with 1 and 13', () => {
  it('puts a marble from the apron on its start, fresh', () => {
    const s = play(table({ hands: { 0: ['1'] } }), 0, { type: 'enter', card: '1' });
    expect(where(s, 0)).toBe(0);
    expect(s.marbles[0]!.fresh).toBe(true);
    expect(s.hands[0]).toEqual([]);
    expect(s.discard.at(-1)).toBe('1');
  });

  it('13 opens as well, and knocks out whatever sits on the start, even an own marble', () => {
    const s = play(table({ hands: { 0: ['13'] }, marbles: { 0: 0, 5: 5 } }), 0, { type: 'enter', card: '13' });
    expect(where(s, 1)).toBe(0);
    expect(where(s, 0)).toBe('apron');
    const t = play(table({ hands: { 0: ['1'] }, marbles: { 5: 0 } }), 0, { type: 'enter', card: '1' });
    expect(where(t, 5)).toBe('apron');
    expect(where(t, 0)).toBe(0);
  });

  it('1 and 13 also move a marble 1 or 13 forward', () => {
    const s = table({ hands: { 0: ['1', '13'] }, marbles: { 0: 3 } });
    expect(targets(s, 0, '1', 0)).toEqual([4]);
    expect(targets(s, 0, '13', 0)).toEqual([16]);
  });

  it('the player left of the dealer has no enter move without a marble in the apron', () => {
    const s = table({ hands: { 0: ['1'] }, marbles: { 0: 3, 1: 5, 2: 7, 3: 9 } });
    expect(legalMoves(s, 0).some((m) => m.type === 'enter')).toBe(false);
  });
});

describe('moving and knocking out', () => {
  it('moves exactly the number on the card, clockwise', () => {
    const s = play(table({ hands: { 0: ['5'] }, marbles: { 0: 10 } }), 0, { type: 'move', card: '5', marble: 0, to: 15 });
    expect(where(s, 0)).toBe(15);
  });

  it('wraps round the ring', () => {
    expect(targets(table({ hands: { 1: ['6'] }, marbles: { 4: 60 }, turn: 1 }), 1, '6', 4)).toEqual([2]);
  });

  it('never jumps a marble, not even an own one', () => {
    const s = table({ hands: { 0: ['5'] }, marbles: { 0: 10, 1: 12 } });
    expect(targets(s, 0, '5', 0)).toEqual([]);
    expect(errorOf(s, 0, { type: 'move', card: '5', marble: 0, to: 15 })).toBe('tac/illegal-move');
  });

  it('landing knocks out opponents, partners and own marbles alike', () => {
    for (const victim of [4, 8, 1]) {
      const s = play(table({ hands: { 0: ['3'] }, marbles: { 0: 10, [victim]: 13 } }), 0, { type: 'move', card: '3', marble: 0, to: 13 });
      expect(where(s, victim)).toBe('apron');
      expect(where(s, 0)).toBe(13);
    }
  });

  it('a marble on a start field blocks like any other and can be knocked out', () => {
    const blocked = table({ hands: { 0: ['5'] }, marbles: { 0: 14, 4: [16, true] } });
    expect(targets(blocked, 0, '5', 0)).toEqual([]);
    const s = play(table({ hands: { 0: ['2'] }, marbles: { 0: 14, 4: [16, true] } }), 0, { type: 'move', card: '2', marble: 0, to: 16 });
    expect(where(s, 4)).toBe('apron');
  });

  it('a marble that has moved is no longer fresh', () => {
    const s = play(table({ hands: { 0: ['2'] }, marbles: { 0: [0, true] } }), 0, { type: 'move', card: '2', marble: 0, to: 2 });
    expect(s.marbles[0]).toEqual({ pos: 2, fresh: false });
  });
});

describe('the home', () => {
  it('a freshly entered marble cannot go into its home before it has moved', () => {
    expect(targets(table({ hands: { 0: ['2'] }, marbles: { 0: [0, true] } }), 0, '2', 0)).toEqual([2]);
  });

  it('a marble passing its own start may turn into the home or go on round the ring', () => {
    expect(targets(table({ hands: { 0: ['5'] }, marbles: { 0: 62 } }), 0, '5', 0)).toEqual([3, home(2)]);
  });

  it('needs the exact count: no overshooting the last home field', () => {
    expect(targets(table({ hands: { 0: ['6'] }, marbles: { 0: 62 } }), 0, '6', 0)).toEqual([4, home(3)]);
    expect(targets(table({ hands: { 0: ['6'] }, marbles: { 0: 63 } }), 0, '6', 0)).toEqual([5]);
  });

  it('an occupied own start blocks the way into the home', () => {
    expect(targets(table({ hands: { 0: ['3'] }, marbles: { 0: 62, 1: [0, true] } }), 0, '3', 0)).toEqual([]);
  });

  it('marbles in the home cannot be jumped or landed on, and only move forward', () => {
    const s = table({ hands: { 0: ['3', '2', '1'] }, marbles: { 0: 61, 1: H(1) } });
    expect(targets(s, 0, '3', 0)).toEqual([0]);
    expect(targets(s, 0, '2', 1)).toEqual([home(3)]);
    expect(targets(s, 0, '1', 1)).toEqual([home(2)]);
    expect(targets(s, 0, '3', 1)).toEqual([]);
  });

  it('only the own home: a marble passes other colours\' starts on the ring', () => {
    expect(targets(table({ hands: { 0: ['3'] }, marbles: { 0: 15 } }), 0, '3', 0)).toEqual([18]);
  });
});

describe('the 4 backwards', () => {
  it('moves four fields counter-clockwise, knocking out a marble exactly there', () => {
    const s = play(table({ hands: { 0: ['4'] }, marbles: { 0: 10, 4: 6 } }), 0, { type: 'move', card: '4', marble: 0, to: 6 });
    expect(where(s, 0)).toBe(6);
    expect(where(s, 4)).toBe('apron');
  });

  it('cannot jump backwards either', () => {
    expect(targets(table({ hands: { 0: ['4'] }, marbles: { 0: 10, 4: 8 } }), 0, '4', 0)).toEqual([]);
  });

  it('a freshly entered marble goes back onto the ring behind its start, not into the home', () => {
    expect(targets(table({ hands: { 0: ['4'] }, marbles: { 0: [0, true] } }), 0, '4', 0)).toEqual([60]);
  });

  it('after moving 1, 2 or 3 past its start, a marble goes backwards straight into its home', () => {
    expect(targets(table({ hands: { 0: ['4'] }, marbles: { 0: 1 } }), 0, '4', 0)).toEqual([61, home(2)]);
    expect(targets(table({ hands: { 0: ['4'] }, marbles: { 0: 3 } }), 0, '4', 0)).toEqual([63, home(0)]);
  });

  it('special case: a marble on its start a second time reaches the last home field, only with an empty home', () => {
    expect(targets(table({ hands: { 0: ['4'] }, marbles: { 0: 0 } }), 0, '4', 0)).toEqual([60, home(3)]);
    expect(targets(table({ hands: { 0: ['4'] }, marbles: { 0: 0, 1: H(2) } }), 0, '4', 0)).toEqual([60]);
  });

  it('the way home without a lap: open, 4 back behind the start, then 5 to 8 into the home', () => {
    const s = play(table({ hands: { 0: ['4', '8'] }, marbles: { 0: [0, true] } }), 0, { type: 'move', card: '4', marble: 0, to: 60 });
    const t = { ...s, turn: 0 };
    expect(targets(t, 0, '8', 0)).toEqual([4, home(3)]);
  });

  it('the way home without a lap: after the 4 behind the start, a 5, 6, 7 or 8 takes the marble into its home', () => {
    // Seed: «используйте Карту 4 … Теперь используйте подходящую карту и зайдите этим шариком в Дом (Карты 5,6,7,8)».
    const s = { ...play(table({ hands: { 0: ['4', '9'] }, marbles: { 0: [0, true] } }), 0, { type: 'move', card: '4', marble: 0, to: 60 }), turn: 0 };
    for (const [card, field] of [['5', 0], ['6', 1], ['8', 3]] as const) {
      expect(targets({ ...s, hands: [[card], ['9'], ['9'], ['9']] }, 0, card, 0)).toContain(home(field));
    }
    const t = seven({ ...s, hands: [['7'], ['9'], ['9'], ['9']] }, 0, '7', [[0, 61], [0, 62], [0, 63], [0, 0], [0, home(0)], [0, home(1)], [0, home(2)]]);
    expect(where(t, 0)).toBe(home(2));
  });

  it('the other way: 1, 2 or 3 forward off the start, and on a later turn the 4 goes straight into the home', () => {
    // Seed: «сделайте передвижение вперед на 1, 2 или 3 ячейки и следующим Ходом используйте Карту 4 … прямо в Дом».
    for (const [card, field] of [['1', 2], ['2', 1], ['3', 0]] as const) {
      const s = play(table({ hands: { 0: [card, '4'] }, marbles: { 0: [0, true] } }), 0, { type: 'move', card, marble: 0, to: Number(card) });
      const t = play({ ...s, turn: 0 }, 0, { type: 'move', card: '4', marble: 0, to: H(field) });
      expect(where(t, 0)).toBe(home(field));
    }
  });

  it('special case: a marble that comes onto its start a second time (by a move) goes with the 4 into the last home field', () => {
    // Seed: «Если один и тот же шарик второй раз оказывается на Начальной Точке … Карту 4 также можно использовать».
    const s = play(table({ hands: { 0: ['5', '4'] }, marbles: { 0: 59 } }), 0, { type: 'move', card: '5', marble: 0, to: 0 });
    expect(s.marbles[0]).toEqual({ pos: 0, fresh: false });
    expect(targets({ ...s, turn: 0 }, 0, '4', 0)).toEqual([60, home(3)]);
  });

  it('backwards into the home jumps no home marble and lands on none', () => {
    // Seed: «вы не можете перескакивать шариком через другие шарики».
    expect(targets(table({ hands: { 0: ['4'] }, marbles: { 0: 2, 1: H(0) } }), 0, '4', 0)).toEqual([62]);
    expect(targets(table({ hands: { 0: ['4'] }, marbles: { 0: 3, 1: H(0) } }), 0, '4', 0)).toEqual([63]);
    expect(targets(table({ hands: { 0: ['4'] }, marbles: { 0: 1, 1: H(3) } }), 0, '4', 0)).toEqual([61, home(2)]);
  });

  it('a marble on its own start blocks the backward way into the home as well', () => {
    expect(targets(table({ hands: { 0: ['4'] }, marbles: { 0: 2, 4: 0 } }), 0, '4', 0)).toEqual([]);
  });

  it('cannot take a marble out of the home', () => {
    const s = table({ hands: { 0: ['4'] }, marbles: { 0: H(2) } });
    expect(targets(s, 0, '4', 0)).toEqual([]);
    expect(legalMoves(s, 0)).toEqual([{ type: 'discard', card: '4' }]);
  });
});

describe('must play if you can', () => {
  it('a playable card must be played: discarding is refused', () => {
    const s = table({ hands: { 0: ['5', '9'] }, marbles: { 0: 10 } });
    expect(errorOf(s, 0, { type: 'discard', card: '9' })).toBe('tac/must-play');
  });

  it('the whole hand useless: discard one card of your choice, without effect', () => {
    const s = table({ hands: { 0: ['5', '9'] } });
    expect(legalMoves(s, 0)).toEqual([
      { type: 'discard', card: '5' },
      { type: 'discard', card: '9' },
    ]);
    const t = play(s, 0, { type: 'discard', card: '9' });
    expect(t.hands[0]).toEqual(['5']);
    expect(t.discard.at(-1)).toBe('9');
    expect(t.turn).toBe(1);
  });

  it('even a move that hurts the own team must be made', () => {
    const s = table({ hands: { 0: ['3'] }, marbles: { 0: 10, 8: 13 } });
    expect(legalMoves(s, 0)).toEqual([{ type: 'move', card: '3', marble: 0, to: 13 }]);
  });

  it('only the player to move may act; a card not in hand is refused', () => {
    const s = table({ hands: { 0: ['5'] }, marbles: { 0: 10 } });
    expect(errorOf(s, 1, { type: 'discard', card: '9' })).toBe('core/not-your-turn');
    expect(errorOf(s, 0, { type: 'move', card: '6', marble: 0, to: 16 })).toBe('tac/card-not-in-hand');
    expect(errorOf(s, 0, { type: 'jump' })).toBe('tac/unknown-move');
    expect(errorOf(s, 0, 'move')).toBe('core/malformed-move');
  });
});

describe('playing for the partner', () => {
  it('once all four own marbles are home, the cards move the partner\'s marbles', () => {
    const s = table({ hands: { 0: ['5', '1'] }, marbles: { 0: H(0), 1: H(1), 2: H(2), 3: H(3), 8: 40 } });
    expect(targets(s, 0, '5', 8)).toEqual([45]);
    expect(legalMoves(s, 0)).toContainEqual({ type: 'enter', card: '1', colour: 2 }); // the partner's apron
    const t = play(s, 0, { type: 'enter', card: '1', colour: 2 });
    expect(where(t, 9)).toBe(32);
    // Sent without its colour (as before moves named it), the card decides; another colour is refused.
    expect(where(play(s, 0, { type: 'enter', card: '1' }), 9)).toBe(32);
    expect(errorOf(s, 0, { type: 'enter', card: '1', colour: 0 })).toBe('tac/illegal-move');
  });
});
