/**
 * The legal-move map of a seat: keyed by each move's JSON text, changed only where the list changed.
 * Reusing last time's texts must never give a key that differs from JSON.stringify of the move.
 */
import { describe, expect, it } from 'vitest';
import { MapSchema } from '@colyseus/schema';
import { randomSource } from '../src/core/rng.ts';
import { syncLegalMoves, type Listed } from './projection.ts';

describe('legal moves in the synced state', () => {
  it('keys equal the moves’ JSON texts through random changes, nested values and key orders included', () => {
    const random = randomSource('legal-moves');
    const spaces = Array.from({ length: 30 }, (_, i) => `space-${i}`);
    const target = new MapSchema<string>();
    let last: Listed | undefined;
    for (let step = 0; step < 300; step++) {
      const tokens = [2, 3, 4, 5].filter(() => random() < 0.8);
      const free = spaces.filter(() => random() < 0.7);
      const moves: unknown[] = [];
      for (const space of free) for (const token of tokens) moves.push(random() < 0.05 ? { token, space, type: 'bet' } : { type: 'bet', space, token });
      if (random() < 0.5) moves.push({ type: 'pass' });
      if (random() < 0.3) moves.push({ type: 'move', path: [1, Math.floor(random() * 3)], marble: { id: Math.floor(random() * 2) } });
      // A repeated move (never from a well-behaved engine) must not lose its key either.
      if (moves.length > 0 && random() < 0.05) moves.splice(Math.floor(random() * moves.length), 0, moves[0]);
      if (random() < 0.1) moves.length = 0;
      if (last && random() < 0.15) moves.splice(0, moves.length, ...last.moves); // the same moves again (a new list)
      last = syncLegalMoves(target, moves, last);
      const texts = moves.map((m) => JSON.stringify(m));
      expect(last.texts).toEqual(texts);
      expect([...target.keys()].sort()).toEqual([...new Set(texts)].sort());
      for (const m of moves) expect(target.get(JSON.stringify(m))).toBe((m as { type: string }).type);
    }
  });

  it('leaves moves that stay legal alone and deletes only the ones gone', () => {
    const target = new MapSchema<string>();
    const moves = ['a', 'b', 'c', 'd'].flatMap((space) => [2, 3].map((token) => ({ type: 'bet', space, token })));
    const last = syncLegalMoves(target, moves);
    const calls: string[] = [];
    const set = target.set.bind(target);
    const del = target.delete.bind(target);
    target.set = (key, value) => (calls.push(`set ${key}`), set(key, value));
    target.delete = (key) => (calls.push(`delete ${key}`), del(key));
    syncLegalMoves(target, [...moves.filter((m) => m.space !== 'b'), { type: 'pass' }], last);
    expect(calls).toEqual(['delete {"type":"bet","space":"b","token":2}', 'delete {"type":"bet","space":"b","token":3}', 'set {"type":"pass"}']);
    expect([...target.keys()]).toEqual([...moves.filter((m) => m.space !== 'b').map((m) => JSON.stringify(m)), '{"type":"pass"}']);
  });

  it('passes a new list of the same moves by without touching the map', () => {
    const target = new MapSchema<string>();
    const moves = [2, 3].map((token) => ({ type: 'bet', space: 'a', token }));
    const last = syncLegalMoves(target, moves);
    target.set = () => expect.unreachable('set');
    target.delete = () => expect.unreachable('delete');
    expect(syncLegalMoves(target, [...moves], last)).toBe(last);
  });
});
