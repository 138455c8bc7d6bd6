/** The table's history (history.ts): its bounds, and what a recovered game's replay puts back in it. */
import { describe, expect, it } from 'vitest';
import { SYSTEM, type AnyGame } from '../src/core/game.ts';
import { seedFor } from '../src/core/rng.ts';
import type { StoredGame } from '../src/server/game-store.ts';
import { highCard } from '../test/fixture/high-card.ts';
import { EventHistory, HISTORY_CHARS, HISTORY_MESSAGES } from './history.ts';
import { replayStored, type StoredMeta } from './journal.ts';
import type { EventsMessage } from './table.ts';

const message = (seq: number, text = ''): EventsMessage => ({ seq, actor: 0, events: [{ type: 'said', text }] });

describe('EventHistory', () => {
  it('keeps every message, oldest first, while within its bounds', () => {
    const history = new EventHistory();
    for (let seq = 1; seq <= 5; seq++) history.add(message(seq));
    expect(history.answer()).toEqual({ messages: [1, 2, 3, 4, 5].map((seq) => message(seq)), complete: true });
    // Asked again after another message, the answer has it (an answer is kept only until the next message).
    history.add(message(6));
    expect(history.answer().messages.map((m) => m.seq)).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it('keeps the last HISTORY_MESSAGES messages of a long game, and says earlier ones are left out', () => {
    const history = new EventHistory();
    for (let seq = 1; seq <= HISTORY_MESSAGES + 50; seq++) history.add(message(seq));
    const { messages, complete } = history.answer();
    expect(messages).toHaveLength(HISTORY_MESSAGES);
    expect(messages[0]!.seq).toBe(51);
    expect(messages.at(-1)!.seq).toBe(HISTORY_MESSAGES + 50);
    expect(complete).toBe(false);
  });

  it('keeps at most HISTORY_CHARS of JSON text, however large the games’ events are', () => {
    const history = new EventHistory();
    const big = 'x'.repeat(10_000);
    for (let seq = 1; seq <= 20; seq++) history.add(message(seq, big));
    const { messages, complete } = history.answer();
    expect(JSON.stringify(messages).length).toBeLessThanOrEqual(HISTORY_CHARS);
    expect(messages.length).toBe(Math.floor(HISTORY_CHARS / JSON.stringify(message(1, big)).length));
    expect(messages.at(-1)!.seq).toBe(20);
    expect(complete).toBe(false);
    // One message larger than the whole bound is not kept at all.
    history.add(message(21, 'x'.repeat(HISTORY_CHARS)));
    expect(history.answer()).toEqual({ messages: [], complete: false });
  });
});

describe('a recovered game’s history', () => {
  /** A high-card game's moves, and the events messages its table was sent. */
  function played(): { moves: { actor: number; move: unknown }[]; sent: EventsMessage[] } {
    const game = highCard as unknown as AnyGame;
    let state = game.setup({ handSize: 2 }, 2, seedFor('history', 'chacha20'));
    const moves: { actor: number; move: unknown }[] = [];
    const sent: EventsMessage[] = [];
    for (let seq = 1; seq <= 5; seq++) {
      const actor = game.activeActors(state).find((a) => a !== SYSTEM && game.legalMoves(state, a).length > 0) ?? SYSTEM;
      const move = game.legalMoves(state, actor)[0]!;
      const r = game.applyMove(state, actor, move);
      if (!r.ok) throw new Error(r.error.code);
      state = r.state;
      moves.push({ actor, move });
      sent.push({ seq, actor, events: r.events });
    }
    return { moves, sent };
  }
  const meta = { game: 'high-card', table: { seats: 2, bots: 0, options: { handSize: 2 }, turnSeconds: 0, key: '' }, seed: 'history', rng: 'chacha20', status: 'playing', invite: '', seats: [] };

  it('holds the events of the moves replayed from the journal, as the table was sent them', () => {
    const { moves, sent } = played();
    const history = new EventHistory();
    replayStored(highCard as unknown as AnyGame, { meta, snapshot: null, moves } as unknown as StoredGame<StoredMeta>, (m) => history.add(m));
    expect(history.answer()).toEqual({ messages: sent, complete: true });
  });
});
