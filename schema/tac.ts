/** TAC views mirrored for delta sync (shape of src/games/tac/types.ts: TacPublic, TacPrivate). */
import { schema, t } from '@colyseus/schema';
import { defineRoomState } from './common.ts';

const TacMarble = schema(
  {
    id: t.uint8().default(0),
    colour: t.uint8().default(0),
    zone: t.string().default(''),
    field: t.int8().default(-1),
    fresh: t.boolean().default(false),
  },
  'TacMarble',
);

const TacTable = schema(
  {
    phase: t.string().default(''),
    colours: t.uint8().default(0),
    ring: t.uint8().default(0),
    spacing: t.uint8().default(0),
    seatOfColour: t.array('uint8'),
    teamOfColour: t.array('uint8'),
    round: t.uint16().default(0),
    dealer: t.uint8().default(0),
    turn: t.uint8().default(0),
    turnSeat: t.uint8().default(0),
    marbles: t.array(TacMarble),
    handCounts: t.array('uint8'),
    deckCount: t.uint8().default(0),
    discardCount: t.uint8().default(0),
    discardTop: t.string().default(''),
    canOpen: t.array('boolean'),
    exchangeGiven: t.array('boolean'),
    lastCard: t.string().default(''),
    lastColour: t.int8().default(-1),
    skipPending: t.boolean().default(false),
    sevenRemaining: t.uint8().default(0),
    devilTarget: t.int8().default(-1),
    foolPending: t.boolean().default(false),
    winPending: t.boolean().default(false),
    winner: t.int8().default(-1),
  },
  'TacTable',
);

const TacPrivate = schema(
  {
    colours: t.array('uint8'),
    cards: t.array('string'),
    cardColours: t.array('uint8'),
    given: t.array('string'),
    received: t.array('string'),
    devilHand: t.array('string'),
  },
  'TacPrivate',
);

export const tacRoomState = defineRoomState('Tac', TacTable, TacPrivate);
