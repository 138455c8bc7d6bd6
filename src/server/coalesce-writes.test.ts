import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import type { Socket } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { WebSocket, WebSocketServer } from 'ws';
import { MAX_UNSENT_BYTES, coalesceWrites, flushWritesSoon } from './coalesce-writes.ts';

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

/** The writer's clock held still, moved by hand: a loaded machine's pause between two sends must not pass the hold. */
function heldClock() {
  let now = performance.now();
  vi.spyOn(performance, 'now').mockImplementation(() => now);
  return { advance: (ms: number) => (now += ms) };
}

describe('coalesced writes', () => {
  let wss: WebSocketServer | null = null;
  let client: WebSocket | null = null;
  afterEach(async () => {
    vi.restoreAllMocks();
    client?.terminate();
    await new Promise((resolve) => wss?.close(resolve));
  });

  /** A connection whose server side coalesces, the socket writes counted, the client's messages collected. */
  async function connected() {
    wss = new WebSocketServer({ port: 0, host: '127.0.0.1' });
    coalesceWrites(wss);
    await once(wss, 'listening');
    client = new WebSocket(`ws://127.0.0.1:${(wss.address() as AddressInfo).port}`);
    const [server] = (await once(wss, 'connection')) as [WebSocket];
    await once(client, 'open');
    const socket = (server as unknown as { _socket: Socket })._socket;
    const counted = { writes: 0 };
    const write = socket.write.bind(socket) as (...args: unknown[]) => boolean;
    socket.write = ((...args: unknown[]) => {
      counted.writes++;
      return write(...args);
    }) as Socket['write'];
    const received: (string | Buffer)[] = [];
    client.on('message', (data, binary) => received.push(binary ? (data as Buffer) : String(data)));
    const receivedAll = async (n: number) => {
      for (let waited = 0; received.length < n && waited < 3000; waited += 5) await new Promise((resolve) => setTimeout(resolve, 5));
      return received;
    };
    return { server, counted, receivedAll };
  }

  it('writes a turn’s messages as one buffer at the end of the turn, in order', async () => {
    const { server, counted, receivedAll } = await connected();
    heldClock();
    server.send(Buffer.from('one'));
    server.send(new Uint8Array([116, 119, 111]), { binary: false }); // "two", as a text frame
    server.send(Buffer.from('three'), { binary: true });
    expect(counted.writes).toBe(0);
    await nextTurn();
    expect(counted.writes).toBe(1);
    expect(await receivedAll(3)).toEqual(['one', 'two', 'three'].map((text, i) => (i === 1 ? text : Buffer.from(text))));
  });

  it('does not hold a long turn’s first messages to its end: past a millisecond, the next send writes them', async () => {
    const { server, counted, receivedAll } = await connected();
    const clock = heldClock();
    server.send(Buffer.from('one'));
    clock.advance(3); // a turn busy handling a burst
    expect(counted.writes).toBe(0);
    server.send(Buffer.from('two'));
    expect(counted.writes).toBe(1); // one and two, together, before the turn is over
    server.send(Buffer.from('three'));
    expect(counted.writes).toBe(1); // held again, for at most a millisecond or the end of the turn
    await nextTurn();
    expect(counted.writes).toBe(2);
    expect((await receivedAll(3)).map(String)).toEqual(['one', 'two', 'three']);
  });

  it('writes what ws frames itself (a string here) at once, after the messages queued before it', async () => {
    const { server, counted, receivedAll } = await connected();
    server.send(Buffer.from('one'));
    server.send('two');
    expect(counted.writes).toBe(1);
    server.send(Buffer.from('three'));
    await nextTurn();
    expect(counted.writes).toBe(2);
    expect((await receivedAll(3)).map(String)).toEqual(['one', 'two', 'three']);
  });

  it('frames every payload length the client can read back: 7-bit, 16-bit and 64-bit lengths', async () => {
    const { server, receivedAll } = await connected();
    const lengths = [0, 1, 125, 126, 127, 65535, 65536, 70000];
    const payloads = lengths.map((n) => Buffer.alloc(n, n % 251));
    for (const p of payloads) server.send(p);
    const got = await receivedAll(lengths.length);
    expect(got.map((b) => (b as Buffer).length)).toEqual(lengths);
    got.forEach((b, i) => expect((b as Buffer).equals(payloads[i]!)).toBe(true));
  });

  it('writes a close at once, after the messages queued before it, and calls back once written', async () => {
    const { server, counted, receivedAll } = await connected();
    heldClock(); // (the two sends one write, however long a loaded machine pauses between them)
    const written: (Error | null | undefined)[] = [];
    server.send(Buffer.from('last words'), (err) => written.push(err));
    server.send(Buffer.from('and these'), { binary: true }, (err) => written.push(err));
    server.close(4001, 'done');
    expect(counted.writes).toBe(1); // not at the end of the turn: a process exiting now still sends it
    const [code, reason] = (await once(client!, 'close')) as [number, Buffer];
    expect((await receivedAll(2)).map(String)).toEqual(['last words', 'and these']);
    expect([code, String(reason)]).toEqual([4001, 'done']);
    expect(written.map((err) => err ?? null)).toEqual([null, null]); // written, no error
  });

  it('calls back with an error, and throws nothing, when the connection died before the turn ended', async () => {
    const { server } = await connected();
    const written: (Error | null | undefined)[] = [];
    server.send(Buffer.from('too late'), (err) => written.push(err));
    server.terminate();
    await nextTurn();
    expect(written).toHaveLength(1);
    expect(written[0]).toBeInstanceOf(Error);
  });

  it('disconnects a client that stops reading once more than MAX_UNSENT_BYTES wait to be sent, instead of holding them', async () => {
    const { server } = await connected();
    (client as unknown as { _socket: Socket })._socket.pause(); // the client reads nothing more (the kernel's buffers fill first: their size varies by machine)
    const closed = once(server, 'close');
    const payload = Buffer.alloc(256 * 1024, 7);
    const socket = (server as unknown as { _socket: Socket })._socket;
    for (let sent = 0; sent < 16 * MAX_UNSENT_BYTES && !socket.destroyed; sent += payload.length) {
      server.send(payload);
      await nextTurn();
    }
    await closed;
    expect(socket.destroyed).toBe(true);
    expect(socket.writableLength).toBeLessThanOrEqual(MAX_UNSENT_BYTES);
  });

  it('writes the answers a promise reaction released once the reactions have run, not at the end of the turn', async () => {
    const { server, counted, receivedAll } = await connected();
    heldClock();
    // As a Redis reply releases `sync` answers: sends in the promise reactions of a callback; the socket
    // is looked at after every reaction and tick, still before the end of the turn.
    const writesAfterReactions = (flush: boolean) =>
      new Promise<number>((resolve) => {
        setTimeout(() => {
          const before = counted.writes;
          void Promise.resolve()
            .then(() => {
              server.send(Buffer.from('answer'));
              if (flush) flushWritesSoon();
            })
            .then(() => server.send(Buffer.from('a second answer, released by the same reply')));
          void Promise.resolve()
            .then(() => undefined)
            .then(() => process.nextTick(() => resolve(counted.writes - before)));
        }, 0);
      });
    expect(await writesAfterReactions(false)).toBe(0); // held to the end of the turn
    await nextTurn();
    expect(await writesAfterReactions(true)).toBe(1);
    expect((await receivedAll(4)).map(String)).toEqual(['answer', 'a second answer, released by the same reply', 'answer', 'a second answer, released by the same reply']);
  });
});
