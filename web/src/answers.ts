/**
 * The server's answers to the player's moves as the table page waits on them (docs/PROTOCOL.md, Moves and Events): a
 * move's reply comes before the patch that shows it, and a refusal is read until the player's next turn.
 */

/** The longest the page waits for the state an answer names: a state that never reaches it must not hold the page. */
export const ANSWER_STATE_WAIT_MS = 3000;

/**
 * From a move sent until the state shows the table where the server's answer left it (the reply's `seq`, or the
 * refusal's): meanwhile the page shows the position before, whose moves would be refused, and offers none of them.
 */
export class MoveAnswers {
  private sending = 0;
  private seq = 0;
  private at = 0;

  sent() {
    this.sending++;
  }

  /** The answer came, naming the table's move count then (none from a server that does not say it). */
  answered(seq: unknown, now: number) {
    this.sending = Math.max(0, this.sending - 1);
    if (typeof seq === 'number' && seq > this.seq) [this.seq, this.at] = [seq, now];
  }

  /** Whether the page still waits, its state at `stateSeq`: for an answer, or for the state that answer named. */
  waiting(stateSeq: number, now: number): boolean {
    if (this.sending > 0) return true;
    if (this.seq > 0 && (stateSeq >= this.seq || now - this.at > ANSWER_STATE_WAIT_MS)) this.seq = 0;
    return this.seq > 0;
  }

  /** Another room (a rejoin, a handover): its state is counted afresh. */
  forget() {
    this.sending = 0;
    this.seq = 0;
  }
}

/**
 * How long a refusal of the server's stays in the move panel: while the player reads why, their turn passed or not (a
 * race's bets going on), until their next turn begins — moves listed again after a time with none.
 */
export class RefusalTurn {
  private sawNone = false;

  /** A refusal was said (or the line cleared). */
  said() {
    this.sawNone = false;
  }

  /** Whether `moves` (how many the player has now) begin a turn after the one the refusal was said in. */
  outlived(moves: number): boolean {
    if (moves === 0) this.sawNone = true;
    return moves > 0 && this.sawNone;
  }
}
