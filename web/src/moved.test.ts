/** Which marbles the board marks as moved while you waited: positions compared across your turns. */
import { describe, expect, it } from 'vitest';
import { forgetMoved, movedWhileWaiting } from './games/moved.ts';

const at = (entries: Record<string, string>) => new Map(Object.entries(entries));

describe('marbles moved while you waited', () => {
  it("marks the others' moves since your turn ended, through your next turn, until you move that marble or your turn ends", () => {
    const seen = (mine: boolean, where: Record<string, string>) => [...movedWhileWaiting('t1', 0, mine, at(where))].sort();
    expect(seen(true, { r1: 'track-3', b1: 'track-20', g1: 'pen' })).toEqual([]); // the first drawing: nothing to compare
    expect(seen(true, { r1: 'track-8', b1: 'track-20', g1: 'pen' })).toEqual([]); // your own move
    expect(seen(false, { r1: 'track-8', b1: 'track-20', g1: 'pen' })).toEqual([]); // your turn ended
    expect(seen(false, { r1: 'track-8', b1: 'track-25', g1: 'pen' })).toEqual(['b1']); // a bot moves
    expect(seen(false, { r1: 'pen', b1: 'track-8', g1: 'pen' })).toEqual(['b1', 'r1']); // another takes r1's place: r1 back in its pen
    expect(seen(true, { r1: 'pen', b1: 'track-8', g1: 'track-0' })).toEqual(['b1', 'g1', 'r1']); // your turn
    expect(seen(true, { r1: 'track-0', b1: 'track-8', g1: 'track-0' })).toEqual(['b1', 'g1']); // you bring r1 out: yours now
    expect(seen(false, { r1: 'track-0', b1: 'track-8', g1: 'track-0' })).toEqual([]); // your turn ended
  });

  it('marks nothing for a spectator, and keeps each table and seat apart', () => {
    expect([...movedWhileWaiting('t2', null, false, at({ a: 'x' }))]).toEqual([]);
    expect([...movedWhileWaiting('t2', null, false, at({ a: 'y' }))]).toEqual([]);
    movedWhileWaiting('t3', 0, false, at({ a: 'x' }));
    movedWhileWaiting('t4', 0, false, at({ a: 'z' }));
    expect([...movedWhileWaiting('t3', 0, false, at({ a: 'y' }))]).toEqual(['a']);
  });

  it('forgets a table the page left (its every seat), not another: a return counts from then', () => {
    movedWhileWaiting('t5', 0, false, at({ a: 'x' }));
    movedWhileWaiting('t5', 1, false, at({ a: 'x' }));
    movedWhileWaiting('t6', 0, false, at({ a: 'x' }));
    forgetMoved('t5');
    expect([...movedWhileWaiting('t5', 0, false, at({ a: 'y' }))]).toEqual([]);
    expect([...movedWhileWaiting('t5', 1, false, at({ a: 'y' }))]).toEqual([]);
    expect([...movedWhileWaiting('t6', 0, false, at({ a: 'y' }))]).toEqual(['a']);
  });
});
