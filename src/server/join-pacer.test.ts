import { describe, expect, it } from 'vitest';
import { JoinPacer } from './join-pacer.ts';

/** Keeps the main thread busy for `ms`, as a join does. */
function busy(ms: number) {
  const until = performance.now() + ms;
  while (performance.now() < until);
}

const turn = () => new Promise((r) => setImmediate(r));

describe('join pacer', () => {
  it('runs a burst of joins over several turns, in order, and lets a timer due meanwhile run between them', async () => {
    const pacer = new JoinPacer(3);
    const order: string[] = [];
    await new Promise((r) => setTimeout(r, 0)); // start in a timer callback: the joins' turn comes before the next timers
    for (let i = 0; i < 8; i++) {
      pacer.admit(() => {
        busy(2);
        order.push(`join ${i}`);
      });
    }
    setTimeout(() => order.push('timer'), 0); // a move's callback, say: due as soon as the loop comes round
    while (order.length < 9) await new Promise((r) => setTimeout(r, 5));

    const joins = order.filter((e) => e !== 'timer');
    expect(joins).toEqual(Array.from({ length: 8 }, (_, i) => `join ${i}`));
    const timer = order.indexOf('timer');
    // 2 ms each under a 3 ms budget: two joins in the first turn, then the timer, long before the last join.
    expect(timer).toBeGreaterThan(0);
    expect(timer).toBeLessThanOrEqual(3);
  });

  it('counts a join’s promise continuations in its turn', async () => {
    const pacer = new JoinPacer(3);
    const ran: number[] = [];
    let turns = 0;
    let counting = true;
    const count = () => {
      turns++;
      if (counting) setImmediate(count);
    };
    setImmediate(count);
    for (let i = 0; i < 4; i++) {
      pacer.admit(() => {
        void Promise.resolve().then(() => {
          busy(2); // the costly part after an await, as in a room's join
          ran.push(turns);
        });
      });
    }
    while (ran.length < 4) await turn();
    counting = false;
    // Two joins' continuations fit one turn's budget, not four.
    expect(new Set(ran).size).toBeGreaterThanOrEqual(2);
  });

  it('takes joins as they come when nothing is waiting', async () => {
    const pacer = new JoinPacer(3);
    const done: number[] = [];
    pacer.admit(() => done.push(1));
    await turn();
    pacer.admit(() => done.push(2));
    await turn();
    expect(done).toEqual([1, 2]);
  });
});
