/** client/legal-moves.ts: legal-move keys that are patterns over public choice sets expand to concrete moves. */
import { Decoder, Encoder, schema, t } from '@colyseus/schema';
import { describe, expect, it } from 'vitest';
import { choiceSetsOf, expandLegalMoves, legalMovesIn } from '../client/legal-moves.ts';

const texts = (...values: unknown[]) => values.map((v) => JSON.stringify(v));
const sets = (named: Record<string, unknown[]>) => (name: string) => (Object.hasOwn(named, name) ? texts(...named[name]!) : undefined);
const free = { $oneOf: 'freeSpaces' };

describe('expandLegalMoves', () => {
  it('passes a move without placeholders through as parsed', () => {
    expect(expandLegalMoves(texts({ type: 'play', card: '7H' }, { type: 'pass' }), sets({}))).toEqual([{ type: 'play', card: '7H' }, { type: 'pass' }]);
  });

  it('replaces one placeholder with each value of its set, in place', () => {
    const moves = expandLegalMoves(texts({ type: 'bet', space: free, token: 5 }), sets({ freeSpaces: ['win-3', 'show-5'] }));
    expect(moves).toEqual([
      { type: 'bet', space: 'win-3', token: 5 },
      { type: 'bet', space: 'show-5', token: 5 },
    ]);
    expect(moves.map((m) => Object.keys(m))).toEqual([['type', 'space', 'token'], ['type', 'space', 'token']]);
  });

  it('gives every combination for two placeholders, and values of any JSON type', () => {
    const moves = expandLegalMoves(texts({ type: 'bet', space: free, token: { $oneOf: 'tokens' } }), sets({ freeSpaces: ['a', 'b'], tokens: [3, { v: 5 }] }));
    expect(moves).toEqual([
      { type: 'bet', space: 'a', token: 3 },
      { type: 'bet', space: 'a', token: { v: 5 } },
      { type: 'bet', space: 'b', token: 3 },
      { type: 'bet', space: 'b', token: { v: 5 } },
    ]);
  });

  it('expands a pattern over a missing or empty set to nothing, keeping the other keys', () => {
    const keys = texts({ type: 'bet', space: free, token: 5 }, { type: 'pass' }, { type: 'bet', space: { $oneOf: 'gone' }, token: 3 });
    expect(expandLegalMoves(keys, sets({ freeSpaces: [] }))).toEqual([{ type: 'pass' }]);
  });

  it('leaves fields that only look like placeholders as they are', () => {
    const lookalikes = [{ $oneOf: 3 }, { $oneOf: 'freeSpaces', extra: 1 }, [{ $oneOf: 'freeSpaces' }], { nested: { $oneOf: 'freeSpaces' } }, null];
    const keys = texts(...lookalikes.map((field) => ({ type: 'x', field })));
    expect(expandLegalMoves(keys, sets({ freeSpaces: ['win-3'] }))).toEqual(lookalikes.map((field) => ({ type: 'x', field })));
  });
});

describe('legalMovesIn', () => {
  const pattern = JSON.stringify({ type: 'bet', space: free, token: 5 });
  const plainChoices = { freeSpaces: { values: { '"win-3"': true, '"show-5"': true } } };
  const expanded = [
    { type: 'bet', space: 'win-3', token: 5 },
    { type: 'bet', space: 'show-5', token: 5 },
  ];

  it('reads the SDK-decoded state (MapSchema) the same as its plain toJSON form', () => {
    const ChoiceSet = schema({ values: t.map('boolean') });
    const Entry = schema({ legalMoves: t.map('string') });
    const State = schema({ choices: t.map(ChoiceSet), entry: Entry });
    const server = new State();
    const set = new ChoiceSet();
    for (const space of ['win-3', 'show-5']) set.values.set(JSON.stringify(space), true);
    server.choices.set('freeSpaces', set);
    server.entry = new Entry();
    server.entry.legalMoves.set(pattern, 'bet');
    const decoder = new Decoder(new State());
    decoder.decode(new Encoder(server).encodeAll());
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    const decoded = decoder.state as any;
    expect(legalMovesIn(decoded.entry, decoded.choices)).toEqual(expanded);
    const plain = decoded.toJSON();
    expect(plain.choices).toEqual(plainChoices);
    expect(legalMovesIn(plain.entry, plain.choices)).toEqual(expanded);
  });

  it('reads the older plain list of texts, a missing entry, and a state without choices', () => {
    expect(legalMovesIn({ legalMoves: [pattern, '{"type":"pass"}'] }, plainChoices)).toEqual([...expanded, { type: 'pass' }]);
    expect(legalMovesIn(null, plainChoices)).toEqual([]);
    expect(legalMovesIn({ legalMoves: { [pattern]: 'bet', '{"type":"pass"}': 'pass' } }, undefined)).toEqual([{ type: 'pass' }]);
  });

  it('does not take a set name from the plain object prototype', () => {
    expect(choiceSetsOf({})('constructor')).toBeUndefined();
    expect(legalMovesIn({ legalMoves: [JSON.stringify({ type: 'x', f: { $oneOf: 'toString' } })] }, {})).toEqual([]);
  });
});
