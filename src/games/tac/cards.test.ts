/**
 * The special cards 7, 8, Trickster and TAC, one example per rule and per special case of the original
 * rules document. Four colours: starts 0, 16, 32, 48; colour c owns marbles 4c..4c+3.
 */
import { describe, expect, it } from 'vitest';
import { ownerOf } from './board.ts';
import { applyMove, legalMoves } from './moves.ts';
import { errorOf, home, play, seven, table, targets, where } from './scenario.ts';
import type { TacMove } from './types.ts';

const H = (i: number) => 64 + i;
const sevenStarts = (moves: TacMove[]) => moves.filter((m) => m.type === 'seven');
/** A 7's moves of one marble to each of `fields` (a run of single steps each). */
const stepsTo = (marble: number, fields: number[]): TacMove[] => fields.map((to) => ({ type: 'step', marble, to }));
const sevensTo = (marble: number, fields: number[]): TacMove[] => fields.map((to) => ({ type: 'seven', card: '7', marble, to }));

describe('the 7', () => {
  it('splits seven single steps over several marbles', () => {
    const s = seven(table({ hands: { 0: ['7'] }, marbles: { 0: 10, 1: 30 } }), 0, '7', [
      [0, 11], [0, 12], [0, 13], [1, 31], [1, 32], [1, 33], [0, 14],
    ]);
    expect([where(s, 0), where(s, 1)]).toEqual([14, 33]);
    expect(s.seven).toBeNull();
    expect(s.turn).toBe(1);
  });

  it('knocks out every marble it steps over or onto, own and partner\'s included', () => {
    const s = seven(table({ hands: { 0: ['7'] }, marbles: { 0: 10, 1: 12, 4: 14, 8: 16 } }), 0, '7', [
      [0, 11], [0, 12], [0, 13], [0, 14], [0, 15], [0, 16], [0, 17],
    ]);
    expect([where(s, 1), where(s, 4), where(s, 8), where(s, 0)]).toEqual(['apron', 'apron', 'apron', 17]);
  });

  it('all seven steps must be used: a 7 that cannot be completed is not playable', () => {
    const s = table({ hands: { 0: ['7'] }, marbles: { 0: 10, 1: 12, 2: H(3) } });
    expect(sevenStarts(legalMoves(s, 0)).length).toBeGreaterThan(0);
    const stuck = table({ hands: { 0: ['7'] }, marbles: { 0: H(3), 1: H(2) } });
    expect(legalMoves(stuck, 0)).toEqual([{ type: 'discard', card: '7' }]);
  });

  it('a home marble may use up steps going back and forth', () => {
    const s = seven(table({ hands: { 0: ['7'] }, marbles: { 0: H(1) } }), 0, '7', [
      [0, home(2)], [0, home(1)], [0, home(0)], [0, home(1)], [0, home(2)], [0, home(1)], [0, home(2)],
    ]);
    expect(where(s, 0)).toBe(home(2));
  });

  it('in the middle of a 7 only its steps may follow', () => {
    const s = play(table({ hands: { 0: ['7', '2'] }, marbles: { 0: 10 } }), 0, { type: 'seven', card: '7', marble: 0, to: 11 });
    expect(s.seven).toEqual({ remaining: 6, colour: 0, answeringWin: false });
    expect(errorOf(s, 0, { type: 'move', card: '2', marble: 0, to: 13 })).toBe('tac/finish-seven');
    expect(legalMoves(s, 0)).toEqual(stepsTo(0, [12, 13, 14, 15, 16, 17]));
  });

  it('enters the home and moves forward and backward inside it', () => {
    const s = table({ hands: { 0: ['7'] }, marbles: { 0: 62, 1: H(1) } });
    const t = seven(s, 0, '7', [[0, 63], [0, 0], [0, home(0)], [1, home(2)], [1, home(1)], [1, home(2)], [1, home(3)]]);
    expect([where(t, 0), where(t, 1)]).toEqual([home(0), home(3)]);
  });

  it('takes as many marbles into the home as it can', () => {
    // Seed: «вы можете завести в Дом сколько угодно шариков».
    const s = seven(table({ hands: { 0: ['7'] }, marbles: { 0: 62, 1: 63 } }), 0, '7', [
      [1, 0], [1, home(0)], [1, home(1)], [1, home(2)], [1, home(3)], [0, 63], [0, 0],
    ]);
    const t = seven(table({ hands: { 0: ['7'] }, marbles: { 0: 62, 1: 63 } }), 0, '7', [
      [1, 0], [1, home(0)], [1, home(1)], [1, home(2)], [0, 63], [0, 0], [0, home(0)],
    ]);
    expect([where(s, 1), where(t, 0), where(t, 1)]).toEqual([home(3), home(0), home(2)]);
  });

  it('knocks out a marble sitting on the own start and goes on past it into the home; no other card passes it', () => {
    // Seed: the 7 «позволяет выбить шарик на любом из расстоянии от 1 до 7» and «вы можете завести в Дом сколько
    // угодно шариков»; the digest: the start must be free to pass «unless a 7 knocks the blocker out».
    const s = table({ hands: { 0: ['7', '6'] }, marbles: { 0: 59, 4: 0 } });
    expect(targets(s, 0, '6', 0)).toEqual([]); // a 6 would have to jump the marble on the start
    const t = play(s, 0, { type: 'seven', card: '7', marble: 0, to: H(1) });
    expect([where(t, 0), where(t, 4), t.seven]).toEqual([home(1), 'apron', null]);
  });

  it('never steps out of the home back onto the ring', () => {
    // Seed: «Один раз зайдя в Дом, обратно выйти нельзя!» (only a TAC on the entering card takes it out).
    const s = play(table({ hands: { 0: ['7'] }, marbles: { 0: 62, 1: 30 } }), 0, { type: 'seven', card: '7', marble: 0, to: 63 });
    const t = play(play(s, 0, { type: 'step', marble: 0, to: 0 }), 0, { type: 'step', marble: 0, to: H(0) });
    expect(legalMoves(t, 0)).toEqual([...stepsTo(0, [H(1), H(2), H(3)]), ...stepsTo(1, [31, 32, 33, 34])]);
  });

  it('a marble in the last home field is stuck for good', () => {
    const s = table({ hands: { 0: ['7'] }, marbles: { 0: H(2), 1: 10 } });
    const t = play(s, 0, { type: 'seven', card: '7', marble: 0, to: H(3) });
    expect(legalMoves(t, 0).every((m) => m.type === 'step' && m.marble === 1)).toBe(true);
  });

  it('rearranges the home even with no marble on the ring; a stuck marble never moves', () => {
    const s = table({ hands: { 0: ['7'] }, marbles: { 0: H(0), 1: H(3) } });
    const steps = legalMoves(s, 0);
    expect(steps).toEqual([{ type: 'seven', card: '7', marble: 0, to: H(1) }]);
  });

  it("moves only the own marbles while one is still out: the partner's take steps only after the last own marble is home", () => {
    // Seed: the rest goes to the partner «если игрок разыграл Карту 7 для того, чтобы завести свой последний шарик в Дом».
    const s = table({ hands: { 0: ['7'] }, marbles: { 0: 62, 1: H(1), 2: H(2), 3: 30, 8: 40 } });
    expect(sevenStarts(legalMoves(s, 0)).every((m) => m.type === 'seven' && ownerOf(m.marble) === 0)).toBe(true);
    const t = seven(s, 0, '7', [[0, 63], [0, 0], [0, home(0)]]);
    expect(legalMoves(t, 0).every((m) => m.type === 'step' && ownerOf(m.marble) === 0)).toBe(true);
  });

  it('special case: steps left after the last own marble gets home go to the partner', () => {
    const s = table({ hands: { 0: ['7'] }, marbles: { 0: 62, 1: H(1), 2: H(2), 3: H(3), 8: 40 } });
    const t = seven(s, 0, '7', [[0, 63], [0, 0], [0, home(0)], [8, 41], [8, 42], [8, 43], [8, 44]]);
    expect([where(t, 0), where(t, 8)]).toEqual([home(0), 44]);
  });

  it("special case: the partner's marble may take the rest going back inside its home (the document asks a marble that can move forward)", () => {
    // Four steps left, the partner's only movable marble on its home field 0: forward and back (its last field
    // would leave it stuck with a step to go, so that step is not offered).
    const s = table({ hands: { 0: ['7'] }, marbles: { 0: 62, 1: home(1), 2: home(2), 3: home(3), 8: home(0) } });
    const t = seven(s, 0, '7', [[0, 63], [0, 0], [0, home(0)], [8, home(1)], [8, home(2)], [8, home(1)]]);
    expect(legalMoves(t, 0)).toEqual([{ type: 'step', marble: 8, to: t.ring + 2 }, { type: 'step', marble: 8, to: t.ring }]);
    expect(where(play(t, 0, { type: 'step', marble: 8, to: t.ring + 2 }), 8)).toBe(home(2));
  });

  it('special case: with the partner already home the rest has nowhere to go, so a 7 wins only with its exact steps', () => {
    // Seed: the rest goes to the partner «только в том случае, если у напарника есть шарики …, которыми можно
    // осуществить передвижение вперед»; otherwise «вы обязаны пробежать свой Дом».
    const partnerHome = { 8: H(0), 9: H(1), 10: H(2), 11: H(3) };
    const s = table({ hands: { 0: ['7'] }, marbles: { 0: 62, 1: H(1), 2: H(2), 3: H(3), ...partnerHome } });
    const onStart = seven(s, 0, '7', [[0, 63], [0, 0]]);
    expect(legalMoves(onStart, 0)).toEqual(stepsTo(0, [1, 2, 3, 4, 5]));
    const t = seven(s, 0, '7', [[0, 63], [0, 0], [0, 1], [0, 2], [0, 3], [0, 4], [0, 5]]);
    expect([t.phase, where(t, 0)]).toEqual(['play', 5]);
    const exact = seven(table({ hands: { 0: ['7'] }, marbles: { 0: 58, 1: H(1), 2: H(2), 3: H(3), ...partnerHome } }), 0, '7', [
      [0, 59], [0, 60], [0, 61], [0, 62], [0, 63], [0, 0], [0, home(0)],
    ]);
    expect([exact.phase, exact.winner]).toEqual(['over', 0]);
  });

  it('special case: if the partner cannot take the rest, the last marble must run past its home', () => {
    const s = table({ hands: { 0: ['7'] }, marbles: { 0: 62, 1: H(1), 2: H(2), 3: H(3) } });
    expect(sevenStarts(legalMoves(s, 0))).toEqual(sevensTo(0, [63, 0, 1, 2, 3, 4, 5]));
    const t = play(s, 0, { type: 'seven', card: '7', marble: 0, to: 63 });
    expect(legalMoves(t, 0)).toEqual(stepsTo(0, [0, 1, 2, 3, 4, 5]));
  });
});

describe("the 7: the leftover steps after the last own marble gets home", () => {
  // Seed, special case of the 7: «Если игрок разыграл Карту 7 для того, чтобы завести свой последний шарик в Дом, но не
  // использовал все единичные ходы, то он может использовать оставшиеся единичные ходы для шарика/шариков своего
  // напарника. Это возможно только в том случае, если у напарника есть шарики (на Игровом Круге или в Доме), которыми
  // можно осуществить передвижение вперед. Если такой возможности нет и у вас остаются неиспользованные единичные ходы,
  // то вы обязаны пробежать свой Дом и не можете в него зайти последним шариком.» (If a player plays the 7 to bring
  // their last marble home without using all the single steps, they may use the remaining steps for their partner's
  // marble(s), only if the partner has marbles, on the ring or in the home, that can move forward. If not, and unused
  // steps remain, they must run past their home and cannot enter it with the last marble.) And for every 7: «все 7
  // единичных ходов должны быть использованы» (all 7 single steps must be used).
  // The partner's home holds three marbles on fields 0, 1, 2 (the fourth in the apron): they take at most 3 steps
  // (2→3, 1→2, 0→1, each then stuck), so 3 leftover steps can go to the partner and 4 cannot.
  const partner = { 8: home(0), 9: home(1), 10: home(2) };
  const own = { 1: home(1), 2: home(2), 3: home(3) };

  it('with more steps left than the partner can take, the last marble may not go home: it runs past', () => {
    const s = table({ hands: { 0: ['7'] }, marbles: { 0: 62, ...own, ...partner } }); // home after 3 steps, 4 left
    expect(sevenStarts(legalMoves(s, 0))).toEqual(sevensTo(0, [63, 0, 1, 2, 3, 4, 5]));
    const onStart = seven(s, 0, '7', [[0, 63], [0, 0]]);
    expect(legalMoves(onStart, 0)).toEqual(stepsTo(0, [1, 2, 3, 4, 5]));
  });

  it('with exactly as many steps left as the partner can take, the last marble goes home and the partner takes them all', () => {
    const s = table({ hands: { 0: ['7'] }, marbles: { 0: 61, ...own, ...partner } }); // home after 4 steps, 3 left
    expect(sevenStarts(legalMoves(s, 0))).toContainEqual({ type: 'seven', card: '7', marble: 0, to: H(0) });
    const t = seven(s, 0, '7', [[0, H(0)]]);
    expect(t.seven?.remaining).toBe(3);
    expect(legalMoves(t, 0)).toEqual(stepsTo(10, [H(3)])); // only the partner's marble, forward
    const done = play(play(play(t, 0, { type: 'step', marble: 10, to: H(3) }), 0, { type: 'step', marble: 9, to: H(2) }), 0, { type: 'step', marble: 8, to: H(1) });
    expect([where(done, 0), where(done, 8), where(done, 9), where(done, 10), done.seven, done.turn]).toEqual([home(0), home(1), home(2), home(3), null, 1]);
  });

  it('a player whose marbles are all home plays the whole 7 with the partner\'s marbles, all seven steps or not at all', () => {
    const allHome = { 0: home(0), ...own };
    const ring = table({ hands: { 0: ['7'] }, marbles: { ...allHome, 8: 40 } });
    expect(sevenStarts(legalMoves(ring, 0)).every((m) => m.type === 'seven' && ownerOf(m.marble) === 2)).toBe(true);
    // The partner's three home marbles take 3 steps at most: the 7 has no complete use and is discarded.
    expect(legalMoves(table({ hands: { 0: ['7'] }, marbles: { ...allHome, ...partner } }), 0)).toEqual([{ type: 'discard', card: '7' }]);
  });
});

describe('the 7 in runs of single steps', () => {
  const stepEvent = (r: ReturnType<typeof applyMove>) => (r.ok ? r.events.find((e) => e.type === 'step') : r.error);

  it('moves a marble several fields in one move, exactly as its single steps: every marble passed is knocked out', () => {
    const s = table({ hands: { 0: ['7'] }, marbles: { 0: 10, 1: 12, 4: 14, 8: 16 } });
    const singles = seven(s, 0, '7', [[0, 11], [0, 12], [0, 13], [0, 14], [0, 15], [0, 16], [0, 17]]);
    const r = applyMove(s, 0, { type: 'seven', card: '7', marble: 0, to: 17 });
    expect(r.ok && r.state).toEqual(singles);
    expect(r.ok && r.events.filter((e) => e.type === 'knockout').map((e) => e.marble)).toEqual([1, 4, 8]);
    expect(stepEvent(r)).toEqual({ type: 'step', marble: 0, from: 10, to: 17, steps: 7, knocked: [1, 4, 8], remaining: 0 });
  });

  it('splits the seven steps into runs of several marbles, as their single steps would', () => {
    const s = table({ hands: { 0: ['7'] }, marbles: { 0: 10, 1: 30 } });
    const first = play(s, 0, { type: 'seven', card: '7', marble: 0, to: 13 });
    expect(first.seven?.remaining).toBe(4);
    expect(legalMoves(first, 0)).toEqual([...stepsTo(0, [14, 15, 16, 17]), ...stepsTo(1, [31, 32, 33, 34])]);
    const runs = play(play(first, 0, { type: 'step', marble: 1, to: 33 }), 0, { type: 'step', marble: 0, to: 14 });
    expect(runs).toEqual(seven(s, 0, '7', [[0, 11], [0, 12], [0, 13], [1, 31], [1, 32], [1, 33], [0, 14]]));
  });

  it('goes into the home or on round the ring from the own start: each field is the end of one run', () => {
    const s = table({ hands: { 0: ['7'] }, marbles: { 0: 62, 1: 30 } });
    expect(sevenStarts(legalMoves(s, 0)).filter((m) => m.marble === 0)).toEqual(sevensTo(0, [63, 0, 1, 2, 3, 4, 5, H(0), H(1), H(2), H(3)]));
    expect(play(s, 0, { type: 'seven', card: '7', marble: 0, to: H(2) })).toEqual(seven(s, 0, '7', [[0, 63], [0, 0], [0, home(0)], [0, home(1)], [0, home(2)]]));
    expect(where(play(s, 0, { type: 'seven', card: '7', marble: 0, to: 5 }), 0)).toBe(5);
  });

  it('in the home a run goes forward or back, never both', () => {
    const s = table({ hands: { 0: ['7'] }, marbles: { 0: H(2), 1: 30 } });
    expect(sevenStarts(legalMoves(s, 0)).filter((m) => m.marble === 0)).toEqual(sevensTo(0, [H(3), H(1), H(0)]));
    const back = play(s, 0, { type: 'seven', card: '7', marble: 0, to: H(0) });
    expect(back).toEqual(seven(s, 0, '7', [[0, home(1)], [0, home(0)]]));
    expect(back.seven?.remaining).toBe(5);
    // Back and then forward again to where it stood is two runs, not one.
    expect(errorOf(s, 0, { type: 'seven', card: '7', marble: 0, to: H(2) })).toBe('tac/illegal-move');
  });

  it('is refused where one of its single steps would be: into the home from a fresh start, or over a home marble', () => {
    const fresh = table({ hands: { 0: ['7'] }, marbles: { 0: [0, true] } });
    expect(sevenStarts(legalMoves(fresh, 0))).toEqual(sevensTo(0, [1, 2, 3, 4, 5, 6, 7]));
    expect(errorOf(fresh, 0, { type: 'seven', card: '7', marble: 0, to: H(1) })).toBe('tac/illegal-move');
    const behind = table({ hands: { 0: ['7'] }, marbles: { 0: H(0), 1: H(2), 2: 20 } });
    expect(sevenStarts(legalMoves(behind, 0)).filter((m) => m.marble === 0)).toEqual(sevensTo(0, [H(1)]));
    expect(errorOf(behind, 0, { type: 'seven', card: '7', marble: 0, to: H(3) })).toBe('tac/illegal-move');
  });

  it('is refused where the steps left could then not all be used', () => {
    // Two steps to the last home field leave five that the stuck marble cannot take.
    const alone = table({ hands: { 0: ['7'] }, marbles: { 0: H(1) } });
    expect(sevenStarts(legalMoves(alone, 0))).toEqual(sevensTo(0, [H(2), H(0)]));
    expect(errorOf(alone, 0, { type: 'seven', card: '7', marble: 0, to: H(3) })).toBe('tac/illegal-move');
    // Into the home with four steps left and no partner marble to take them: the marble must run past.
    const last = table({ hands: { 0: ['7'] }, marbles: { 0: 62, 1: H(1), 2: H(2), 3: H(3) } });
    expect(errorOf(last, 0, { type: 'seven', card: '7', marble: 0, to: H(0) })).toBe('tac/illegal-move');
    const midway = play(last, 0, { type: 'seven', card: '7', marble: 0, to: 0 });
    expect(errorOf(midway, 0, { type: 'step', marble: 0, to: H(0) })).toBe('tac/illegal-move');
  });

  it("ends where the last own marble gets home: the partner's marble takes the rest, in a run of its own", () => {
    const s = table({ hands: { 0: ['7'] }, marbles: { 0: 62, 1: H(1), 2: H(2), 3: H(3), 8: 40 } });
    expect(sevenStarts(legalMoves(s, 0))).toEqual(sevensTo(0, [63, 0, 1, 2, 3, 4, 5, H(0)]));
    const home0 = play(s, 0, { type: 'seven', card: '7', marble: 0, to: H(0) });
    expect(legalMoves(home0, 0)).toEqual(stepsTo(8, [41, 42, 43, 44]));
    const done = play(home0, 0, { type: 'step', marble: 8, to: 44 });
    expect(done).toEqual(seven(s, 0, '7', [[0, 63], [0, 0], [0, home(0)], [8, 41], [8, 42], [8, 43], [8, 44]]));
  });

  it('a TAC undoes every single step of a run, knock-outs included', () => {
    const s = play(table({ hands: { 0: ['7'], 1: ['tac'] }, marbles: { 0: 10, 4: 12, 5: 30 } }), 0, { type: 'seven', card: '7', marble: 0, to: 17 });
    expect([where(s, 0), where(s, 4), s.turn]).toEqual([17, 'apron', 1]);
    const t = play(s, 1, { type: 'seven', card: 'tac', marble: 5, to: 37 });
    expect([where(t, 0), where(t, 4), where(t, 5), t.seven]).toEqual([10, 12, 37, null]);
  });
});

describe('the 8', () => {
  it('moves 8, or makes the next player skip', () => {
    const s = table({ hands: { 0: ['8'] }, marbles: { 0: 10 } });
    expect(legalMoves(s, 0)).toEqual([
      { type: 'move', card: '8', marble: 0, to: 18 },
      { type: 'skip', card: '8' },
    ]);
    const t = play(s, 0, { type: 'skip', card: '8' });
    expect(t.turn).toBe(1);
    expect(t.skipPending).toBe(true);
    expect(where(t, 0)).toBe(10);
  });

  it('the skipped player must discard a card without effect', () => {
    const s = play(table({ hands: { 0: ['8'], 1: ['5', '9'] }, marbles: { 0: 10, 4: 20 } }), 0, { type: 'skip', card: '8' });
    expect(legalMoves(s, 1)).toEqual([
      { type: 'discard', card: '5' },
      { type: 'discard', card: '9' },
    ]);
    expect(errorOf(s, 1, { type: 'move', card: '5', marble: 4, to: 25 })).toBe('tac/skipped');
    const t = play(s, 1, { type: 'discard', card: '5' });
    expect([t.turn, t.skipPending, where(t, 4)]).toEqual([2, false, 20]);
  });

  it('cannot skip a next player (on the left) who has no turn left in this deal: the 8 moves', () => {
    // Seed: the 8 makes «следующего игрока (по левую руку от вас)» skip; as the deal's last card it cannot, «этого Хода и так не будет».
    const s = table({ hands: { 0: ['8'], 1: [], 2: ['5'], 3: ['9'] }, marbles: { 0: 10 } });
    expect(legalMoves(s, 0)).toEqual([{ type: 'move', card: '8', marble: 0, to: 18 }]);
  });

  it('needs an own marble on the ring to skip', () => {
    const s = table({ hands: { 0: ['8'] }, marbles: { 0: H(0) } });
    expect(legalMoves(s, 0)).toEqual([{ type: 'discard', card: '8' }]);
  });

  it('special case: as the last card of the deal it cannot skip, it must move', () => {
    const s = table({ hands: { 0: ['8'], 1: [], 2: [], 3: [] }, marbles: { 0: 10 } });
    expect(legalMoves(s, 0)).toEqual([{ type: 'move', card: '8', marble: 0, to: 18 }]);
    // With no marble able to move 8 it has no use at all: it can only be discarded.
    const blocked = table({ hands: { 0: ['8'], 1: [], 2: [], 3: [] }, marbles: { 0: 10, 4: 14 } });
    expect(legalMoves(blocked, 0)).toEqual([{ type: 'discard', card: '8' }]);
  });
});

describe('the Trickster', () => {
  it('swaps any two marbles on the ring, own or not, with no knock-out', () => {
    const s = table({ hands: { 0: ['trickster'] }, marbles: { 0: 10, 4: 20, 8: 30 } });
    expect(legalMoves(s, 0)).toEqual([
      { type: 'swap', card: 'trickster', a: 0, b: 4 },
      { type: 'swap', card: 'trickster', a: 0, b: 8 },
      { type: 'swap', card: 'trickster', a: 4, b: 8 },
    ]);
    const t = play(s, 0, { type: 'swap', card: 'trickster', a: 4, b: 8 });
    expect([where(t, 0), where(t, 4), where(t, 8)]).toEqual([10, 30, 20]);
  });

  it('needs an own marble on the ring and a second marble there; home marbles never swap', () => {
    expect(legalMoves(table({ hands: { 0: ['trickster'] }, marbles: { 4: 10, 8: 20 } }), 0)).toEqual([{ type: 'discard', card: 'trickster' }]);
    expect(legalMoves(table({ hands: { 0: ['trickster'] }, marbles: { 0: 10, 1: H(0), 4: H(0) } }), 0)).toEqual([
      { type: 'discard', card: 'trickster' },
    ]);
  });

  it('may swap two of the own marbles', () => {
    // Seed: «вы также можете поменять местами свои собственные шарики».
    const s = table({ hands: { 0: ['trickster'] }, marbles: { 0: 10, 1: 40 } });
    expect(legalMoves(s, 0)).toEqual([{ type: 'swap', card: 'trickster', a: 0, b: 1 }]);
    const t = play(s, 0, { type: 'swap', card: 'trickster', a: 0, b: 1 });
    expect([where(t, 0), where(t, 1)]).toEqual([40, 10]);
  });

  it('a marble just brought out and swapped away counts as moved: from just before its start it goes home', () => {
    // Seed: «Когда вы Трикстерите шарики, вы можете завести их в свой Дом всего за несколько Ходов».
    const t = play(table({ hands: { 0: ['trickster', '7'] }, marbles: { 0: [0, true], 1: 30, 4: 62 } }), 0, { type: 'swap', card: 'trickster', a: 0, b: 4 });
    expect(t.marbles[0]).toEqual({ pos: 62, fresh: false });
    // The 7 knocks out the marble now on the start and takes the swapped one into the home.
    const u = seven({ ...t, turn: 0 }, 0, '7', [[0, 63], [0, 0], [0, home(0)], [0, home(1)], [0, home(2)], [0, home(3)], [1, 31]]);
    expect([where(u, 0), where(u, 4)]).toEqual([home(3), 'apron']);
  });

  it('must be played when it is the only playable card, even if it hurts', () => {
    const s = table({ hands: { 0: ['trickster', '4'] }, marbles: { 0: 10, 4: 8 } });
    expect(legalMoves(s, 0)).toEqual([{ type: 'swap', card: 'trickster', a: 0, b: 4 }]);
  });

  it('may not be discarded while another card can be played', () => {
    // Seed: «Вы не можете сбросить Карту Трикстер, если у вас есть возможность использовать другие карты».
    const s = table({ hands: { 0: ['trickster', '5'] }, marbles: { 0: 10 } }); // alone on the ring: no swap
    expect(legalMoves(s, 0)).toEqual([{ type: 'move', card: '5', marble: 0, to: 15 }]);
    expect(errorOf(s, 0, { type: 'discard', card: 'trickster' })).toBe('tac/must-play');
  });

  it("a player whose marbles are all home swaps with the partner's marble on the ring as the own", () => {
    // Seed: the Trickster needs «у вас есть шарик на Игровом Круге»; once all four are home, the partner's marbles are played.
    const allHome = { 0: H(0), 1: H(1), 2: H(2), 3: H(3) };
    expect(legalMoves(table({ hands: { 0: ['trickster'] }, marbles: { ...allHome, 8: 40, 4: 20 } }), 0)).toEqual([
      { type: 'swap', card: 'trickster', a: 4, b: 8 },
    ]);
    expect(legalMoves(table({ hands: { 0: ['trickster'] }, marbles: { ...allHome, 4: 20, 12: 30 } }), 0)).toEqual([
      { type: 'discard', card: 'trickster' },
    ]);
  });

  it('special case: a marble swapped onto its own start reaches the last home field with the 4 only with an empty home', () => {
    // Seed, the 4's special case: «… или его Трикстернули на Начальную Точку … (в данном случае Дом должен быть пустым)».
    const swapped = (homeMarble: Record<number, number>) =>
      play(table({ hands: { 0: ['trickster', '4'] }, marbles: { 0: 16, 4: 0, ...homeMarble } }), 0, { type: 'swap', card: 'trickster', a: 0, b: 4 });
    expect(targets({ ...swapped({}), turn: 0 }, 0, '4', 0)).toEqual([60, home(3)]);
    expect(targets({ ...swapped({ 1: H(0) }), turn: 0 }, 0, '4', 0)).toEqual([60]);
  });

  it('special case: a marble swapped onto its own start may enter its home with 1, 2, 3, 4 or 7', () => {
    const t = play(table({ hands: { 0: ['trickster'] }, marbles: { 0: [16, false], 4: [0, true] } }), 0, { type: 'swap', card: 'trickster', a: 0, b: 4 });
    expect(t.marbles[0]).toEqual({ pos: 0, fresh: false });
    for (const [card, field] of [['1', 0], ['2', 1], ['3', 2]] as const) {
      expect(targets({ ...t, turn: 0, hands: [[card], ['9'], ['9'], ['9']] }, 0, card, 0)).toContain(home(field));
    }
    expect(targets({ ...t, turn: 0, hands: [['4'], ['9'], ['9'], ['9']] }, 0, '4', 0)).toContain(home(3));
    expect(legalMoves({ ...t, turn: 0, hands: [['7'], ['9'], ['9'], ['9']] }, 0)).toContainEqual({ type: 'seven', card: '7', marble: 0, to: H(0) });
  });
});

describe('TAC', () => {
  const afterFive = () => play(table({ hands: { 0: ['5'], 1: ['tac'] }, marbles: { 0: 10, 4: 15, 5: 22 } }), 0, { type: 'move', card: '5', marble: 0, to: 15 });

  it('undoes the previous card, knocked-out marble included, and plays it for yourself', () => {
    const s = afterFive();
    expect(where(s, 4)).toBe('apron');
    expect(legalMoves(s, 1)).toEqual([
      { type: 'move', card: 'tac', marble: 4, to: 20 },
      { type: 'move', card: 'tac', marble: 4, to: H(3) },
      { type: 'move', card: 'tac', marble: 5, to: 27 },
    ]);
    const t = play(s, 1, { type: 'move', card: 'tac', marble: 5, to: 27 });
    expect([where(t, 0), where(t, 4), where(t, 5)]).toEqual([10, 15, 27]);
    expect(t.discard.slice(-2)).toEqual(['5', 'tac']);
  });

  it('is playable only if the undone card has a use for you', () => {
    const s = play(table({ hands: { 0: ['5'], 1: ['tac'] }, marbles: { 0: 10 } }), 0, { type: 'move', card: '5', marble: 0, to: 15 });
    expect(legalMoves(s, 1)).toEqual([{ type: 'discard', card: 'tac' }]);
  });

  it('must be played when it is the only playable card', () => {
    const s = play(table({ hands: { 0: ['5'], 1: ['tac', '9'] }, marbles: { 0: 10, 5: 22 } }), 0, { type: 'move', card: '5', marble: 0, to: 15 });
    expect(errorOf(s, 1, { type: 'discard', card: '9' })).toBe('tac/must-play');
  });

  it('after a dual-function card you choose either function', () => {
    const s = play(table({ hands: { 0: ['1'], 1: ['tac'] }, marbles: { 0: 10, 4: 20 } }), 0, { type: 'move', card: '1', marble: 0, to: 11 });
    expect(legalMoves(s, 1)).toEqual([
      { type: 'enter', card: 'tac', colour: 1 },
      { type: 'move', card: 'tac', marble: 4, to: 21 },
    ]);
  });

  it('after an 8 that moved you may make your next player skip instead (either function)', () => {
    // Seed: «игрок может выбрать любую из этих Функций … независимо от того, какую Функцию использовал соперник».
    const s = play(table({ hands: { 0: ['8'], 1: ['tac'] }, marbles: { 0: 10, 4: 20 } }), 0, { type: 'move', card: '8', marble: 0, to: 18 });
    expect(legalMoves(s, 1)).toEqual([
      { type: 'move', card: 'tac', marble: 4, to: 28 },
      { type: 'skip', card: 'tac' },
    ]);
    const t = play(s, 1, { type: 'skip', card: 'tac' });
    expect([where(t, 0), where(t, 4), t.turn, t.skipPending]).toEqual([10, 20, 2, true]);
  });

  it('brings a marble out with no marble on the ring and no 1 or 13 in hand, after an opponent\'s 13', () => {
    // Seed: TAC is the card that gets you into the game «если у вас нет шариков на Игровом Круге или Выходов (1 или 13)».
    const s = play(table({ hands: { 0: ['13'], 1: ['tac', '5'] }, marbles: { 0: 10 } }), 0, { type: 'move', card: '13', marble: 0, to: 23 });
    expect(legalMoves(s, 1)).toEqual([{ type: 'enter', card: 'tac', colour: 1 }]);
    const t = play(s, 1, { type: 'enter', card: 'tac' });
    expect([where(t, 0), where(t, 4), t.marbles[4]!.fresh]).toEqual([10, 16, true]);
  });

  it('cannot be the first card after the deal, nor undo a card of the previous deal', () => {
    const s = table({ hands: { 1: ['tac'] }, marbles: { 4: 20 }, turn: 1 });
    expect(legalMoves(s, 1)).toEqual([{ type: 'discard', card: 'tac' }]);
    const lastOfDeal = play(table({ hands: { 0: ['5'], 1: [], 2: [], 3: [] }, marbles: { 0: 10 } }), 0, { type: 'move', card: '5', marble: 0, to: 15 });
    expect([lastOfDeal.phase, lastOfDeal.last]).toEqual(['deal', null]);
  });

  it('undoes a home entry: the marble comes out of the home again', () => {
    const s = play(table({ hands: { 0: ['3'], 1: ['tac'] }, marbles: { 0: 62, 4: 20 } }), 0, { type: 'move', card: '3', marble: 0, to: H(0) });
    const t = play(s, 1, { type: 'move', card: 'tac', marble: 4, to: 23 });
    expect(where(t, 0)).toBe(62);
  });

  it('a marble that had just moved for the first time is fresh again on its start', () => {
    const s = play(table({ hands: { 0: ['2'], 1: ['tac'] }, marbles: { 0: [0, true], 4: 20 } }), 0, { type: 'move', card: '2', marble: 0, to: 2 });
    const t = play(s, 1, { type: 'move', card: 'tac', marble: 4, to: 22 });
    expect(t.marbles[0]).toEqual({ pos: 0, fresh: true });
  });

  it('on an 8 that skipped you: the skip is cancelled and you hold the 8 (move or skip the next)', () => {
    const s = play(table({ hands: { 0: ['8'], 1: ['tac', '9'] }, marbles: { 0: 10, 4: 20 } }), 0, { type: 'skip', card: '8' });
    expect(legalMoves(s, 1)).toEqual([
      { type: 'discard', card: 'tac' },
      { type: 'discard', card: '9' },
      { type: 'move', card: 'tac', marble: 4, to: 28 },
      { type: 'skip', card: 'tac' },
    ]);
    const t = play(s, 1, { type: 'skip', card: 'tac' });
    expect([t.turn, t.skipPending]).toEqual([2, true]);
  });

  it('on an 8 that skipped you it is optional: you may discard it or any card instead', () => {
    const s = play(table({ hands: { 0: ['8'], 1: ['tac', '9'] }, marbles: { 0: 10, 4: 20 } }), 0, { type: 'skip', card: '8' });
    const t = play(s, 1, { type: 'discard', card: 'tac' });
    expect([t.turn, t.skipPending]).toEqual([2, false]);
  });

  it('on a Trickster: the swap is undone and you swap for yourself; a fresh marble is fresh again', () => {
    const s = play(table({ hands: { 0: ['trickster'], 1: ['tac'] }, marbles: { 0: [0, true], 4: 20, 8: 40 } }), 0, {
      type: 'swap', card: 'trickster', a: 0, b: 4,
    });
    const t = play(s, 1, { type: 'swap', card: 'tac', a: 4, b: 8 });
    expect(t.marbles[0]).toEqual({ pos: 0, fresh: true });
    expect([where(t, 4), where(t, 8)]).toEqual([40, 20]);
  });

  it('on a Trickster: a fresh marble back on its start is new again and cannot go straight into its home', () => {
    // Seed: «этот шарик не может сразу зайти в Дом (он как будто не выполнял никакого передвижения и снова является новым)».
    const s = play(table({ hands: { 0: ['trickster'], 1: ['tac'] }, marbles: { 0: [0, true], 4: 20, 8: 40 } }), 0, {
      type: 'swap', card: 'trickster', a: 0, b: 4,
    });
    const t = { ...play(s, 1, { type: 'swap', card: 'tac', a: 4, b: 8 }), turn: 0 };
    for (const [card, ring] of [['1', 1], ['2', 2], ['3', 3], ['4', 60]] as const) {
      expect(targets({ ...t, hands: [[card], ['9'], ['9'], ['9']] }, 0, card, 0)).toEqual([ring]);
    }
    expect(legalMoves({ ...t, hands: [['7'], ['9'], ['9'], ['9']] }, 0)).not.toContainEqual({ type: 'seven', card: '7', marble: 0, to: H(0) });
  });

  it('on a 7: all its steps are undone and you play your own 7', () => {
    const s = seven(table({ hands: { 0: ['7'], 1: ['tac'] }, marbles: { 0: 10, 4: 12, 5: 30 } }), 0, '7', [
      [0, 11], [0, 12], [0, 13], [0, 14], [0, 15], [0, 16], [0, 17],
    ]);
    expect(where(s, 4)).toBe('apron');
    const t = play(s, 1, { type: 'seven', card: 'tac', marble: 5, to: 31 });
    expect([where(t, 0), where(t, 4), t.seven?.remaining]).toEqual([10, 12, 6]);
  });

  it('on another TAC: the first TAC is undone, the original card restored and played again (the 13 example)', () => {
    const s1 = play(table({ hands: { 0: ['13'], 1: ['tac'], 2: ['tac'] }, marbles: { 8: 33 } }), 0, { type: 'enter', card: '13' });
    expect(where(s1, 0)).toBe(0);
    const s2 = play(s1, 1, { type: 'enter', card: 'tac' });
    expect([where(s2, 0), where(s2, 4)]).toEqual(['apron', 16]);
    expect(legalMoves(s2, 2)).toEqual([
      { type: 'enter', card: 'tac', colour: 2 },
      { type: 'move', card: 'tac', marble: 8, to: 46 },
    ]);
    const s3 = play(s2, 2, { type: 'move', card: 'tac', marble: 8, to: 46 });
    expect([where(s3, 0), where(s3, 4), where(s3, 8)]).toEqual([0, 'apron', 46]);
    // «Игрок 1 снова возвращает свой шарик на свою Начальную Точку»: just brought out again, so fresh again.
    expect(s3.marbles[0]).toEqual({ pos: 0, fresh: true });
  });

  it('after a discard: plays the discarded card, nothing to undo', () => {
    const s = play(table({ hands: { 0: ['5'], 1: ['tac'] }, marbles: { 4: 20 } }), 0, { type: 'discard', card: '5' });
    expect(legalMoves(s, 1)).toEqual([{ type: 'move', card: 'tac', marble: 4, to: 25 }]);
  });

  it("after a skipped player's discard: plays the discarded card; the 8 before it is not undone", () => {
    // Seed: «если ваш соперник сбросил карту без выполнения Действий, то вы можете использовать Карту ТАК и
    // разыграть сброшенную предыдущим игроком карту»; the skipped player discards «не выполняя Действий этой карты».
    const skipped = play(table({ hands: { 0: ['8'], 1: ['5', '9'], 2: ['tac'] }, marbles: { 0: 10, 4: 20, 8: 40 } }), 0, { type: 'skip', card: '8' });
    const s = play(skipped, 1, { type: 'discard', card: '5' });
    expect(legalMoves(s, 2)).toEqual([{ type: 'move', card: 'tac', marble: 8, to: 45 }]);
    const t = play(s, 2, { type: 'move', card: 'tac', marble: 8, to: 45 });
    expect([where(t, 0), where(t, 4), where(t, 8), t.turn, t.skipPending]).toEqual([10, 20, 45, 3, false]);
  });

  it("after a skipped player's discarded TAC: the 8 beneath it is played, either function, and not undone", () => {
    // Seed: «если Карта ТАК используется после сброшенной Карты ТАК, то игрок может использовать лишь функцию/функции
    // карты под сброшенной Картой ТАК. Действие этой карты не отменяется».
    const skipped = play(table({ hands: { 0: ['8'], 1: ['tac', '9'], 2: ['tac'] }, marbles: { 0: 10, 4: 20, 8: 40 } }), 0, { type: 'skip', card: '8' });
    const s = play(skipped, 1, { type: 'discard', card: 'tac' });
    expect(legalMoves(s, 2)).toEqual([
      { type: 'move', card: 'tac', marble: 8, to: 48 },
      { type: 'skip', card: 'tac' },
    ]);
    const t = play(s, 2, { type: 'skip', card: 'tac' });
    expect([where(t, 0), where(t, 4), where(t, 8), t.turn, t.skipPending]).toEqual([10, 20, 40, 3, true]);
  });

  it('after a discarded TAC: plays the card beneath it, which is not undone', () => {
    const s1 = play(table({ hands: { 0: ['5'], 1: ['tac'], 2: ['tac'] }, marbles: { 0: 10, 8: 40 } }), 0, { type: 'move', card: '5', marble: 0, to: 15 });
    const s2 = play(s1, 1, { type: 'discard', card: 'tac' });
    const s3 = play(s2, 2, { type: 'move', card: 'tac', marble: 8, to: 45 });
    expect([where(s3, 0), where(s3, 8)]).toEqual([15, 45]);
  });
});
