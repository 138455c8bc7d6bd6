/** Tractor views mirrored for delta sync (shape of src/games/tractor/types.ts: TractorPublic, TractorPrivate). */
import { schema, t } from '@colyseus/schema';
import { defineRoomState } from './common.ts';

const TractorBid = schema({ seat: t.uint8().default(0), card: t.string().default(''), count: t.uint8().default(0) }, 'TractorBid');

const TractorPlay = schema({ seat: t.uint8().default(0), cards: t.array('string') }, 'TractorPlay');

const TractorTrick = schema(
  { leader: t.int8().default(-1), winner: t.int8().default(-1), points: t.uint16().default(0), plays: t.array(TractorPlay) },
  'TractorTrick',
);

const TractorThrowFailure = schema({ seat: t.uint8().default(0), attempted: t.array('string'), forced: t.array('string') }, 'TractorThrowFailure');

const TractorFriendCall = schema({ card: t.string().default(''), ordinal: t.uint8().default(0), seat: t.int8().default(-1) }, 'TractorFriendCall');

const TractorCallable = schema({ cards: t.array('string'), ordinals: t.array('uint8'), calls: t.uint8().default(0) }, 'TractorCallable');

const TractorHandResult = schema(
  {
    attackerPoints: t.number().default(0),
    kittyPoints: t.uint16().default(0),
    kittyMultiplier: t.uint16().default(0),
    declarersWon: t.boolean().default(false),
    steps: t.uint8().default(0),
    nextStarter: t.uint8().default(0),
  },
  'TractorHandResult',
);

const TractorTable = schema(
  {
    phase: t.string().default(''),
    handNumber: t.uint16().default(0),
    levels: t.array('string'),
    teams: t.array('int8'),
    declarers: t.array('boolean'),
    starter: t.int8().default(-1),
    exchanger: t.int8().default(-1),
    nextDrawer: t.int8().default(-1),
    deckCount: t.uint16().default(0),
    handCounts: t.array('uint8'),
    trumpRank: t.string().default(''),
    trumpSuit: t.string().default(''),
    bids: t.array(TractorBid),
    kittyCount: t.uint8().default(0),
    kittyShown: t.array('string'),
    leader: t.int8().default(-1),
    turn: t.int8().default(-1),
    trick: t.array(TractorPlay),
    tricks: t.array(TractorTrick),
    captured: t.array('number'),
    attackerPoints: t.number().default(0),
    throwFailure: TractorThrowFailure,
    friendCalls: t.array(TractorFriendCall),
    callable: TractorCallable,
    result: TractorHandResult,
    winners: t.array('uint8'),
  },
  'TractorTable',
);

const TractorPrivate = schema({ hand: t.array('string'), trumps: t.uint8().default(0), kitty: t.array('string') }, 'TractorPrivate');

export const tractorRoomState = defineRoomState('Tractor', TractorTable, TractorPrivate);
