/** Each game's board; any other game gets the generic one. */
import { h } from '../dom.ts';
import type { GameBoard } from '../types.ts';
import { generic } from './generic.ts';
import { readySetBet } from './ready-set-bet.ts';
import { tractor } from './tractor.ts';
import { fastTrack } from './fast-track.ts';
import { tac } from './tac.ts';
import { greatWesternTrail } from './great-western-trail.ts';

export { describeEventGeneric } from './generic.ts';

const boards: Record<string, GameBoard> = {
  'ready-set-bet': readySetBet,
  tractor,
  'fast-track': fastTrack,
  tac,
  'great-western-trail': greatWesternTrail,
};

/**
 * Each game's board, drawn once the game has started: before, the table's state holds only its schema's empty
 * defaults (the deal, the board follow the seats taken), which a board drew as nonsense (Tractor "Ada's throw failed",
 * Great Western Trail "Your turn", Ready Set Bet "Race 0 of 0", TAC an empty ring).
 */
/** Said also where its seated players may start early: "Start now with bots" gives the free seats to bots (docs/PROTOCOL.md). */
const BEFORE_START = 'The game is set out once every seat is taken and every player is here: seats are taken by players joining, or by bots once the players here start it now.';
export const boardFor = (game: string): GameBoard => {
  const board = boards[game] ?? generic;
  return { ...board, render: (ctx) => (ctx.status === 'waiting' ? h('p', { class: 'before-start' }, BEFORE_START) : board.render(ctx)) };
};
