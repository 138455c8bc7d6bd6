/**
 * Hostile input on every HTTP route: random depth, 64-bit integers, huge strings and arrays, extra
 * fields, prototype keys, wrong types and broken JSON. The process stays up, and every answer is coded:
 * JSON `{ code, message }` with a client-error status (or 503 for "try again").
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from './helpers/server.ts';
import { randomSource } from '../src/core/rng.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startServer({ MONITOR_PASSWORD: 'correct-horse' }); // loopback is exempt from rate limits here
});
afterAll(() => server.close());

const rng = randomSource('http-hostile');
const pick = <T,>(xs: T[]): T => xs[Math.floor(rng() * xs.length)]!;

/** JSON texts a hostile or clumsy client might send (text, so depth and 64-bit integers survive as sent). */
function hostileBodies(): string[] {
  const deep = (n: number, open: string, close: string, inner = '1') => `${open.repeat(n)}${inner}${close.repeat(n)}`;
  const n = () => 1 + Math.floor(rng() * 6000);
  return [
    '',
    'null',
    '[]',
    '"text"',
    '{"seats": 2,',
    deep(n(), '[', ']'),
    deep(n(), '{"a":', '}'),
    `{"seats": 9223372036854775807, "bots": -9223372036854775808}`,
    `{"spectator": true, "seatToken": ${deep(300, '[', ']')}}`,
    `{"name": "${'x'.repeat(200_000)}"}`,
    `{"options": {"k": [${Array(50_000).fill('1').join(',')}]}}`,
    '{"__proto__": {"admin": true}, "constructor": {"prototype": {"x": 1}}, "spectator": true}',
    '{"hasOwnProperty": 1, "toString": 2, "valueOf": 3, "seats": 2}',
    `{"seats": 2, "extra": ${'1'.repeat(400)}, "more": {"nested": true}}`,
    `{"record": {"game": "tractor", "seats": 9007199254740993, "seed": 1, "moves": ${deep(n(), '[', ']')}}}`,
    `{"record": {"game": "__proto__", "options": {}, "seats": 4, "seed": "s", "moves": [{"actor": 0, "move": {"type": "pass", "x": 18446744073709551616}}]}, "commitment": "${'f'.repeat(100_000)}"}`,
    `{"reconnectionToken": ${deep(100, '{"t":', '}', '"x"')}}`,
  ];
}

const routes: [method: string, path: () => string][] = [
  ['GET', () => '/health'],
  ['GET', () => '/ready'],
  ['GET', () => '/metrics'],
  ['GET', () => '/api/games'],
  ['GET', () => `/api/records/${pick(['x', '..%2F..%2Fetc', '%00', 'a'.repeat(5000), '__proto__', '%E0%A4%A'])}`],
  ['GET', () => `/api/invites/${pick(['ZZZZ', '__proto__', 'constructor', '%F0%9F%92%A9', 'A'.repeat(3000)])}`],
  ['GET', () => '/api/tables'],
  ['POST', () => `/api/rooms/${pick(['nope', '__proto__', 'x'.repeat(2000), '%E0%A4%A'])}/seat`],
  ['POST', () => `/api/queue/${pick(['high-card', 'tractor', '__proto__', 'nope'])}`],
  ['POST', () => '/api/verify'],
  ['POST', () => `/matchmake/${pick(['create', 'joinOrCreate', 'join'])}/${pick(['high-card', 'tractor', '__proto__', 'constructor', '%E0%A4%A', '%'])}`],
  ['POST', () => `/matchmake/joinById/${pick(['nope', '__proto__', 'constructor', '%E0%A4%A'])}`],
  ['POST', () => `/matchmake/reconnect/${pick(['nope', 'toString'])}`],
  ['POST', () => `/matchmake/${pick(['__proto__', 'constructor', 'remoteRoomCall', 'query'])}/high-card`],
  ['GET', () => '/monitor/api'],
  ['GET', () => `/api/${pick(['nothing', '__proto__', '..'])}`],
];

describe('hostile HTTP input', () => {
  it('never takes the process down and answers every route with a coded JSON error or success', async () => {
    const bodies = hostileBodies();
    const problems: string[] = [];
    let answered = 0;
    for (const [method, path] of routes) {
      for (const body of method === 'GET' ? [''] : bodies) {
        for (const type of method === 'GET' ? [undefined] : ['application/json', 'text/plain']) {
          const url = path();
          let res: Response;
          try {
            res = await fetch(`${server.http}${url}`, { method, headers: type ? { 'content-type': type } : {}, body: method === 'GET' ? undefined : body });
          } catch (err) {
            problems.push(`${method} ${url.slice(0, 60)}: no answer (${(err as Error).message})`);
            continue;
          }
          answered++;
          const text = await res.text();
          if (res.ok) continue; // a success on a route that accepts this (e.g. GET /api/games)
          const where = `${method} ${url.slice(0, 60)} ${type ?? ''} ${body.slice(0, 40)} → ${res.status}`;
          if (res.status >= 500 && res.status !== 503) problems.push(`${where}: server error ${text.slice(0, 120)}`);
          let json: { code?: unknown; message?: unknown } = {};
          try {
            json = JSON.parse(text);
          } catch {
            problems.push(`${where}: not JSON: ${text.slice(0, 80)}`);
            continue;
          }
          if (typeof json.code !== 'string' || !/^[a-z0-9-]+\/[a-z0-9-]+$/.test(json.code) || typeof json.message !== 'string') {
            problems.push(`${where}: not coded: ${text.slice(0, 120)}`);
          }
        }
      }
    }
    expect(problems).toEqual([]);
    expect(answered).toBeGreaterThanOrEqual(240);
    // A name that is not valid percent-encoding, on the matchmaking routes the front door reads itself.
    for (const path of ['/matchmake/create/%E0%A4%A', '/matchmake/joinById/%']) {
      const res = await fetch(`${server.http}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ code: 'core/bad-request' });
    }
    expect((await fetch(`${server.http}/health`)).status).toBe(200);
  });
});
