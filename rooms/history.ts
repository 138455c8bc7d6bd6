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
  private kept: { message: EventsMessage; chars: number }[] = [];
  private chars = 0;
  private complete: boolean;
  private readonly limits: { messages: number; chars: number };

  /** `complete` false: messages were sent before this history began (a game recovered from a snapshot). */
  constructor(complete = true, limits = { messages: HISTORY_MESSAGES, chars: HISTORY_CHARS }) {
    this.complete = complete;
    this.limits = limits;
  }

  /** A message sent to the table, kept until newer ones push it past the bounds. */
  add(message: EventsMessage) {
    const chars = JSON.stringify(message).length;
    this.kept.push({ message, chars });
    this.chars += chars;
    while (this.kept.length > this.limits.messages || this.chars > this.limits.chars) {
      this.chars -= this.kept.shift()!.chars;
      this.complete = false;
    }
  }

  answer(): HistoryAnswer {
    return { messages: this.kept.map((k) => k.message), complete: this.complete };
  }
}
