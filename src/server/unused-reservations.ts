/**
 * Seat reservations an address was given and has not used yet. Each one holds a seat (or a spectator's
 * place) at its table until it lapses, so an address that takes reservations and never joins keeps tables
 * from starting; the front door gives an address at most `max` such at a time, and none for a while to an
 * address that let `maxLapses` lapse within `lapseWindowMs` (else it could keep a table waiting for good by
 * reserving its last seat again each time the reservation lapses). A reservation counts until the room
 * takes it (a join with its session id reaches the room), or until it lapses (`lifetimeMs`). A seat taken with
 * one and held for its dropped player, who does not come back before the game's start, counts as a lapse too
 * (rooms/seats.ts): joining and dropping again and again kept tables waiting as unused reservations did.
 *
 * Kept in presence: with Redis every process counts the same reservations and lapses of an address (kept by
 * each process alone, an address behind a load balancer had every process's budget, and a reservation at a
 * peer's table was never seen used). Each key expires once nothing in it can count any more.
 */
import type { Presence } from '@colyseus/core';

const held = (address: string) => `parlor:reservations:held:${address}`; // session id → when it lapses
const lapsed = (address: string) => `parlor:reservations:lapsed:${address}`; // session id → when it lapsed
const holder = (sessionId: string) => `parlor:reservations:of:${sessionId}`; // → the address

/** Why an address gets no reservation now. */
export type Refusal = { unused: number } | { lapsedWaitMs: number };

export class UnusedReservations {
  readonly max: number;
  readonly maxLapses: number;
  private readonly presence: Presence;
  private readonly lifetimeMs: number;
  private readonly lapseWindowMs: number;

  /** max 0 = no limit; maxLapses 0 = lapses are not counted. */
  constructor(presence: Presence, max: number, lifetimeMs: number, options: { maxLapses?: number; lapseWindowMs?: number } = {}) {
    this.presence = presence;
    this.max = max;
    this.lifetimeMs = lifetimeMs;
    this.maxLapses = options.maxLapses ?? 0;
    this.lapseWindowMs = options.lapseWindowMs ?? 10 * 60_000;
  }

  /**
   * Null when the address may have another reservation; else why not: it holds `max` unused, or it let
   * `maxLapses` lapse within the window (`lapsedWaitMs`: until the oldest of those leaves it).
   */
  async refusal(address: string, now = Date.now()): Promise<Refusal | null> {
    if (this.max <= 0 && this.maxLapses <= 0) return null;
    let unused = 0;
    for (const [sessionId, until] of Object.entries((await this.presence.hgetall(held(address))) ?? {})) {
      if (Number(until) > now) unused++;
      // Lapsed: moved to the lapses (by session id: whichever processes see it, it counts once).
      else if ((await this.presence.hdel(held(address), sessionId)) && this.maxLapses > 0) {
        await this.lapse(address, sessionId, until);
      }
    }
    if (this.max > 0 && unused >= this.max) return { unused };
    if (this.maxLapses <= 0) return null;
    const times: number[] = [];
    for (const [sessionId, at] of Object.entries((await this.presence.hgetall(lapsed(address))) ?? {})) {
      if (Number(at) > now - this.lapseWindowMs) times.push(Number(at));
      else await this.presence.hdel(lapsed(address), sessionId);
    }
    if (times.length < this.maxLapses) return null;
    times.sort((a, b) => b - a);
    const wait = times[this.maxLapses - 1]! + this.lapseWindowMs - now;
    return wait > 0 ? { lapsedWaitMs: wait } : null;
  }

  /** The address was given a reservation. Its writes are sent at once, before the answer that carries it. */
  async given(address: string, sessionId: string, now = Date.now()): Promise<void> {
    if (this.max <= 0 && this.maxLapses <= 0) return;
    await Promise.all([
      this.presence.hset(held(address), sessionId, String(now + this.lifetimeMs)),
      // Kept until a lapse could no longer count: the reservation's life and the window after it.
      this.presence.expire(held(address), Math.ceil((this.lifetimeMs + this.lapseWindowMs) / 1000)),
      this.presence.setex(holder(sessionId), address, Math.ceil(this.lifetimeMs / 1000) + 5),
    ]);
  }

  /** The room took the reservation (a join, from any address, on any process). Resolves to the address it was given to (null: not counted). */
  async used(sessionId: string): Promise<string | null> {
    if (this.max <= 0 && this.maxLapses <= 0) return null; // nothing was kept for it
    const address = (await this.presence.get(holder(sessionId))) as string | null;
    if (!address) return null;
    await Promise.all([this.presence.hdel(held(address), sessionId), this.presence.del(holder(sessionId))]);
    return address;
  }

  /**
   * A seat taken with the address's reservation `sessionId` was held for its dropped player, who did not come back
   * before the start: a lapse of the address, as if the reservation had lapsed unused now.
   */
  async holdLapsed(address: string, sessionId: string, now = Date.now()): Promise<void> {
    if (this.maxLapses <= 0) return;
    await this.lapse(address, sessionId, String(now));
  }

  /** Counts a lapse of the address (by session id: whichever processes see it, it counts once), for the window. */
  private async lapse(address: string, sessionId: string, at: string) {
    await this.presence.hset(lapsed(address), sessionId, at);
    await this.presence.expire(lapsed(address), Math.ceil(this.lapseWindowMs / 1000));
  }
}

/** The front door's reservations, told by a room when it takes one (none until the front door is installed). */
let ledger: UnusedReservations | null = null;

export function setReservationLedger(unused: UnusedReservations | null) {
  ledger = unused;
}

/**
 * A room took the reservation of this session (its join began): it holds a seat no longer, whatever the
 * join's outcome. Counted here, not when a WebSocket names the session id, which any upgrade can do for a
 * room that does not exist, leaving the seat held and the address's count emptied. Resolves to the address
 * the reservation was given to (null when it was not counted: an exempt address, no limits, Redis away).
 */
export function reservationTaken(sessionId: string): Promise<string | null> {
  return ledger?.used(sessionId).catch(() => null) ?? Promise.resolve(null);
}

/** A seat held before the start for the player of this reservation ran out unreclaimed: a lapse of the address it was given to. */
export function seatHoldLapsed(address: string, sessionId: string) {
  void ledger?.holdLapsed(address, sessionId).catch(() => undefined);
}
