/**
 * Projection: engine views into the delta-synced schema — the public table, each seat's private view
 * and legal moves, the seats' public status and the result.
 */
import type { MapSchema, Schema } from '@colyseus/schema';
import { SPECTATOR, type Actor, type Outcome, type Seat } from '../src/core/game.ts';
import { mirror } from '../schema/mirror.ts';
import type { Table } from './table.ts';

export class Projection {
  /** Moves were applied since the views were last projected into the synced state. */
  stale = false;

  private readonly room: Table;

  constructor(room: Table) {
    this.room = room;
  }

  syncSeats() {
    const { seats, state } = this.room;
    seats.records.forEach((r, seat) => {
      const s = state.seats[seat]!;
      s.name = r.name;
      s.taken = r.bot || r.sessionId !== null || r.vacated;
      s.connected = r.bot || r.connected;
      s.bot = seats.botDriven(seat);
    });
  }

  /** Projects the engine state into the synced state; returns whether the game is over (no active actor). */
  syncGame(): boolean {
    this.stale = false;
    const { game, state, table } = this.room;
    const s = this.room.engineState;
    mirror(state.table, game.viewFor(s, SPECTATOR).public);
    const active = game.activeActors(s);
    const seats = active.filter((a: Actor) => a >= 0);
    if (state.activeSeats.join() !== seats.join()) {
      state.activeSeats.clear();
      state.activeSeats.push(...seats);
    }
    for (let seat = 0; seat < table.seats; seat++) {
      const mine = state.private.get(String(seat))!;
      const created: Schema[] = [];
      mirror(mine.view, game.viewFor(s, seat).private ?? {}, '$', created);
      if (created.length) this.showToSeat(seat, created);
      syncLegalMoves(mine.legalMoves, active.includes(seat) ? game.legalMoves(s, seat) : []);
    }
    return active.length === 0;
  }

  /** The final standings, public. */
  showResult(outcome: Outcome) {
    mirror(this.room.state.result, {
      winners: outcome.winners,
      standings: outcome.standings.map((st) => ({ ...st, team: st.team ?? -1 })),
      details: outcome.details ?? '',
    });
  }

  /** Objects created inside a seat's private view become visible to that seat's client. */
  private showToSeat(seat: Seat, objects: Schema[]) {
    const { seats, clients } = this.room;
    const sessionId = seats.records[seat]!.sessionId;
    const view = sessionId ? clients.getById(sessionId)?.view : undefined;
    if (view) for (const obj of objects) view.add(obj);
  }
}

/**
 * A seat's legal moves, keyed by JSON text: moves that stay legal are left alone, the ones gone are
 * deleted and new ones added (in the engine's order), so a bet costs every other seat one DELETE.
 */
export function syncLegalMoves(target: MapSchema<string>, moves: readonly unknown[]): void {
  if (moves.length === 0) {
    if (target.size > 0) target.clear();
    return;
  }
  const next = new Map<string, string>();
  for (const move of moves) next.set(JSON.stringify(move), String((move as { type?: unknown }).type));
  if (target.size > 0) {
    const gone: string[] = [];
    for (const key of target.keys()) if (!next.has(key)) gone.push(key);
    for (const key of gone) target.delete(key);
  }
  for (const [key, type] of next) if (!target.has(key)) target.set(key, type);
}
