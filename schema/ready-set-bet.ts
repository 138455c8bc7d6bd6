/** Ready Set Bet views mirrored for delta sync (shape of src/games/ready-set-bet/types.ts). */
import { schema, t } from '@colyseus/schema';
import { defineRoomState } from './common.ts';

const RsbHorse = schema({ horse: t.string().default(''), color: t.string().default(''), bonus: t.uint8().default(0), position: t.uint8().default(0) }, 'RsbHorse');

const RsbRoll = schema(
  {
    a: t.uint8().default(0),
    b: t.uint8().default(0),
    sum: t.uint8().default(0),
    horse: t.string().default(''),
    moved: t.uint8().default(0),
    bonus: t.uint8().default(0),
  },
  'RsbRoll',
);

const RsbBet = schema({ space: t.string().default(''), seat: t.uint8().default(0), token: t.uint8().default(0) }, 'RsbBet');

const RsbBoardSpace = schema(
  {
    id: t.string().default(''),
    kind: t.string().default(''),
    horse: t.string().default(''),
    label: t.string().default(''),
    multiplier: t.uint8().default(0),
    penalty: t.uint8().default(0),
  },
  'RsbBoardSpace',
);

const RsbProp = schema(
  {
    id: t.string().default(''),
    ahead: t.string().default(''),
    behind: t.array('string'),
    multiplier: t.uint8().default(0),
    penalty: t.uint8().default(0),
  },
  'RsbProp',
);

const RsbExotic = schema(
  {
    id: t.string().default(''),
    name: t.string().default(''),
    text: t.string().default(''),
    race: t.uint8().default(0),
    multiplier: t.uint8().default(0),
    penalty: t.uint8().default(0),
    open: t.boolean().default(false),
    spaces: t.array('string'),
  },
  'RsbExotic',
);

const RsbShownVip = schema({ id: t.string().default(''), name: t.string().default(''), spent: t.boolean().default(false) }, 'RsbShownVip');

const RsbPlayer = schema(
  {
    seat: t.uint8().default(0),
    bettor: t.boolean().default(false),
    money: t.number().default(0),
    tokens: t.array('uint8'),
    available: t.array('uint8'),
    passed: t.boolean().default(false),
    ready: t.boolean().default(false),
    drafting: t.boolean().default(false),
    vip: t.array(RsbShownVip),
    hiddenVip: t.uint8().default(0),
  },
  'RsbPlayer',
);

const RsbFinish = schema({ horse: t.string().default(''), position: t.uint8().default(0), rank: t.uint8().default(0) }, 'RsbFinish');

const RsbLine = schema(
  {
    space: t.string().default(''),
    label: t.string().default(''),
    token: t.uint8().default(0),
    won: t.boolean().default(false),
    amount: t.number().default(0),
    vip: t.string().default(''),
  },
  'RsbLine',
);

const RsbPlayerSettlement = schema(
  {
    seat: t.uint8().default(0),
    before: t.number().default(0),
    gains: t.number().default(0),
    penalties: t.number().default(0),
    paid: t.number().default(0),
    delta: t.number().default(0),
    lines: t.array(RsbLine),
  },
  'RsbPlayerSettlement',
);

const RsbSettlement = schema(
  {
    race: t.uint8().default(0),
    winner: t.string().default(''),
    finish: t.array(RsbFinish),
    players: t.array(RsbPlayerSettlement),
  },
  'RsbSettlement',
);

const RsbDecks = schema({ props: t.uint8().default(0), exotics: t.uint8().default(0), vip: t.uint8().default(0) }, 'RsbDecks');

const RsbTable = schema(
  {
    phase: t.string().default(''),
    race: t.uint8().default(0),
    races: t.uint8().default(0),
    hostSeat: t.int8().default(-1),
    horses: t.array(RsbHorse),
    redLine: t.uint8().default(0),
    crossed: t.uint8().default(0),
    bettingOpen: t.boolean().default(false),
    hostBetsFirst: t.boolean().default(false),
    betsFromFirstRoll: t.boolean().default(false),
    rolls: t.uint16().default(0),
    lastRoll: RsbRoll,
    bonusArmed: t.boolean().default(false),
    finish: t.uint8().default(0),
    redLineHorses: t.uint8().default(0),
    board: t.array(RsbBoardSpace),
    bets: t.array(RsbBet),
    props: t.array(RsbProp),
    exotics: t.array(RsbExotic),
    players: t.array(RsbPlayer),
    settlement: RsbSettlement,
    decks: RsbDecks,
    tieBreak: t.string().default(''),
    winningBets: t.array('uint8'),
  },
  'RsbTable',
);

const RsbVipCard = schema(
  {
    id: t.string().default(''),
    name: t.string().default(''),
    text: t.string().default(''),
    duration: t.string().default(''),
  },
  'RsbVipCard',
);

const RsbHeldVip = schema(
  {
    id: t.string().default(''),
    name: t.string().default(''),
    text: t.string().default(''),
    duration: t.string().default(''),
    race: t.uint8().default(0),
    revealed: t.boolean().default(false),
    spent: t.boolean().default(false),
  },
  'RsbHeldVip',
);

const RsbPrivate = schema({ offer: t.array(RsbVipCard), hand: t.array(RsbHeldVip) }, 'RsbPrivate');

export const readySetBetRoomState = defineRoomState('ReadySetBet', RsbTable, RsbPrivate);
