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

export class InviteCode {
  /** The table is private: a new player takes a seat only with its code (see admits). Journaled (StoredMeta.private). */
  required = false;
  /** The code, once drawn ('' before, and at a public table). */
  code = '';
  /** A code being drawn (see draw). */
  private drawing: Promise<void> | null = null;
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
   * so (seated without the code); a spectator's create leaves no mark for whoever comes next.
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
    if (code) await this.publish(code);
    else await this.draw();
  }

  /**
   * Puts the code back after Redis lost it (redis-restore.ts); a private table that has none yet (Redis was away
   * when it was made) draws it now. Whether the table has a code.
   */
  async putBack(): Promise<boolean> {
    if (this.code) await this.publish(this.code);
    else if (this.required) await this.draw();
    return this.code !== '';
  }

  /** Withdraws the code when the table closes (unless a peer owns the game now: see withdrawInvite). */
  async withdraw() {
    if (!this.code) return;
    await withdrawInvite(this.code, this.value(), this.room.roomId).catch(() => undefined);
  }

  /** Draws a code no other table has, publishes it, shows it to the seated players and journals it (one draw at a time). */
  private draw(): Promise<void> {
    this.drawing ??= this.drawFree().finally(() => (this.drawing = null));
    return this.drawing;
  }

  private async drawFree() {
    const room = this.room;
    for (let attempt = 0; attempt < 8; attempt++) {
      const code = Array.from({ length: INVITE_LENGTH }, () => INVITE_ALPHABET[randomInt(INVITE_ALPHABET.length)]).join('');
      const taken = await room.presence.hget(INVITES_KEY, code);
      if (taken) continue;
      await this.publish(code);
      this.show(code);
      room.journal.saveMeta();
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
