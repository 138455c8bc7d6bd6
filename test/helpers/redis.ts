/**
 * A private redis-server for the test run, on a free port, never the shared one on 6379. Tests that
 * need to stop Redis (to prove the server survives) start their own with `startRedis()`.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { Redis } from 'ioredis';
import { freePort, waitFor } from './ports.ts';

export interface RedisHandle {
  url: string;
  port: number;
  /** The running redis-server's process id (null while stopped). */
  readonly pid: number | null;
  stop(): Promise<void>;
  /** Starts it again on the same port (after stop). */
  restart(): Promise<void>;
}

/**
 * Without options Redis keeps nothing on disk. With `appendOnlyDir` it appends every write to a file in
 * that folder (fsync every second, as in production), so `stop()` (SIGKILL) and `restart()` reload it.
 */
export async function startRedis(options: { appendOnlyDir?: string } = {}): Promise<RedisHandle> {
  const port = await freePort();
  let proc: ChildProcess | null = null;
  const persistence = options.appendOnlyDir
    ? ['--dir', options.appendOnlyDir, '--appendonly', 'yes', '--appendfsync', 'everysec']
    : ['--appendonly', 'no'];
  const launch = async () => {
    proc = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', ...persistence], { stdio: 'ignore' });
    proc.on('error', (err) => {
      throw new Error(`redis-server could not start (is it on PATH?): ${err.message}`);
    });
    await waitFor(async () => {
      const probe = new Redis({ port, host: '127.0.0.1', lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
      probe.on('error', () => undefined);
      try {
        await probe.connect();
        return (await probe.ping()) === 'PONG';
      } catch {
        return false;
      } finally {
        probe.disconnect();
      }
    }, 10_000, `redis-server on port ${port}`);
  };
  const stop = async () => {
    const p = proc as ChildProcess | null;
    if (!p || p.exitCode !== null) return;
    await new Promise<void>((resolve) => {
      p.once('exit', () => resolve());
      p.kill('SIGKILL');
    });
    proc = null;
  };
  await launch();
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    get pid() {
      return (proc as ChildProcess | null)?.pid ?? null;
    },
    stop,
    restart: launch,
  };
}

/** The oldest Redis the server runs on: 6.2 (a process' heartbeat is a SET … GET, which came in 6.2). */
export const OLDEST_REDIS = '6.2.0';

/**
 * Every command a Redis executes (MONITOR: scripts' and transactions' commands included), to check them
 * against the oldest Redis the server supports. What each command, subcommand and option needs is read from
 * the test Redis' own COMMAND DOCS (Redis 7: each names the version it came in), not from a list kept here.
 */
export interface CommandWatch {
  /** What the commands seen since the last call need of a Redis newer than `floor` ('6.2.0'), each as `why: a command`. */
  newerThan(floor: string): string[];
  stop(): void;
}

export async function watchCommands(url: string): Promise<CommandWatch> {
  const client = new Redis(url);
  client.on('error', () => undefined);
  // (Asked before watching: not one of the commands. A Redis before 7 has no COMMAND DOCS, and refuses itself
  // whatever it lacks: nothing to check then.)
  const reply = await client.call('COMMAND', 'DOCS').catch(() => null);
  if (!Array.isArray(reply)) {
    client.disconnect();
    return { newerThan: () => [], stop: () => undefined };
  }
  const docs = commandDocs(reply);
  const monitor = await client.monitor();
  monitor.on('error', () => undefined); // (a test that restarts Redis: ioredis monitors again once back)
  let seen: string[][] = [];
  monitor.on('monitor', (_time: string, args: string[]) => seen.push(args));
  return {
    newerThan(floor) {
      const commands = seen;
      seen = [];
      const found = new Map<string, string>(); // each reason once, with its first command
      for (const args of commands) for (const why of newerParts(docs, args, floor)) if (!found.has(why)) found.set(why, `${why}: ${args.join(' ').slice(0, 120)}`);
      return [...found.values()];
    },
    stop() {
      monitor.disconnect();
      client.disconnect();
    },
  };
}

interface CommandDoc {
  since: string;
  /** Tokens of its options with the version each came in (an option inherits its enclosing block's). */
  tokens: Map<string, string>;
  subcommands: Map<string, CommandDoc>;
}

/** COMMAND DOCS' reply (RESP2: maps as flat [key, value, …] lists) by lowercase command name. */
function commandDocs(reply: unknown[]): Map<string, CommandDoc> {
  const docs = new Map<string, CommandDoc>();
  for (let i = 0; i < reply.length; i += 2) docs.set(String(reply[i]).toLowerCase(), commandDoc(reply[i + 1] as unknown[]));
  return docs;
}

function commandDoc(flat: unknown[]): CommandDoc {
  const doc = fields(flat);
  const tokens = new Map<string, string>();
  const walk = (args: unknown, since: string) => {
    for (const arg of (args as unknown[] | undefined) ?? []) {
      const a = fields(arg as unknown[]);
      const mine = later(String(a.since ?? '0.0.0'), since);
      const token = typeof a.token === 'string' ? a.token.toUpperCase() : null;
      // (A token in two places keeps its older version: a false alarm would cost more than a miss.)
      if (token) tokens.set(token, tokens.has(token) && later(tokens.get(token)!, mine) === mine ? tokens.get(token)! : mine);
      walk(a.arguments, mine);
    }
  };
  walk(doc.arguments, '0.0.0');
  const subcommands = new Map<string, CommandDoc>();
  const subs = (doc.subcommands as unknown[] | undefined) ?? [];
  for (let i = 0; i < subs.length; i += 2) subcommands.set(String(subs[i]).split('|')[1]!.toLowerCase(), commandDoc(subs[i + 1] as unknown[]));
  return { since: String(doc.since ?? '0.0.0'), tokens, subcommands };
}

function fields(flat: unknown[]): Record<string, unknown> {
  const o: Record<string, unknown> = {};
  for (let i = 0; i < flat.length; i += 2) o[String(flat[i])] = flat[i + 1];
  return o;
}

/** What in one command needs a Redis newer than `floor`: the command itself, or an option of it given here. */
function newerParts(docs: Map<string, CommandDoc>, args: string[], floor: string): string[] {
  const name = args[0]?.toLowerCase() ?? '';
  let doc = docs.get(name);
  let rest = args.slice(1);
  const sub = doc?.subcommands.get(rest[0]?.toLowerCase() ?? '');
  if (sub) [doc, rest] = [sub, rest.slice(1)];
  if (!doc) return [];
  const found: string[] = [];
  if (later(doc.since, floor) !== floor) found.push(`${name} needs ${doc.since}`);
  // (A value that happens to spell an option would be reported too: none of the server's does.)
  for (const arg of rest) {
    const since = doc.tokens.get(arg.toUpperCase());
    if (since && later(since, floor) !== floor) found.push(`${name} … ${arg.toUpperCase()} needs ${since}`);
  }
  return found;
}

/** The later of two versions ('6.2.0'). */
function later(a: string, b: string): string {
  const [x, y] = [a, b].map((v) => v.split('.').map(Number));
  for (let i = 0; i < 3; i++) if ((x![i] ?? 0) !== (y![i] ?? 0)) return (x![i] ?? 0) > (y![i] ?? 0) ? a : b;
  return b;
}
