/**
 * The lobby's word of whose turn it is at a table: its listing's `acting`, the seats that must act now (the state's
 * `activeSeats`), so a player's "Your seats" can say where it is their turn. Written when they change, but at most
 * once every `ACTING_LISTED_MS`: at a turn-based table every move changes them, and each write is a listing write
 * (Redis with a scaled deployment); a page asks every few seconds anyway. The latest change is always written, at the
 * end of the interval, so a listing is never left stale.
 */
export const ACTING_LISTED_MS = 1000;

export interface Later {
  clear(): void;
}

export class ActingListing {
  /** The seats last shown (the projection hands a new array whenever they change). */
  private shown: readonly number[] | null = null;
  private writtenAt = -Infinity;
  private timer: Later | null = null;
  private stopped = false;
  private readonly write: (acting: number[]) => void;
  private readonly later: (run: () => void, ms: number) => Later;
  private readonly now: () => number;

  /**
   * `write`: puts the seats in the listing; `later`: runs a function that many ms on (the room's clock, cleared with
   * the room); `now`: the time in ms.
   */
  constructor(write: (acting: number[]) => void, later: (run: () => void, ms: number) => Later, now: () => number = () => performance.now()) {
    this.write = write;
    this.later = later;
    this.now = now;
  }

  /** The seats that must act now; written at once, or at the end of the interval if one was written within it. */
  show(acting: readonly number[]) {
    if (this.stopped || acting === this.shown) return;
    this.shown = acting;
    if (this.timer) return; // the write due takes the latest seats
    const wait = this.writtenAt + ACTING_LISTED_MS - this.now();
    if (wait <= 0) this.flush();
    else this.timer = this.later(() => this.flush(), wait);
  }

  /** The game is over (the listing says so with no seat acting) or the table is closing: nothing more is written. */
  stop() {
    this.stopped = true;
    this.timer?.clear();
    this.timer = null;
  }

  private flush() {
    this.timer = null;
    if (this.stopped || this.shown === null) return;
    this.writtenAt = this.now();
    this.write([...this.shown]);
  }
}
