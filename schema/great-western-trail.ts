/** Great Western Trail views mirrored for delta sync (shape of src/games/great-western-trail/view.ts). */
import { schema, t } from '@colyseus/schema';
import { defineRoomState } from './common.ts';

const GwtActionText = schema({ id: t.string().default(''), text: t.string().default('') }, 'GwtActionText');

const GwtAuxText = schema({ aux: t.uint8().default(0), single: t.string().default(''), double: t.string().default('') }, 'GwtAuxText');

const GwtName = schema({ text: t.string().default(''), kind: t.string().default('') }, 'GwtName');

const GwtRoute = schema({ name: t.string().default(''), spaces: t.array('string'), to: t.array('string') }, 'GwtRoute');

const GwtStage = schema({ routes: t.array(GwtRoute) }, 'GwtStage');

const GwtPrintedStation = schema({ cost: t.uint8().default(0), vp: t.uint8().default(0), turnout: t.uint8().default(0) }, 'GwtPrintedStation');

const GwtBuilding = schema(
  {
    kind: t.string().default(''),
    actions: t.array('string'),
    craftsmen: t.uint8().default(0),
    feeHand: t.string().default(''),
    fee: t.uint8().default(0),
    vp: t.uint8().default(0),
    text: t.string().default(''),
  },
  'GwtBuilding',
);

const GwtNames = schema(
  {
    cards: t.map(GwtName),
    tiles: t.map(GwtName),
    spaces: t.map(GwtName),
    trail: t.array(GwtStage),
    besideTrail: t.array('string'),
    cities: t.map(GwtName),
    cityPayments: t.map('uint8'),
    discs: t.map(GwtName),
    stations: t.array(GwtPrintedStation),
    stationMasters: t.map(GwtName),
    phases: t.map('string'),
    steps: t.map('string'),
    scoring: t.map('string'),
  },
  'GwtNames',
);

const GwtSession = schema(
  {
    space: t.string().default(''),
    tile: t.string().default(''),
    used: t.array('string'),
    acted: t.boolean().default(false),
    auxUsed: t.boolean().default(false),
    actions: t.array(GwtActionText),
  },
  'GwtSession',
);

const GwtObjectiveCount = schema(
  { seat: t.uint8().default(0), card: t.string().default(''), played: t.boolean().default(false), starting: t.boolean().default(false), counted: t.string().default(''), vp: t.int8().default(0) },
  'GwtObjectiveCount',
);

const GwtStation = schema({ discs: t.array('uint8'), master: t.uint8().default(0) }, 'GwtStation');

const GwtWorkers = schema(
  { cowboy: t.uint8().default(0), craftsman: t.uint8().default(0), engineer: t.uint8().default(0) },
  'GwtWorkers',
);

const GwtPlayer = schema(
  {
    money: t.number().default(0),
    location: t.string().default(''),
    engine: t.number().default(0),
    certificates: t.uint8().default(0),
    permanentCertificates: t.uint8().default(0),
    discs: t.array('string'),
    workers: GwtWorkers,
    buildings: t.array('string'),
    hazards: t.array('string'),
    teepees: t.array('string'),
    stationMasters: t.array('uint8'),
    objectives: t.array('string'),
    cities: t.map('uint8'),
    jobToken: t.boolean().default(false),
    handCount: t.uint8().default(0),
    deckCount: t.uint8().default(0),
    discardCount: t.uint8().default(0),
    discardTop: t.string().default(''),
  },
  'GwtPlayer',
);

const GwtTable = schema(
  {
    current: t.int8().default(0),
    over: t.boolean().default(false),
    endTrigger: t.int8().default(-1),
    endsBefore: t.int8().default(-1),
    phase: t.string().default(''),
    pending: t.string().default(''),
    pendingStation: t.int8().default(-1),
    pendingCount: t.uint8().default(0),
    pendingCity: t.string().default(''),
    pendingValue: t.uint8().default(0),
    session: GwtSession,
    auxiliary: t.array(GwtAuxText),
    names: GwtNames,
    buildings: t.map(GwtBuilding),
    railroadSpaces: t.uint8().default(0),
    trail: t.map('string'),
    foresight: t.array('string'),
    foresightColumn: t.int8().default(-1),
    supplyCounts: t.array('uint8'),
    jobMarket: t.array('string'),
    jobFilled: t.uint8().default(0),
    market: t.array('string'),
    marketDeckCount: t.uint8().default(0),
    objectiveDisplay: t.array('string'),
    objectiveStackCount: t.uint8().default(0),
    stations: t.array(GwtStation),
    players: t.array(GwtPlayer),
    objectiveScoring: t.array(GwtObjectiveCount),
  },
  'GwtTable',
);

const GwtPrivate = schema({ seat: t.uint8().default(0), hand: t.array('string'), discard: t.array('string'), quotes: t.map('int16') }, 'GwtPrivate');

export const greatWesternTrailRoomState = defineRoomState('GreatWesternTrail', GwtTable, GwtPrivate);
