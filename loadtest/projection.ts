/**
 * What the room's projection costs per move, game by game, without sockets: after every move the
 * room's own Projection (rooms/projection.ts) computes the spectator view, every seat's view and legal
 * moves and mirrors them into the game's schema; then the patch is encoded the way Colyseus does it
 * (the shared changes once, then each seat's own view; a seat whose private part did not change gets
 * the shared frame, as rooms/shared-frames.ts does — `--per-view` encodes every seat's view, as
 * Colyseus alone does). One move per patch, the worst case: in a room several moves arriving within
 * one patch interval share one projection.
 *
 *   node loadtest/projection.ts [--seconds 2] [--game ready-set-bet] [--per-view]
 *
 * Prints moves/s and the split between the engine's views and legal moves (computed once more apart
 * from the projection, to time them), the whole projection and the encoder,
 * plus the legal moves per seat and the bytes encoded per move. Times are the process's CPU time (not
 * the wall clock), so other work on the machine inflates them less; still, compare games and commits
 * within one run.
 */
import { parseArgs } from 'node:util';
import { SPECTATOR, type AnyGame } from '../src/core/game.ts';
import { randomSource } from '../src/core/rng.ts';
import { games } from '../src/games/index.ts';
import { botStep, encodePatch, openOfflineTable } from '../rooms/offline-table.ts';

const { values: args } = parseArgs({
  options: { seconds: { type: 'string', default: '2' }, game: { type: 'string', default: '' }, 'per-view': { type: 'boolean', default: false } },
});
const seconds = Number(args.seconds);

/** The table each game is measured at: the largest, where the projection costs most. */
const setups: Record<string, { seats: number; options: unknown }> = {
  'ready-set-bet': { seats: 8, options: { vip: true } },
};

/** This process's CPU time in ms: steadier than the wall clock on a machine shared with other work. */
function cpuMs(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
}

function measure(game: AnyGame) {
  const { seats, options } = setups[game.id] ?? { seats: game.seats.max, options: {} };
  const random = randomSource(`projection/${game.id}`);
  let moves = 0;
  let legalListed = 0;
  let bytes = 0;
  const time = { engine: 0, project: 0, encode: 0, views: 0 };
  const until = performance.now() + seconds * 1000;
  for (let g = 0; performance.now() < until; g++) {
    const room = openOfflineTable(game, seats, options, `projection/${game.id}/${g}`, args['per-view']);
    room.projection.syncGame();
    encodePatch(room);
    for (let step = 0; step < 20_000 && performance.now() < until; step++) {
      const t0 = cpuMs();
      const stepped = botStep(room, random);
      if (stepped === 'over') break;
      if (stepped === 'none') continue;
      const t1 = cpuMs();
      // What the engine alone spends on the projection's inputs (measured apart, not mirrored).
      const s = room.engineState;
      game.viewFor(s, SPECTATOR);
      const now = game.activeActors(s);
      for (let seat = 0; seat < seats; seat++) {
        if (game.privateView) game.privateView(s, seat);
        else game.viewFor(s, seat);
        if (now.includes(seat)) (game.legalMovePatterns ?? game.legalMoves).call(game, s, seat).map((m: unknown) => JSON.stringify(m));
      }
      const tv = cpuMs();
      time.views += tv - t1;
      room.projection.syncGame();
      const t2 = cpuMs();
      bytes += encodePatch(room);
      const t3 = cpuMs();
      time.engine += t1 - t0;
      time.project += t2 - tv;
      time.encode += t3 - t2;
      moves++;
      for (let seat = 0; seat < seats; seat++) legalListed += room.state.private.get(String(seat))!.legalMoves.size;
    }
  }
  const total = time.project + time.encode;
  return {
    game: game.id,
    seats,
    moves,
    movesPerSecond: Math.round((moves * 1000) / total),
    projectMs: +(time.project / moves).toFixed(3),
    viewsMs: +(time.views / moves).toFixed(3),
    encodeMs: +(time.encode / moves).toFixed(3),
    applyMs: +(time.engine / moves).toFixed(3),
    legalPerSeat: Math.round(legalListed / moves / seats),
    bytesPerMove: Math.round(bytes / moves),
  };
}

console.log(`projection benchmark: ${seconds} s per game, one projection and one encoded patch per move`);
console.log('| game | seats | moves per CPU second (projection + encoding) | projection ms/move | of which views + legal moves | encoding ms/move | the move itself ms | synced legal-move entries per seat | patch bytes per move (all seats) |');
console.log('|---|---|---|---|---|---|---|---|---|');
for (const game of games.filter((g) => !args.game || g.id === args.game)) {
  const r = measure(game);
  console.log(`| ${r.game} | ${r.seats} | ${r.movesPerSecond} | ${r.projectMs} | ${r.viewsMs} | ${r.encodeMs} | ${r.applyMs} | ${r.legalPerSeat} | ${r.bytesPerMove} |`);
}
