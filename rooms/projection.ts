/**
 * Projection: engine views into the delta-synced schema — the public table, each seat's private view
 * and legal moves, the seats' public status and the result.
 */
import type { Schema } from '@colyseus/schema';
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
      const legal = active.includes(seat) ? game.legalMoves(s, seat).map((m: unknown) => JSON.stringify(m)) : [];
      mirror(mine, { legalMoves: legal });
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
