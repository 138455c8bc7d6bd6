/** The HTTP surface of one process without Redis: health, readiness, metrics, games, monitor. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from './helpers/server.ts';
import { joinAsPlayer } from './helpers/clients.ts';
import { games } from '../src/games/index.ts';
import { optionLabel } from '../web/src/games/generic.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startServer({ MONITOR_PASSWORD: 'correct-horse' });
});
afterAll(() => server.close());

const get = (path: string, init?: RequestInit) => fetch(`${server.http}${path}`, init);

describe('http', () => {
  it('answers /health', async () => {
    const res = await get('/health');
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ status: 'ok' });
  });

  it('is ready without Redis (local presence)', async () => {
    const res = await get('/ready');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ready: true, redis: 'not configured', matchmaking: 'ok' });
  });

  it('exports Prometheus metrics: rooms, clients, moves by result and reason, latency, process', async () => {
    const p = await joinAsPlayer(server.ws, 'high-card', { seats: 2, bots: 1 }, 'create');
    await p.room.request('move', { type: 'nonsense' }).catch(() => undefined);
    const text = await (await get('/metrics')).text();
    expect(text).toMatch(/parlor_rooms\{game="high-card"\} 1/);
    expect(text).toMatch(/parlor_clients\{game="high-card"\} 1/);
    expect(text).toMatch(/parlor_moves_total\{game="high-card",result="rejected",reason="[a-z-]+\/[a-z-]+"\} 1/);
    expect(text).toMatch(/parlor_move_handling_seconds_bucket\{le="0.001",game="high-card"\}/);
    expect(text).toMatch(/parlor_nodejs_eventloop_lag_seconds/);
    expect(text).toMatch(/parlor_process_resident_memory_bytes/);
  });

  it("keeps PM2's agent out of a process PM2 does not run: no inspector session, no process handlers of its own", async () => {
    await get('/health'); // started and listening: Colyseus has asked for the agent
    const io = (globalThis as Record<symbol, unknown>)[Symbol.for('@pm2/io')] as { featureManager?: unknown } | undefined;
    expect(io?.featureManager).toBeUndefined(); // the stand-in, not an agent
    const handlers = ['unhandledRejection', 'uncaughtException'].flatMap((e) => process.listeners(e as 'uncaughtException').map((f) => f.name));
    expect(handlers.filter((name) => /onUnhandledRejection|onUncaughtException/.test(name))).toEqual([]);
  });

  it('lists every game with seats, option schema and defaults', async () => {
    const listed = (await (await get('/api/games')).json()) as { id: string; seats: object; options: { type: string; additionalProperties?: unknown }; defaults: object }[];
    expect(listed.map((g) => g.id)).toEqual(games.map((g) => g.id));
    for (const g of listed) {
      const game = games.find((x) => x.id === g.id)!;
      expect(g.seats).toEqual(game.seats);
      expect(g.options.type).toBe('object');
      // The schema admits what the server admits: an option the game does not have is refused (core/bad-options).
      expect(g.options.additionalProperties).toBe(false);
      expect(g.defaults).toEqual(game.options.parse({}));
    }
  });

  it("describes every game's every option: the create form shows the description as the option's help text", async () => {
    const listed = (await (await get('/api/games')).json()) as { id: string; options: { properties: Record<string, { description?: string }> } }[];
    const options = listed.flatMap((g) => Object.entries(g.options.properties).map(([key, schema]) => ({ option: `${g.id}.${key}`, description: schema.description ?? '' })));
    expect(options.length).toBeGreaterThan(listed.length); // every game has options to describe
    expect(options.filter((o) => o.description.trim() === '').map((o) => o.option)).toEqual([]);
  });

  it("lists every game's every choice among fixed values with a title for each, its name on the create form (not the value in words, \"first game\")", async () => {
    type Option = { enum?: unknown[]; anyOf?: { const?: unknown; title?: string }[] };
    const listed = (await (await get('/api/games')).json()) as { id: string; options: { properties: Record<string, Option> }; tableOptions: { properties: Record<string, Option> } }[];
    const choices = listed.flatMap((g) =>
      [...Object.entries(g.options.properties), ...Object.entries(g.tableOptions.properties)].flatMap(([key, o]) => (o.enum || o.anyOf ? [{ option: `${g.id}.${key}`, ...o }] : [])),
    );
    expect(choices.length).toBeGreaterThan(50); // Great Western Trail alone has 24
    expect(choices.filter((c) => c.enum).map((c) => c.option)).toEqual([]); // an enum lists values only
    for (const c of choices) {
      expect(c.anyOf!.every((choice) => 'const' in choice && choice.title?.trim()), c.option).toBe(true);
      expect(new Set(c.anyOf!.map((choice) => choice.title)).size, c.option).toBe(c.anyOf!.length); // told apart by their titles
    }
    const titles = (option: string) => Object.fromEntries(choices.find((c) => c.option === option)!.anyOf!.map((choice) => [JSON.stringify(choice.const), choice.title]));
    expect(titles('great-western-trail.neutralBuildings')).toEqual({ '"firstGame"': 'First game (lettered spaces)', '"random"': 'Random spaces' });
    expect(titles('great-western-trail.kansasCityVp')).toEqual({ '6': '6 VP each (original rules)', '-6': '-6 VP each (printed board)' });
    expect(titles('fast-track.coloursPerPlayer')).toEqual({ '"auto"': 'By the number of players', '1': '1 colour', '2': '2 colours', '3': '3 colours' });
    expect(titles('tractor.startLevel')).toMatchObject({ '"10"': '10', '"J"': 'Jack', '"A"': 'Ace' });
  });

  it("says which options have an effect only under others' values (appliesWhen): other options of the same game, each with a value it accepts", async () => {
    const listed = (await (await get('/api/games')).json()) as { id: string; options: { properties: Record<string, { appliesWhen?: Record<string, unknown> }> } }[];
    const needs = listed.flatMap((g) => Object.entries(g.options.properties).flatMap(([key, o]) => (o.appliesWhen ? [{ game: g.id, key, appliesWhen: o.appliesWhen, others: Object.keys(g.options.properties).filter((k) => k !== key) }] : [])));
    for (const { game, key, appliesWhen, others } of needs) {
      for (const [other, value] of Object.entries(appliesWhen)) {
        expect(others, `${game}.${key}`).toContain(other);
        expect(games.find((g) => g.id === game)!.options.safeParse({ [other]: value }).success, `${game}.${key} needs ${other} ${JSON.stringify(value)}`).toBe(true);
      }
    }
    // Ready Set Bet's host bets: no seat hosts where the server rolls.
    expect(needs.filter((n) => n.game === 'ready-set-bet').map(({ key, appliesWhen }) => ({ key, appliesWhen }))).toEqual([
      { key: 'hostBets', appliesWhen: { hostMode: 'hostSeat' } },
      { key: 'hostBetsFirst', appliesWhen: { hostMode: 'hostSeat', hostBets: true } },
      { key: 'betsFromFirstRoll', appliesWhen: { hostMode: 'hostSeat', hostBets: false } },
    ]);
  });

  it("says the table sizes some options' values allow (seatsWhen): options of the game, each with a value it accepts, and bounds within its seat range", async () => {
    type Bound = { when: Record<string, unknown>; min?: number; max?: number };
    const listed = (await (await get('/api/games')).json()) as { id: string; seats: { min: number; max: number }; options: { properties: Record<string, unknown>; seatsWhen?: Bound[] } }[];
    for (const g of listed) {
      for (const bound of g.options.seatsWhen ?? []) {
        for (const [option, value] of Object.entries(bound.when)) {
          expect(Object.keys(g.options.properties), `${g.id} seatsWhen`).toContain(option);
          expect(games.find((game) => game.id === g.id)!.options.safeParse({ [option]: value }).success, `${g.id}: ${option} ${JSON.stringify(value)}`).toBe(true);
        }
        for (const n of [bound.min, bound.max]) if (n !== undefined) expect(n >= g.seats.min && n <= g.seats.max, `${g.id}: ${n}`).toBe(true);
      }
    }
    // Ready Set Bet's ninth seat is a seated host's.
    expect(listed.find((g) => g.id === 'ready-set-bet')!.options.seatsWhen).toContainEqual({ when: { hostMode: 'server' }, max: 8 });
  });

  it("names every option in words a player reads: a title where its key's words would not do (a number glued to a word, an initialism, a place's name)", async () => {
    const listed = (await (await get('/api/games')).json()) as { id: string; options: { properties: Record<string, { title?: string }> } }[];
    const labels = listed.flatMap((g) => Object.entries(g.options.properties).map(([key, o]) => optionLabel(key, o.title)));
    expect(labels.filter((label) => /[a-z]\d|\bVp\b|\bcity\b|\bTac\b/.test(label))).toEqual([]);
    expect(labels).toContain('Cowboys in the second stack');
    expect(labels).toContain('What a TAC takes back');
  });

  it("describes every game's table options too (seats, bots, turn clock, private), with the game's seat range and the server's default clock", async () => {
    type Option = { type: string; minimum?: number; maximum?: number; default?: unknown; description?: string };
    const listed = (await (await get('/api/games')).json()) as { id: string; tableOptions: { properties: Record<string, Option> } }[];
    for (const g of listed) {
      const game = games.find((x) => x.id === g.id)!;
      const options = g.tableOptions.properties;
      expect(Object.keys(options).sort()).toEqual(['bots', 'private', 'seats', 'turnSeconds']);
      expect(Object.entries(options).filter(([, o]) => !o.description?.trim()).map(([key]) => `${g.id}.${key}`)).toEqual([]);
      expect(options.seats).toMatchObject({ type: 'integer', minimum: game.seats.min, maximum: game.seats.max, default: game.seats.default });
      expect(options.bots).toMatchObject({ type: 'integer', minimum: 0, maximum: game.seats.max, default: 0 });
      expect(options.turnSeconds).toMatchObject({ type: 'integer', minimum: 0, maximum: 3600, default: 300 }); // DEFAULT_TURN_SECONDS
      expect(options.private).toMatchObject({ type: 'boolean', default: false });
    }
  });

  it("serves the page (built or not) with a policy of its own script and style only, unframed, unsniffed, telling no site it links to its address", async () => {
    const page = await get('/');
    const policy = page.headers.get('content-security-policy') ?? '';
    expect(policy).toContain("default-src 'none'");
    expect(policy).toContain("script-src 'self'");
    expect(policy).toMatch(/style-src 'self'(;|$)/); // (no 'unsafe-inline': the page sets styles through the CSSOM)
    expect(policy).toContain("frame-ancestors 'none'");
    expect(page.headers.get('x-content-type-options')).toBe('nosniff');
    expect(page.headers.get('x-frame-options')).toBe('DENY');
    expect(page.headers.get('referrer-policy')).toBe('no-referrer');
    // The monitor's own page is not the client's: its policy is not sent there.
    expect((await get('/monitor/api')).headers.get('content-security-policy')).toBeNull();
  });

  it('puts the monitor behind basic auth', async () => {
    expect((await get('/monitor/api')).status).toBe(401);
    const wrong = await get('/monitor/api', { headers: { authorization: `Basic ${Buffer.from('admin:nope').toString('base64')}` } });
    expect(wrong.status).toBe(401);
    const ok = await get('/monitor/api', { headers: { authorization: `Basic ${Buffer.from('admin:correct-horse').toString('base64')}` } });
    expect(ok.status).toBe(200);
  });

  it('answers unknown invite codes and bad guest requests with namespaced errors', async () => {
    expect(await (await get('/api/invites/ZZZZZZ')).json()).toMatchObject({ code: 'core/unknown-invite' });
    const res = await get('/api/rooms/nope/seat', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    expect(res.status).toBe(400);
    const missing = await get('/api/rooms/nope/seat', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"spectator":true}' });
    expect(missing.status).toBe(404);
  });

  it("reads the queue's and the guest seat's bodies as JSON whatever type they name, as matchmaking does", async () => {
    // fetch's default type for a string body: read as nothing, the queue seated its sender at a default table.
    const asText = (path: string, body: string) => get(path, { method: 'POST', headers: { 'content-type': 'text/plain;charset=UTF-8' }, body });
    const refused = await asText('/api/queue/high-card', '{"seats":99}');
    expect([refused.status, await refused.json()]).toEqual([400, expect.objectContaining({ code: 'core/bad-options' })]);
    const oversize = await asText('/api/queue/high-card', JSON.stringify({ name: 'x'.repeat(20_000) }));
    expect([oversize.status, await oversize.json()]).toEqual([413, expect.objectContaining({ code: 'core/payload-too-large' })]);
    const form = await get('/api/queue/high-card', { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'seats=2' });
    expect([form.status, await form.json()]).toEqual([400, expect.objectContaining({ code: 'core/bad-request' })]);
    const watcher = await asText('/api/rooms/nope/seat', '{"spectator":true}');
    expect([watcher.status, await watcher.json()]).toEqual([404, expect.objectContaining({ code: 'core/unknown-room' })]);
  });
});

describe('http without a monitor password', () => {
  it('does not serve the monitor at all', async () => {
    const plain = await startServer({}, {});
    try {
      expect((await fetch(`${plain.http}/monitor/api`)).status).toBe(404);
    } finally {
      await plain.close();
    }
  });
});
