/**
 * The table's latest `events` messages, for whoever arrives while the game runs (a spectator, a page reloaded, a player
 * back on a new connection): the `history` request answers them as they were sent. Events carry public information
 * only (src/core/game.ts) and every client of the table receives the same messages, so the answer is the same for a
 * spectator and for each seat, and tells nobody more than their own `events` did.
 */
import type { EventsMessage } from './table.ts';

/** At most this many messages are kept (the last ones): a page shows the last of them. */
export const HISTORY_MESSAGES = 200;
/** And at most this much of their JSON text, whatever the games' events weigh: the answer stays small. */
export const HISTORY_CHARS = 64 * 1024;

/** The `history` request's answer (docs/PROTOCOL.md, Events). */
export interface HistoryAnswer {
  /** The latest `events` messages sent to the table, oldest first, each as it was sent. */
  messages: EventsMessage[];
  /** Every message the table was sent is there: none older was left out. */
  complete: boolean;
}

export class EventHistory {
  private kept: EventsMessage[] = [];
  private complete: boolean;
  private readonly limits: { messages: number; chars: number };
  /** The answer since the last message: spectators asking between two moves get it as it was. */
  private answered: HistoryAnswer | null = null;

  /** `complete` false: messages were sent before this history began (a game recovered from a snapshot). */
  constructor(complete = true, limits = { messages: HISTORY_MESSAGES, chars: HISTORY_CHARS }) {
    this.complete = complete;
    this.limits = limits;
  }

  /**
   * A message sent to the table, kept until newer ones push it past the bounds. Called for every `events` message
   * (a bet's among them): it only keeps the message; its text is weighed when someone asks.
   */
  add(message: EventsMessage) {
    this.kept.push(message);
    this.answered = null;
    if (this.kept.length > this.limits.messages) {
      this.kept.shift();
      this.complete = false;
    }
  }

  answer(): HistoryAnswer {
    if (this.answered) return this.answered;
    // The newest messages whose JSON text, as one array, fits the bound; the older ones are dropped for good.
    let chars = 2;
    let from = this.kept.length;
    while (from > 0) {
      const next = chars + JSON.stringify(this.kept[from - 1]).length + (from < this.kept.length ? 1 : 0);
      if (next > this.limits.chars) break;
      chars = next;
      from--;
    }
    if (from > 0) {
      this.kept = this.kept.slice(from);
      this.complete = false;
    }
    return (this.answered = { messages: this.kept.slice(), complete: this.complete });
  }
}
