import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import type { Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { WebSocket, WebSocketServer } from 'ws';
import { coalesceWrites, flushWritesSoon } from './coalesce-writes.ts';

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

describe('coalesced writes', () => {
  let wss: WebSocketServer | null = null;
  let client: WebSocket | null = null;
  afterEach(async () => {
    client?.terminate();
    await new Promise((resolve) => wss?.close(resolve));
  });

  async function connected(): Promise<{ server: WebSocket; socket: Socket }> {
    wss = new WebSocketServer({ port: 0, host: '127.0.0.1' });
    coalesceWrites(wss);
    await once(wss, 'listening');
    client = new WebSocket(`ws://127.0.0.1:${(wss.address() as AddressInfo).port}`);
    const [server] = (await once(wss, 'connection')) as [WebSocket];
    await once(client, 'open');
    return { server, socket: (server as unknown as { _socket: Socket })._socket };
  }

  it('holds a turn’s sends for one write at the end of the turn', async () => {
    const { server, socket } = await connected();
    server.send('one');
    server.send('two');
    expect(socket.writableCorked).toBe(1);
    await nextTurn();
    expect(socket.writableCorked).toBe(0);
  });

  it('sends the answers a promise reaction released once the reactions have run, not at the end of the turn', async () => {
    const { server, socket } = await connected();
    const received: string[] = [];
    client!.on('message', (data) => received.push(String(data)));
    // As a Redis reply releases `sync` answers: sends in the promise reactions of a callback; the socket
    // is looked at after every reaction and tick, still before the end of the turn.
    const corkedAfterReactions = (flush: boolean) =>
      new Promise<number>((resolve) => {
        setTimeout(() => {
          void Promise.resolve()
            .then(() => {
              server.send('answer');
              if (flush) flushWritesSoon();
            })
            .then(() => server.send('a second answer, released by the same reply'));
          void Promise.resolve()
            .then(() => undefined)
            .then(() => process.nextTick(() => resolve(socket.writableCorked)));
        }, 0);
      });
    expect(await corkedAfterReactions(false)).toBe(1); // held to the end of the turn
    await nextTurn();
    expect(await corkedAfterReactions(true)).toBe(0);
    for (let waited = 0; received.length < 4 && waited < 2000; waited += 10) await new Promise((resolve) => setTimeout(resolve, 10));
    expect(received).toEqual(['answer', 'a second answer, released by the same reply', 'answer', 'a second answer, released by the same reply']);
  });
});
