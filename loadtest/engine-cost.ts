/**
 * What the Ready Set Bet engine alone costs per roll at a full table, without Colyseus or sockets: the
 * roll, then the views and legal moves the room projects after every move (spectator view, and each
 * seat's view and legal moves as JSON texts). CPU time, so a busy machine inflates it little.
 *
 *   node loadtest/engine-cost.ts [races=100] [seats=8]
 */
import { SPECTATOR, SYSTEM } from '../src/core/game.ts';
import { game } from '../src/games/ready-set-bet/index.ts';

const [races = 100, seats = 8] = process.argv.slice(2).map(Number);
const options = game.options.parse({ vip: false });
let rolls = 0;
let legal = 0;
const cpu = process.cpuUsage();
for (let r = 0; r < races; r++) {
  let state = game.setup(options, seats, `engine-cost/${r}`);
  while (state.phase === 'racing') {
    const next = game.applyMove(state, SYSTEM, { type: 'roll' });
    if (!next.ok) throw new Error(next.error.code);
    state = next.state;
    rolls++;
    game.viewFor(state, SPECTATOR);
    for (let seat = 0; seat < seats; seat++) {
      game.viewFor(state, seat);
      legal += game.legalMoves(state, seat).map((m) => JSON.stringify(m)).length;
    }
  }
}
const used = process.cpuUsage(cpu);
console.log(
  `${rolls} rolls at ${seats} seats: ${((used.user + used.system) / 1000 / rolls).toFixed(3)} ms CPU per roll (engine, views, legal moves); ${Math.round(legal / rolls / seats)} legal moves per seat on average`,
);
