import type { MoveError } from '../../core/game.ts';
import { standardDeck, shuffleDeck } from '../../core/cards/index.ts';
import { seedRng } from '../../core/rng.ts';
import { alternatingTeams } from '../../core/seats.ts';
import { BOARDS, MARBLES_PER_COLOUR, type BoardKind } from './data/boards.ts';
import type { Marble, Options, State } from './types.ts';

export const GAME_ID = 'fast-track';

interface Layout {
  board: BoardKind;
  /** Zone indices per seat. */
  colours: number[][];
  /** Team per seat, or null without teams. */
  teams: number[] | null;
}

/** Board, colours and teams for a table, or the reason the options do not fit it. */
export function resolveLayout(options: Options, seats: number): Layout | MoveError {
  const bad = (message: string): MoveError => ({ code: `${GAME_ID}/bad-setup`, message });
  if (seats < 2 || seats > 6) return bad('Fast Track is for 2 to 6 players.');
  if (options.teams === 'pairs' && seats !== 4 && seats !== 6) return bad('Teams of two need 4 or 6 players.');
  if (options.teams === 'triples' && seats !== 6) return bad('Teams of three need 6 players.');
  const perPlayer = options.coloursPerPlayer === 'auto' ? (seats <= 3 ? 2 : 1) : options.coloursPerPlayer;
  if (options.teams !== 'none' && perPlayer !== 1) return bad('In team play each player has one colour.');
  const total = perPlayer * seats;
  const board: BoardKind = options.board === 'auto' ? (total <= BOARDS.square.colours.length ? 'square' : 'hex') : options.board;
  const zones = BOARDS[board].colours.length;
  if (total > zones) return bad(`${total} colours do not fit on the ${board} board (${zones} sides).`);
  // Colours in play are spread evenly round the board and dealt round the table, so a player's colours alternate with the others'.
  const colours: number[][] = Array.from({ length: seats }, () => []);
  for (let slot = 0; slot < total; slot++) colours[slot % seats]!.push(Math.floor((slot * zones) / total));
  const teams = options.teams === 'none' ? null : alternatingTeams(seats, options.teams === 'pairs' ? seats / 2 : 2);
  return { board, colours, teams };
}

export function isLayout(x: Layout | MoveError): x is Layout {
  return 'board' in x;
}

export function setup(options: Options, seats: number, seed: string): State {
  const layout = resolveLayout(options, seats);
  if (!isLayout(layout)) throw new RangeError(layout.message); // validateSetup rejects these before setup
  const rng = seedRng(seed);
  const players = layout.colours.map((colours, seat) => ({
    colours,
    team: layout.teams?.[seat] ?? -1,
    deck: shuffleDeck(rng, standardDeck({ jokers: true })),
    hand: [],
    discard: [],
    cut: '',
    stalls: 0,
  }));
  const names = BOARDS[layout.board].colours;
  const marbles: Marble[] = layout.colours.flat().sort((a, b) => a - b).flatMap((colour) =>
    Array.from({ length: MARBLES_PER_COLOUR }, (_, i) => ({ id: `${names[colour]}-${i}`, colour, area: 'pen' as const, space: -1, ring: 'none' as const })),
  );
  return {
    options,
    board: layout.board,
    seats,
    rng,
    phase: 'cut',
    players,
    marbles,
    cutContenders: players.map((_, seat) => seat),
    turn: { seat: -1, chain: [], split: null },
    winners: [],
  };
}
