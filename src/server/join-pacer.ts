/**
 * Joins yield to moves. A WebSocket upgrade runs a whole join in one go: the handshake, the seat, the
 * room's `onJoin` (for a table's last player, the game's first projection) and the full state, about a
 * millisecond of the main thread each; and joins come in bursts (a table's players together). Run as
 * they arrive, a burst held the event loop for tens of milliseconds while moves already read from
 * other sockets waited behind it.
 *
 * Here each join runs at the end of the event-loop turn that read it (in `setImmediate`), in arrival
 * order, until `budgetMs` of that turn's joins are spent (their promise continuations included: they
 * run between immediates); the rest go on in the next turn, after that turn's moves and timers. An idle
 * server still takes joins as fast as they come.
 */
export class JoinPacer {
  private readonly budgetMs: number;
  /** When this turn's first join started (-1: none yet this turn). */
  private turnStarted = -1;
  /** This turn's budget is spent: later joins wait for the next turn. */
  private spent = false;
  private readonly newTurn = () => {
    this.turnStarted = -1;
    this.spent = false;
  };

  constructor(budgetMs: number) {
    this.budgetMs = budgetMs;
  }

  /** Runs `join` at the end of this turn, or in a later one once this turn's budget is spent. */
  admit(join: () => void) {
    setImmediate(this.paced, join);
  }

  private readonly paced = (join: () => void) => {
    if (this.spent) return void setImmediate(this.paced, join);
    const now = performance.now();
    if (this.turnStarted < 0) {
      this.turnStarted = now;
      setImmediate(this.newTurn); // queued from an immediate: runs first in the next turn's immediates
    } else if (now - this.turnStarted >= this.budgetMs) {
      this.spent = true;
      return void setImmediate(this.paced, join);
    }
    join();
  };
}
