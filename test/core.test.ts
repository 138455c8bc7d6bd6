/** The engine toolkit: PRNG, cards, seats, standings, the schema mirror, and the harness itself. */
import { describe, expect, it } from 'vitest';
import { Decoder, Encoder, Reflection, schema, t } from '@colyseus/schema';
import { z } from 'zod';
import { createCipheriv, createHash } from 'node:crypto';
import { seedRng, nextUint32, randomInt, shuffled, rollDie, chacha20Block, seedFor, sha256 } from '../src/core/rng.ts';
import { standardDeck, dealRoundRobin, removeCards, sameMultiset, rankOf, suitOf, isCard } from '../src/core/cards/index.ts';
import { alternatingTeams, nextSeat, partnersOf, seatOrder } from '../src/core/seats.ts';
import { rankByScore } from '../src/core/result.ts';
import { canonicalJson, canonicalMove, guardMove, reject, SYSTEM, type AnyGame } from '../src/core/game.ts';
import { game as tac } from '../src/games/tac/index.ts';
import { expandPattern as expand, placeholderSet } from '../client/legal-moves.ts';
import { simulate, InvariantViolation, type SimulationConfig } from '../src/core/testing/simulate.ts';
import { mirror } from '../schema/mirror.ts';
import { highCard, type HighCardState } from './fixture/high-card.ts';
import { HighCardRoomState } from './fixture/schema.ts';
import { checkSchemaShape } from './helpers/schema-shape.ts';

describe('the PRNG (ChaCha20 keystream)', () => {
  it('is deterministic per seed and differs between seeds', () => {
    const a = seedRng('table-1');
    const b = seedRng('table-1');
    const c = seedRng('table-2');
    const seqA = Array.from({ length: 5 }, () => nextUint32(a));
    expect(Array.from({ length: 5 }, () => nextUint32(b))).toEqual(seqA);
    expect(Array.from({ length: 5 }, () => nextUint32(c))).not.toEqual(seqA);
  });

  it('draws dice uniformly (chi-square over 60k rolls)', () => {
    const s = seedRng('dice');
    const counts = Array(6).fill(0);
    for (let i = 0; i < 60_000; i++) counts[rollDie(s) - 1]++;
    const chi = counts.reduce((sum, n) => sum + (n - 10_000) ** 2 / 10_000, 0);
    expect(chi).toBeLessThan(20.5); // p ≈ 0.001 for 5 degrees of freedom
  });

  it('keeps its state JSON-plain and resumes exactly after a round trip, across blocks', () => {
    const s = seedRng('resume');
    randomInt(s, 10);
    const copy = JSON.parse(JSON.stringify(s));
    const ahead = Array.from({ length: 40 }, () => nextUint32(s)); // 16 words a block: crosses two
    const half = Array.from({ length: 20 }, () => nextUint32(copy));
    const resumed = JSON.parse(JSON.stringify(copy));
    expect([...half, ...Array.from({ length: 20 }, () => nextUint32(resumed))]).toEqual(ahead);
  });

  it('computes ChaCha20 blocks as RFC 8439 does (its test vector 2.3.2)', () => {
    const key = Array.from({ length: 8 }, (_, i) => new DataView(Uint8Array.from({ length: 4 }, (_, b) => 4 * i + b).buffer).getUint32(0, true));
    const block = chacha20Block(key, 1, [0x09000000, 0x4a000000, 0]);
    expect(Array.from(block, (w) => w.toString(16).padStart(8, '0')).join(' ')).toBe(
      'e4e7f110 15593bd1 1fdd0f50 c47120a3 c7f4d1c7 0368c033 9aaa2204 4e6cd4c3 466482d2 09aa9f07 05d7c214 a2028bd9 d19c12b5 b94e16de e883d0cb 4e3c50a2',
    );
  });

  it('draws the ChaCha20 keystream keyed by SHA-256 of "parlor-rng/" and the seed, as docs/PROTOCOL.md says', () => {
    const hex = (words: number[]) => words.map((w) => w.toString(16).padStart(8, '0')).join('');
    for (const text of ['', 'abc', 'a'.repeat(55), 'a'.repeat(64), 'héllo ✓', 'x'.repeat(1000)]) {
      expect(hex(sha256(new TextEncoder().encode(text)))).toBe(createHash('sha256').update(text).digest('hex'));
    }
    // An independent implementation: Node's ChaCha20 (16-byte iv = block counter 0, nonce 0), its bytes read little-endian.
    for (const seed of ['9f2c0d1e2f3a4b5c6d7e8f9a0b1c2d3e', 'table-1', 'héllo']) {
      const key = createHash('sha256').update(`parlor-rng/${seed}`).digest();
      const stream = createCipheriv('chacha20', key, Buffer.alloc(16)).update(Buffer.alloc(40 * 4));
      const s = seedRng(seed);
      expect(Array.from({ length: 40 }, () => nextUint32(s))).toEqual(Array.from({ length: 40 }, (_, i) => stream.readUInt32LE(4 * i)));
      // Not the published commitment's key: SHA-256(seed) alone gives another stream.
      const fromCommitment = createCipheriv('chacha20', createHash('sha256').update(seed).digest(), Buffer.alloc(16)).update(Buffer.alloc(4));
      expect(nextUint32(seedRng(seed))).not.toBe(fromCommitment.readUInt32LE(0));
    }
  });

  it("replays games recorded with the former generator, xoshiro128**, exactly as they drew", () => {
    const s = seedRng(seedFor('table-1', 'xoshiro128**'));
    expect([nextUint32(s), nextUint32(s), nextUint32(s)]).toEqual([3362101411, 3660397850, 2107204436]);
    const dice = seedRng(seedFor('dice', 'xoshiro128**'));
    expect(Array.from({ length: 10 }, () => rollDie(dice))).toEqual([6, 2, 4, 2, 6, 1, 3, 4, 4, 1]);
    expect(seedFor('table-1', 'chacha20')).toBe('table-1');
    // A record cannot name chacha20 and still draw from the former generator through its seed's text.
    expect(() => seedFor(seedFor('table-1', 'xoshiro128**'), 'chacha20')).toThrow(RangeError);
  });

  it('shuffles without losing cards and rejects a non-positive range', () => {
    const deck = standardDeck({ jokers: true, copies: 2 });
    expect(deck).toHaveLength(108);
    const mixed = shuffled(seedRng('x'), deck);
    expect(sameMultiset(mixed, deck)).toBe(true);
    expect(mixed).not.toEqual(deck);
    expect(() => randomInt(seedRng('x'), 0)).toThrow(RangeError);
  });
});

describe('cards, seats, standings', () => {
  it('parses and deals cards', () => {
    expect([rankOf('10H'), suitOf('10H'), rankOf('BJ'), suitOf('SJ')]).toEqual(['10', 'H', 'BJ', null]);
    expect([isCard('QS'), isCard('1S'), isCard(5)]).toEqual([true, false, false]);
    const { hands, rest } = dealRoundRobin([1, 2, 3, 4, 5, 6, 7], 3, 2);
    expect(hands).toEqual([[1, 4], [2, 5], [3, 6]]);
    expect(rest).toEqual([7]);
    expect(removeCards(['AS', 'AS', '2H'], ['AS', '2H'])).toEqual(['AS']);
    expect(removeCards(['AS'], ['KS'])).toBeNull();
  });

  it('walks seats and teams', () => {
    expect(nextSeat(3, 4)).toBe(0);
    expect(nextSeat(0, 4, -1)).toBe(3);
    expect(seatOrder(2, 4)).toEqual([2, 3, 0, 1]);
    expect(alternatingTeams(6, 3)).toEqual([0, 1, 2, 0, 1, 2]);
    expect(partnersOf(alternatingTeams(6, 2), 0)).toEqual([2, 4]);
    expect(() => alternatingTeams(5, 2)).toThrow(RangeError);
  });

  it('ranks scores with shared ranks for ties and tie-breakers', () => {
    const o = rankByScore([10, 30, 30, 5]);
    expect(o.standings.map((s) => s.rank)).toEqual([3, 1, 1, 4]);
    expect(o.winners).toEqual([1, 2]);
    const broken = rankByScore([10, 30, 30, 5], { tieBreakers: [[0, 1, 2, 0]] });
    expect(broken.winners).toEqual([2]);
    expect(rankByScore([3, 1, 2], { lowerIsBetter: true }).winners).toEqual([1]);
  });

  it('guards moves and compares them canonically', () => {
    expect(guardMove([], 0, { type: 'x' })?.error.code).toBe('core/game-over');
    expect(guardMove([1], 0, { type: 'x' })?.error.code).toBe('core/not-your-turn');
    expect(guardMove([SYSTEM, 0], 0, [1, 2])?.error.code).toBe('core/malformed-move');
    expect(guardMove([0], 0, { type: 'x' })).toBeNull();
    expect(canonicalJson({ b: 1, a: { d: 2, c: 3 } })).toBe('{"a":{"c":3,"d":2},"b":1}');
  });

  it('keeps a move’s integers in one form: −0 is 0', () => {
    const moved = canonicalMove(tac, { type: 'move', card: '1', marble: -0, to: -0 });
    const move = (moved.ok ? moved.move : {}) as { marble?: number; to?: number };
    expect([Object.is(move.marble, 0), Object.is(move.to, 0)]).toEqual([true, true]);
  });
});

describe('schema mirror', () => {
  const Item = schema({ id: t.string().default(''), n: t.number().default(0) }, 'MirrorTestItem');
  const Root = schema(
    { label: t.string().default(''), list: t.array(Item), nums: t.array('number'), byKey: t.map(Item), extra: t.string().default(''), child: Item },
    'MirrorTestRoot',
  );

  it('copies nested objects, arrays and records, shrinking and growing them', () => {
    const root = new Root();
    mirror(root, { label: 'a', list: [{ id: 'x', n: 1 }, { id: 'y', n: 2 }], nums: [1, 2, 3], byKey: { k: { id: 'k', n: 5 } }, extra: { any: [1] }, child: { id: 'c', n: 9 } });
    mirror(root, { label: 'b', list: [{ id: 'x', n: 7 }], nums: [4], byKey: { j: { id: 'j', n: 6 } }, child: null });
    const r = root.toJSON() as Record<string, unknown>;
    expect(r).toMatchObject({ label: 'b', list: [{ id: 'x', n: 7 }], nums: [4], byKey: { j: { id: 'j', n: 6 } }, extra: '{"any":[1]}' });
    expect(r.child).toBeUndefined();
  });

  it('skips a source object it mirrored last time into the same place, and walks any other', () => {
    const root = new Root();
    const shared = Object.freeze({ label: 'a', list: [{ id: 'x', n: 1 }], nums: [1, 2] });
    mirror(root, shared);
    root.label = 'changed behind the mirror';
    mirror(root, shared); // the same (immutable) object: nothing to do
    expect(root.label).toBe('changed behind the mirror');
    mirror(root, { ...shared, list: [{ id: 'x', n: 2 }] }); // a new object with a shared array inside
    expect(root.toJSON()).toMatchObject({ label: 'a', list: [{ id: 'x', n: 2 }], nums: [1, 2] });
  });

  it('reads only the new tail of a list that grew, skips a new list of the same entries, and walks a changed one', () => {
    const root = new Root();
    const x = Object.freeze({ id: 'x', n: 1 });
    const y = Object.freeze({ id: 'y', n: 2 });
    mirror(root, { list: [x], nums: [1, 2] });
    const first = root.list[0];
    // A new array: the same object first, one more after it; the numbers equal but a new array.
    mirror(root, { list: [x, y], nums: [1, 2] });
    expect(root.list[0]).toBe(first);
    expect(root.toJSON()).toMatchObject({ list: [x, y], nums: [1, 2] });
    root.list[0]!.n = 99; // behind the mirror: entries met again by identity are not read again
    mirror(root, { list: [x, y], nums: [1, 2] });
    expect(root.list[0]!.n).toBe(99);
    // A changed entry, a shorter list, other numbers: walked as before.
    mirror(root, { list: [{ id: 'z', n: 3 }], nums: [2] });
    expect(root.toJSON()).toMatchObject({ list: [{ id: 'z', n: 3 }], nums: [2] });
    mirror(root, { list: [], nums: [] });
    expect(root.toJSON()).toMatchObject({ list: [], nums: [] });
  });

  it('mirrors lists of primitives so that a client decodes exactly them, duplicates and insertions included', () => {
    const random = seedRng('mirror-roundtrip');
    const root = new Root();
    const encoder = new Encoder(root);
    const client = Reflection.decode(Reflection.encode(encoder)) as Decoder<InstanceType<typeof Root>>;
    client.decode(encoder.encodeAll());
    encoder.discardChanges();
    let diverged = 0;
    for (let step = 0; step < 3000; step++) {
      // Few distinct values: inserts next to an equal value, as a card picked up into a sorted hand beside its twin.
      const nums = Array.from({ length: randomInt(random, 9) }, () => randomInt(random, 3));
      mirror(root, { nums });
      client.decode(encoder.encode());
      encoder.discardChanges();
      if (JSON.stringify(client.state.nums.toArray()) !== JSON.stringify(nums)) diverged++;
    }
    expect(diverged).toBe(0);
    // The case seen in a two-seat TAC hand's colours after the exchange.
    mirror(root, { nums: [0, 0, 0, 0, 2, 2, 2, 2] });
    client.decode(encoder.encode());
    encoder.discardChanges();
    mirror(root, { nums: [0, 0, 0, 0, 0, 2, 2, 2, 2, 2] });
    client.decode(encoder.encode());
    expect(client.state.nums.toArray()).toEqual([0, 0, 0, 0, 0, 2, 2, 2, 2, 2]);
  });

  it('throws on a key the schema does not declare', () => {
    expect(() => mirror(new Root(), { label: 'a', surprise: 1 })).toThrow(/surprise: not declared/);
  });

  it('mirrors every view of the fixture game', () => {
    expect(checkSchemaShape(highCard, HighCardRoomState, { games: 5, seats: [2, 3, 4] })).toBeGreaterThan(20);
  });
});

describe('simulation harness', () => {
  it('passes a sound engine', () => {
    const report = simulate(highCard, { games: 60, seed: 'fixture', options: [{}, { anteWindowMs: 100 }] });
    expect(report.games).toBe(60);
    expect(report.outcomes.every((o) => o.winners.length > 0)).toBe(true);
  });

  // Each broken engine below must be caught: the harness is only worth its failures.
  const broken = (patch: Partial<AnyGame>): AnyGame => ({ ...highCard, ...patch }) as AnyGame;
  const expectViolation = (game: AnyGame, pattern: RegExp, maxSteps = 500, config: Partial<SimulationConfig> = {}) => {
    let caught: unknown;
    try {
      simulate(game, { games: 3, seed: 'broken', maxSteps, ...config });
    } catch (e) {
      caught = e;
    }
    expect(caught).toBeInstanceOf(InvariantViolation);
    expect((caught as Error).message).toMatch(pattern);
  };

  it('catches an engine that mutates its input', () => {
    expectViolation(
      broken({
        applyMove(s, a, m) {
          (s as { turn: number }).turn = 0;
          return highCard.applyMove(s, a, m);
        },
      }),
      /applyMove threw: .*read only/i,
    );
  });

  it('catches a privateView that differs from the private part of viewFor', () => {
    expectViolation(broken({ privateView: (s, seat) => ({ ...(highCard.viewFor(s, seat).private as object), extra: 1 }) }), /privateView of seat \d+ differs/);
  });

  it('catches a hand leaked into the public view', () => {
    expectViolation(
      broken({
        viewFor(s, viewer) {
          const v = highCard.viewFor(s, viewer);
          return { ...v, public: { ...(v.public as object), peek: viewer >= 0 ? s.hands[viewer] : [] } };
        },
      }),
      /public view of seat 0 differs/,
    );
  });

  it('catches hidden information leaking into a private view', () => {
    expectViolation(
      broken({
        viewFor(s, viewer) {
          const v = highCard.viewFor(s, viewer);
          return viewer >= 0 ? { ...v, private: { hand: s.hands[viewer], next: s.hands[(viewer + 1) % s.seats] } } : v;
        },
      }),
      /leak: viewer \d/,
    );
  });

  // The ante made optional beside SYSTEM (which may close it at once); `listed` says which seats the
  // engine names as active, `canAnte` which of them hold a move.
  const optionalAnte = (listed: (s: HighCardState, seat: number) => boolean, canAnte: (s: HighCardState, seat: number) => boolean): AnyGame =>
    broken({
      activeActors: (s: HighCardState) =>
        s.phase === 'ante' ? [SYSTEM, ...s.anted.flatMap((done, seat) => (!done && listed(s, seat) ? [seat] : []))] : highCard.activeActors(s),
      legalMoves(s: HighCardState, a) {
        if (s.phase === 'ante' && a !== SYSTEM && !canAnte(s, a)) return [];
        return highCard.legalMoves.call(this, s, a);
      },
      applyMove(s: HighCardState, a, m) {
        if (s.phase === 'ante' && a >= 0 && !canAnte(s, a)) return reject('high-card/no-ante', 'Only a hand with a card above the middle may ante.');
        return highCard.applyMove.call(this, s, a, m);
      },
    });
  const holdsHighCard = (s: HighCardState, seat: number) => s.hands[seat]!.some((c) => c > s.seats * 2);

  it("catches an active list that depends on hidden cards (activeActors is public: issue 13's leak through the turn list)", () => {
    // "During Tractor's deal, activeActors lists only the seats that could legally declare at that moment":
    // here only the seats holding a high card are listed, so everyone learns who holds one.
    expectViolation(optionalAnte(holdsHighCard, holdsHighCard), /leak: the public active actors change when hidden information is re-dealt/, 500, { resampleEvery: 1 });
  });

  it('lets a seat listed beside SYSTEM have no legal move, but no seat on its own turn', () => {
    // Every seat listed, whether it may ante its own business: sound.
    const report = simulate(optionalAnte(() => true, holdsHighCard), { games: 12, seed: 'optional', resampleEvery: 1 });
    expect(report.games).toBe(12);
    // Without SYSTEM beside it, a listed seat without a move would stall the table.
    expectViolation(
      broken({ activeActors: (s) => (s.phase === 'play' ? [s.turn, (s.turn + 1) % s.seats] : highCard.activeActors(s)) }),
      /active actor \d has no legal move/,
    );
  });

  it('fails a game that calls every listed seat optional with no SYSTEM step to drive it on (no clock would force a move)', () => {
    expectViolation(broken({ optionalMove: () => true }), /every listed seat \([\d,]+\) acts optionally and no SYSTEM step drives the game/);
    // Optional only beside SYSTEM (the default's answer, given by the game): sound.
    const besideSystem = broken({ optionalMove: (s: HighCardState) => highCard.activeActors(s).includes(SYSTEM) });
    expect(simulate(besideSystem, { games: 4, seed: 'optional-move' }).games).toBe(4);
  });

  it('catches which seats act optionally depending on hidden cards (it is public: the room clocks the others)', () => {
    // Every seat listed with a move, but only those holding a high card wait unclocked: the table learns who holds one.
    const leaky = broken({ optionalMove: (s: HighCardState, seat: number) => highCard.activeActors(s).includes(SYSTEM) && holdsHighCard(s, seat) });
    expectViolation(leaky, /leak: the seats that act optionally change when hidden information is re-dealt/, 500, { resampleEvery: 1, options: [{ anteWindowMs: 100 }] });
  });

  // The ante as one pattern over a public yes/no set; `sets` decides what the set holds.
  const antePattern = (sets: (s: HighCardState) => Record<string, unknown[]>, patterns?: AnyGame['legalMovePatterns']): AnyGame =>
    broken({
      choices: sets,
      legalMovePatterns:
        patterns ??
        function (this: AnyGame, s: HighCardState, seat: number) {
          const legal = highCard.legalMoves.call(this, s, seat);
          return s.phase === 'ante' && legal.length ? [{ type: 'ante', in: { $oneOf: 'answers' } }] : legal;
        },
    });

  it('accepts legal-move patterns that expand to exactly the legal moves, and catches any that do not', () => {
    const report = simulate(antePattern(() => ({ answers: [true, false] })), { games: 8, seed: 'patterns', resampleEvery: 1 });
    expect(report.games).toBe(8);
    // A set missing a value: the synced list would hide a legal move.
    expectViolation(antePattern(() => ({ answers: [true] })), /legal-move patterns do not expand to its legal moves \(1 vs 2; missing \{"in":false/);
    // A pattern over a set that does not exist stands for nothing.
    expectViolation(antePattern(() => ({})), /do not expand to its legal moves \(0 vs 2/);
    // The same pattern listed twice.
    expectViolation(
      antePattern(
        () => ({ answers: [true, false] }),
        function (this: AnyGame, s: HighCardState, seat: number) {
          const legal = highCard.legalMoves.call(this, s, seat);
          return s.phase === 'ante' && legal.length ? [{ type: 'ante', in: { $oneOf: 'answers' } }, { type: 'ante', in: { $oneOf: 'answers' } }] : legal;
        },
      ),
      /do not expand to its legal moves \(4 vs 2/,
    );
  });

  it('catches a choice set that shows hidden cards (choice sets are public)', () => {
    // Seat 0's plays as a pattern over "seat 0's hand": right for seat 0, but every client receives the set.
    const leaky = antePattern(
      (s) => ({ hand0: [...new Set(s.hands[0]!)] }),
      function (this: AnyGame, s: HighCardState, seat: number) {
        const legal = highCard.legalMoves.call(this, s, seat);
        return s.phase === 'play' && seat === 0 && legal.length ? [{ type: 'play', card: { $oneOf: 'hand0' } }] : legal;
      },
    );
    expectViolation(leaky, /leak: the public choice sets change when hidden information is re-dealt/, 500, { resampleEvery: 1 });
  });

  it('expands a pattern into one move per combination of its placeholders, in field order', () => {
    const sets: Record<string, unknown[]> = { spaces: ['a', 'b'], tokens: [1, 5], none: [] };
    const expandPattern = (pattern: object, from: Record<string, unknown[]>) => expand(pattern, (set) => from[set] ?? []);
    expect(expandPattern({ type: 'bet', space: { $oneOf: 'spaces' }, token: { $oneOf: 'tokens' } }, sets)).toEqual([
      { type: 'bet', space: 'a', token: 1 },
      { type: 'bet', space: 'a', token: 5 },
      { type: 'bet', space: 'b', token: 1 },
      { type: 'bet', space: 'b', token: 5 },
    ]);
    expect(JSON.stringify(expandPattern({ type: 'bet', space: { $oneOf: 'spaces' }, token: 3 }, sets)[1])).toBe('{"type":"bet","space":"b","token":3}');
    expect(expandPattern({ type: 'bet', space: { $oneOf: 'none' } }, sets)).toEqual([]);
    expect(expandPattern({ type: 'bet', space: { $oneOf: 'unknown' } }, sets)).toEqual([]);
    // Look-alikes are ordinary values.
    expect(placeholderSet({ $oneOf: 3 })).toBeNull();
    expect(placeholderSet({ $oneOf: 'spaces', more: 1 })).toBeNull();
    expect(expandPattern({ type: 'x', v: { $oneOf: 'spaces', more: 1 } }, sets)).toEqual([{ type: 'x', v: { $oneOf: 'spaces', more: 1 } }]);
  });

  it('catches a listed move that is rejected, and a bot that plays illegally', () => {
    expectViolation(
      broken({
        legalMoves: (s, a) => {
          const legal = highCard.legalMoves(s, a);
          return legal.length ? [...legal, { type: 'play', card: 999 }] : legal;
        },
      }),
      /listed legal move .* rejected/,
    );
    expectViolation(broken({ bot: () => ({ type: 'play', card: -5 }) }), /bot move .* rejected/);
  });

  it('catches non-termination, a broken invariant and non-JSON state', () => {
    // Seat 0 may "pass" forever after the deal: the game never ends.
    expectViolation(
      broken({
        activeActors: (s) => (s.phase === 'deal' ? [SYSTEM] : [0]),
        legalMoves: (s, a) => (s.phase === 'deal' ? (a === SYSTEM ? [{ type: 'deal' }] : []) : a === 0 ? [{ type: 'pass' }] : []),
        applyMove: (s, a, m) => (s.phase === 'deal' ? highCard.applyMove(s, a, m) : { ok: true, state: s, events: [] }),
        moveShapes: { ...highCard.moveShapes, pass: z.object({}) },
        bot: (_v, legal) => legal[0],
      }),
      /no end after 500 steps/,
    );
    expectViolation(broken({ invariants: () => ['marbles lost'] }), /invariant: marbles lost/);
    expectViolation(broken({ setup: (o, n, seed) => ({ ...highCard.setup(o, n, seed), when: new Date(0) }) }), /not JSON-plain/);
  });

  it('catches a game that is not replayable from its seed', () => {
    let calls = 0;
    expectViolation(
      broken({
        applyMove(s, a, m) {
          const r = highCard.applyMove(s, a, m);
          return r.ok ? { ...r, state: { ...r.state, nonce: calls++ } } : r; // depends on history outside the state
        },
      }),
      /replay differs/,
    );
  });
});
