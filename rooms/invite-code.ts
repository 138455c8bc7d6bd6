/**
 * A private table's invite code: whether the table is invite-only, its code (drawn so no other table has it,
 * published in presence so every process resolves it, shown in each seat's private entry so seated players see it
 * and spectators never do, journaled), and who may take a seat by it.
 */
import { randomInt } from 'node:crypto';
import type { JoinOptions } from './join-options.ts';
import { INVITES_KEY } from './settings.ts';
import type { Table } from './table.ts';
import { withdrawInvite } from '../src/server/invites.ts';

const INVITE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
/** 31^10 ≈ 8 × 10^14 codes: guessing one of a few thousand open tables is hopeless at any sane request rate. */
const INVITE_LENGTH = 10;
/** A failed write of the code is tried again after FIRST_RETRY_MS, then after twice the wait each time, at most LAST_RETRY_MS. */
const FIRST_RETRY_MS = 500;
const LAST_RETRY_MS = 10_000;

export class InviteCode {
  /** The table is private: a new player takes a seat only with its code (see admits). Journaled (StoredMeta.private). */
  required = false;
  /** The code, once drawn ('' before, and at a public table). */
  code = '';
  /** The code's write under way: a draw, or the code published again (see write). */
  private writing: Promise<void> | null = null;
  /** The next try of a write that failed (see retryLater), and the wait before it. */
  private retry: ReturnType<typeof setTimeout> | null = null;
  private retryMs = 0;
  /** The table closed (see withdraw): nothing more is written for it. */
  private closed = false;
  /** A private table just created: its next reservation is its creator's (nobody else has the room id yet). */
  private creatorToCome = false;

  private readonly room: Table;

  constructor(room: Table) {
    this.room = room;
  }

  /** A new player may take a seat: the table is public, or they bring its code (in any letter case), or they created it. */
  admits(opts: JoinOptions): boolean {
    if (!this.required || opts.host) return true;
    return this.code !== '' && opts.invite?.toUpperCase() === this.code;
  }

  /**
   * A reservation's options: the first one a private table is asked for is its creator's, and a player's is marked
   * so (seated without the code); a spectator's create (of a table of bots only: engine-room.ts onAuth refuses one
   * with a seat for a player) leaves no mark for whoever comes next.
   */
  markCreator(opts: unknown, player: boolean): unknown {
    if (!this.creatorToCome) return opts;
    this.creatorToCome = false;
    return player ? { ...(opts as JoinOptions), host: true } : opts;
  }

  /**
   * Makes the table invite-only (its creator, whose reservation comes next, sits without the code) and
   * publishes a fresh code. Invite-only from its first line on, before any await: the journal's first save
   * says the table is private.
   */
  async makePrivate() {
    this.creatorToCome = true;
    await this.resumePrivate('');
  }

  /**
   * A private game taken over from another process: invite-only again, under the same code, published again
   * from here; under a fresh one where none was journaled (Redis was away when the table was made, or its
   * process died before the journal saved the code).
   */
  async resumePrivate(code: string) {
    this.required = true;
    if (code) this.show(code);
    await this.room.setPrivate(true);
    await this.write();
  }

  /**
   * Puts the code back after Redis lost it (redis-restore.ts); a private table that has none yet (Redis was away
   * when it was made) draws it now. Whether the table has a code.
   */
  async putBack(): Promise<boolean> {
    if (this.code || this.required) await this.write();
    return this.code !== '';
  }

  /**
   * Withdraws the code when the table closes (unless a peer owns the game now: see withdrawInvite). A write
   * still under way is waited for (it writes no more once it sees the table closed): a code it publishes after a
   * withdrawal made now would stay, resolving to no table, until a look-up or the hourly sweep removed it.
   */
  async withdraw() {
    this.closed = true;
    this.stopRetry();
    await this.writing?.catch(() => undefined);
    if (!this.code) return;
    await withdrawInvite(this.code, this.value(), this.room.roomId).catch(() => undefined);
  }

  /**
   * Publishes the code, or draws one where there is none (one write at a time). A write that fails (Redis away,
   * or loading its data after a restart) is tried again until it succeeds or the table closes: putBack runs only
   * when Redis lost this process's keys, and an outage that keeps them would leave the table without a code.
   */
  private write(): Promise<void> {
    if (this.closed) return Promise.resolve();
    this.writing ??= (this.code ? this.publish(this.code) : this.drawFree())
      .then(
        () => this.stopRetry(),
        (err: unknown) => {
          this.retryLater();
          throw err;
        },
      )
      .finally(() => (this.writing = null));
    return this.writing;
  }

  /** Tries the write again after a wait doubling from 0.5 s to 10 s. Not for a copy whose game a peer has now. */
  private retryLater() {
    if (this.closed || this.room.handingOver || this.retry) return;
    this.retryMs = Math.min(this.retryMs * 2 || FIRST_RETRY_MS, LAST_RETRY_MS);
    this.retry = setTimeout(() => {
      this.retry = null;
      if (!this.room.handingOver) void this.write().catch(() => undefined); // (a failure schedules the next try)
    }, this.retryMs);
    this.retry.unref();
  }

  private stopRetry() {
    if (this.retry) clearTimeout(this.retry);
    this.retry = null;
    this.retryMs = 0;
  }

  /** Draws a code no other table has, publishes it, shows it to the seated players and journals it. */
  private async drawFree() {
    const room = this.room;
    for (let attempt = 0; attempt < 8; attempt++) {
      const code = Array.from({ length: INVITE_LENGTH }, () => INVITE_ALPHABET[randomInt(INVITE_ALPHABET.length)]).join('');
      const taken = await room.presence.hget(INVITES_KEY, code);
      if (this.closed) return; // (closed meanwhile: nothing to publish)
      if (taken) continue;
      await this.publish(code);
      this.show(code); // (closed meanwhile: withdraw, waiting for this, withdraws it)
      if (!this.closed) room.journal.saveMeta();
      return;
    }
    room.log.error('no free invite code after 8 attempts');
  }

  /** The code is the table's: every seat's private entry carries it, so seated players see it and spectators never do. */
  private show(code: string) {
    this.code = code;
    for (const mine of this.room.state.private.values()) mine.invite = code;
  }

  /** Makes the code resolve to this table on every process. */
  private publish(code: string) {
    return this.room.presence.hset(INVITES_KEY, code, this.value());
  }

  /** What the code resolves to: this table. */
  private value() {
    return JSON.stringify({ roomId: this.room.roomId, game: this.room.game.id });
  }
}
