/**
 * Puts games the server gave up back into play (a recovery that failed five times: docs/operations.md,
 * "Durable games and crash recovery"), once what made their recovery fail is fixed and deployed:
 *   npm run game:resume -- [--force] <roomId> [<roomId>…]
 *   npm run game:resume -- --list [--force]
 * Reads REDIS_URL as the server does. Each game resumed is listed live again under an owner that does not
 * beat, so the next beat of any live process claims and recovers it, as after a crash. Only games the server
 * marked given up are listed and resumed; `--force` takes games not live without the mark too (given up by an
 * earlier version, which put none; but a running game whose live entry Redis lost looks the same). One line per game;
 * exits 1 when any game was refused, 2 on a usage problem or when Redis cannot be reached or fails a command.
 */
import { Redis } from 'ioredis';
import { loadConfig } from '../src/server/config.ts';
import { givenUpGames, resumeGivenUp, type ResumeOutcome } from '../src/server/game-store.ts';

const usage = 'usage: npm run game:resume -- [--force] <roomId> [<roomId>…] | --list [--force]';

/**
 * Flags are `--list` and `--force`; every other word is a room id, one beginning with `-` too (Colyseus' ids may:
 * a general option parser read it as options). A word beginning with `--` is an option it does not know, unless it
 * comes after a bare `--`.
 */
function parse() {
  const values = { list: false, force: false };
  const positionals: string[] = [];
  let idsOnly = false;
  for (const word of process.argv.slice(2)) {
    if (idsOnly || !word.startsWith('--')) positionals.push(word);
    else if (word === '--') idsOnly = true;
    else if (word === '--list' || word === '--force') values[word === '--list' ? 'list' : 'force'] = true;
    else {
      // Said with the usage, not thrown with a stack (whose exit 1 would read as a refusal).
      console.error(`Unknown option '${word}'\n${usage}`);
      process.exit(2);
    }
  }
  return { values, positionals };
}
const { values, positionals } = parse();
if (values.list === positionals.length > 0) {
  console.error(usage);
  process.exit(2);
}

let redisUrl: string | undefined;
try {
  redisUrl = loadConfig().REDIS_URL;
} catch (err) {
  console.error((err as Error).message);
  process.exit(2);
}
if (!redisUrl) {
  console.error('REDIS_URL is not set: games are journaled only in Redis');
  process.exit(2);
}

// One try, no offline queue: an unreachable Redis is said at once rather than waited for.
const redis = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 0, enableOfflineQueue: false, retryStrategy: () => null });
let connectionError: Error | null = null;
redis.on('error', (err: Error) => (connectionError ??= err));
try {
  await redis.connect();
} catch (err) {
  console.error(`Redis not reachable: ${(connectionError ?? (err as Error)).message}`);
  process.exit(2);
}

const refusals: Record<Exclude<ResumeOutcome, 'resumed' | 'awaiting'>, (owner: string | null) => string> = {
  finished: () => 'refused: the game finished (its record is kept)',
  'no-journal': () => 'refused: no journal of this game in Redis',
  running: (owner) => `refused: the game is running, on process ${owner}`,
  unmarked: () => 'refused: not live, but not marked given up: it may be running, its live entry lost by a Redis come back older (--force resumes it all the same)',
};

try {
  if (values.list) {
    const games = await givenUpGames(redis, values.force);
    for (const g of games) console.log(`${g.roomId} ${g.game}, ${g.moves} moves journaled, last owner ${g.owner ?? 'none'}${g.marked ? '' : ', not marked given up'}`);
    if (games.length === 0) console.log('no given-up games');
  } else {
    for (const roomId of positionals) {
      const { outcome, owner } = await resumeGivenUp(redis, roomId, values.force);
      if (outcome === 'resumed') console.log(`${roomId}: resumed: the next beat of a live process takes it over`);
      else if (outcome === 'awaiting') console.log(`${roomId}: already live, its owner ${owner ?? '(none)'} not beating: the next beat of a live process takes it over`);
      else {
        console.error(`${roomId}: ${refusals[outcome](owner)}`);
        process.exitCode = 1;
      }
    }
  }
} catch (err) {
  // Redis refused a command (a key of another kind, the connection lost): said in one line, not a stack.
  console.error(`Redis failed: ${(err as Error).message}`);
  process.exitCode = 2;
} finally {
  redis.disconnect();
}
