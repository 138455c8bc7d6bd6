/**
 * Shared frames: every client decodes exactly the state Colyseus' own per-view encoding gives it,
 * while clients whose private part did not change get one shared frame; one handshake per game.
 */
import { describe, expect, it } from 'vitest';
import { ClientState, SchemaSerializer } from '@colyseus/core';
import { Decoder, schema, StateView, t, type Schema } from '@colyseus/schema';
import { defineRoomState } from '../schema/common.ts';
import { shareHandshake, shareUnchangedViews, type SchemaSerializing } from './shared-frames.ts';
import type { TableState } from './table.ts';

const Pub = schema({ round: t.number().default(0), names: t.array('string') }, 'SharedPatchesPub');
const Mine = schema({ hand: t.array('uint8'), note: t.string().default('') }, 'SharedPatchesMine');
const { RoomState, SeatPrivate } = defineRoomState('SharedPatches', Pub, Mine);
type Hand = Schema & { hand: number[] & { push(...v: number[]): number; pop(): number | undefined }; note: string };
const SEATS = 3;

/** One table encoded for three seats and a spectator, by Colyseus alone or with shared patches. */
function table(shared: boolean) {
  const state = new RoomState() as unknown as TableState;
  const views: StateView[] = [];
  for (let seat = 0; seat < SEATS; seat++) {
    const mine = new SeatPrivate() as unknown as TableState['private'] extends Map<string, infer P> ? P : never;
    mine.seat = seat;
    mine.view = new Mine();
    state.private.set(String(seat), mine);
  }
  const serializer = new SchemaSerializer();
  serializer.reset(state);
  if (shared) shareUnchangedViews((serializer as unknown as SchemaSerializing).encoder);
  const clients = [...Array.from({ length: SEATS }, (_, seat) => seat), null].map((seat) => {
    const view = seat === null ? undefined : new StateView();
    if (view) {
      view.add(state.private.get(String(seat))!);
      views.push(view);
    }
    const decoder = new Decoder(new RoomState());
    const client = { state: ClientState.JOINED, view, frames: [] as Uint8Array[], raw: (bytes: Uint8Array) => client.frames.push(bytes) };
    decoder.decode(serializer.getFullState(client as never), { offset: 1 });
    return { client, decoder };
  });
  const patch = () => {
    for (const { client } of clients) client.frames = [];
    serializer.applyPatches(clients.map((c) => c.client) as never, state);
    for (const { client, decoder } of clients) for (const frame of client.frames) decoder.decode(frame, { offset: 1 });
    return clients.map(({ client }) => client.frames);
  };
  patch(); // what the views' additions left pending
  const seen = () => clients.map(({ decoder }) => JSON.parse(JSON.stringify(decoder.state.toJSON())));
  const hand = (seat: number) => state.private.get(String(seat))!.view as Hand;
  return { state, views, patch, seen, hand };
}

describe('shared patches', () => {
  it('gives every client the state Colyseus gives it, and one shared frame to those with no private change', () => {
    const plain = table(false);
    const shared = table(true);
    let random = 7;
    const next = (n: number) => ((random = (random * 1103515245 + 12345) % 2 ** 31), random % n);
    let reused = 0;
    for (let step = 0; step < 300; step++) {
      const kind = next(6);
      const seat = next(SEATS);
      const value = next(50);
      for (const side of [plain, shared]) {
        if (kind === 0) side.state.seq = step; // public only
        else if (kind === 1) side.hand(seat).hand.push(value);
        else if (kind === 2) side.hand(seat).hand.pop();
        else if (kind === 3) side.hand(seat).note = `note ${value}`;
        else if (kind === 4) {
          // A new private object, shown to its seat (as the projection does).
          const fresh = new Mine() as unknown as Hand;
          fresh.note = `fresh ${value}`;
          side.state.private.get(String(seat))!.view = fresh;
          side.views[seat]!.add(fresh);
        } else (side.state.table as Schema & { round: number }).round = value;
      }
      plain.patch();
      const frames = shared.patch();
      expect(shared.seen(), `step ${step}`).toEqual(plain.seen());
      // A step that changed nothing private: every seat got the very same frame.
      if (kind === 0 || kind === 5) {
        const [first, ...rest] = frames.slice(0, SEATS).map((f) => f[0]);
        for (const f of rest) expect(f).toBe(first);
        if (first) reused++;
      } else if (frames[seat]!.length) {
        // The changed seat's frame is its own.
        const others = frames.filter((_, i) => i !== seat && i < SEATS).map((f) => f[0]);
        expect(others).not.toContain(frames[seat]![0]);
      }
    }
    expect(reused).toBeGreaterThan(50);
    // Each seat still sees only its own private entry.
    shared.seen().slice(0, SEATS).forEach((s, seat) => expect(Object.keys(s.private)).toEqual([String(seat)]));
    expect(Object.keys(shared.seen()[SEATS].private ?? {})).toEqual([]);
  });

  it('encodes the handshake once per state class, the same bytes every room would encode', () => {
    const serializers = [0, 1, 2].map(() => {
      const serializer = new SchemaSerializer();
      serializer.reset(new RoomState());
      return serializer as unknown as SchemaSerializing;
    });
    const own = serializers[2]!.handshake(); // encoded by the room itself
    shareHandshake(serializers[0]!, RoomState);
    shareHandshake(serializers[1]!, RoomState);
    expect(serializers[1]!.handshake()).toBe(serializers[0]!.handshake()); // one encoding, shared
    expect([...serializers[1]!.handshake()]).toEqual([...own]);
  });
});
