/** Fast Track views mirrored for delta sync (shape of src/games/fast-track/types.ts). */
import { schema, t } from '@colyseus/schema';
import { defineRoomState } from './common.ts';

const FtColour = schema(
  {
    name: t.string().default(''),
    seat: t.int8().default(-1),
    team: t.int8().default(-1),
    penExit: t.uint8().default(0),
    homeEntry: t.uint8().default(0),
    fastTrackExit: t.uint8().default(0),
    firstFastTrack: t.uint8().default(0),
  },
  'FtColour',
);

const FtBoard = schema(
  {
    kind: t.string().default(''),
    trackLength: t.uint8().default(0),
    homeLength: t.uint8().default(0),
    fastTrackSpaces: t.array('uint8'),
    colours: t.array(FtColour),
  },
  'FtBoard',
);

const FtMarble = schema(
  {
    id: t.string().default(''),
    colour: t.string().default(''),
    area: t.string().default(''),
    space: t.int8().default(-1),
    ring: t.string().default('none'),
  },
  'FtMarble',
);

const FtPlayer = schema(
  {
    seat: t.uint8().default(0),
    colours: t.array('string'),
    team: t.int8().default(-1),
    handCount: t.uint8().default(0),
    deckCount: t.uint8().default(0),
    discardCount: t.uint8().default(0),
    discardTop: t.string().default(''),
    cut: t.string().default(''),
    stalls: t.uint8().default(0),
  },
  'FtPlayer',
);

const FtSplit = schema({ card: t.string().default(''), marble: t.string().default(''), remaining: t.uint8().default(0) }, 'FtSplit');

const FtTurn = schema({ seat: t.int8().default(-1), chain: t.array('string'), split: FtSplit }, 'FtTurn');

const FtTable = schema(
  {
    phase: t.string().default(''),
    board: FtBoard,
    marbles: t.array(FtMarble),
    players: t.array(FtPlayer),
    turn: FtTurn,
    cutContenders: t.array('uint8'),
    winners: t.array('uint8'),
  },
  'FtTable',
);

const FtPrivate = schema({ hand: t.array('string') }, 'FtPrivate');

export const fastTrackRoomState = defineRoomState('FastTrack', FtTable, FtPrivate);
