/** What a board is drawn from: the page draws it again whenever any of it changed, and only then. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { boardInputs } from './board-inputs.ts';
import { sectionToggled } from './games/folds.ts';
import { buildingTapped, greatWesternTrail } from './games/great-western-trail.ts';
import { readySetBet } from './games/ready-set-bet.ts';
import { tac } from './games/tac.ts';
import { Selection } from './select.ts';
import type { BoardContext } from './types.ts';

const seat = { name: 'Ada', taken: true, connected: true, bot: false, team: 0, deadline: 0, shortClock: false, startNow: false };

/** A context as the page makes one each frame: new objects, its names a new function. */
function context(more: Partial<BoardContext> = {}): BoardContext {
  const seats = [seat, { ...seat, name: 'Bo', bot: true, team: 1 }];
  return {
    game: 'tac',
    roomId: 'inputs-1',
    table: { ring: 64, spacing: 16, colours: 2, marbles: [{ id: 0, colour: 0, zone: 'ring', field: 3 }], turn: 0 },
    view: { colours: [0], cards: ['5', '9'], cardColours: [0, 0] },
    seats,
    mySeat: 0,
    active: [0],
    status: 'playing',
    moves: [{ type: 'move', card: '5', marble: 0, to: 8 }],
    sent: [],
    selected: [],
    name: (s) => seats[s]?.name ?? `Seat ${s + 1}`,
    result: null,
    ...more,
  };
}

afterEach(() => vi.unstubAllGlobals());

describe('boardInputs', () => {
  it('are the same for the same position drawn again (a log line, a clock, the answer to a move before its state)', () => {
    expect(boardInputs(tac, context())).toBe(boardInputs(tac, context()));
  });

  it('change with anything the board is drawn or its parts marked from', () => {
    const before = boardInputs(tac, context());
    const changes: Partial<BoardContext>[] = [
      { table: { ...context().table, marbles: [{ id: 0, colour: 0, zone: 'ring', field: 8 }] } }, // a marble moved
      { view: { colours: [0], cards: ['9'], cardColours: [0] } }, // a card played
      { moves: [] }, // the turn over
      { moves: [{ type: 'move', card: '9', marble: 0, to: 12 }] },
      { selected: ['card:0:5'] }, // a part picked, or the pick cleared: marked
      { sent: [{ type: 'move', card: '5', marble: 0, to: 8 }] },
      { seats: [{ ...seat, name: 'Ada Lovelace' }, { ...seat, name: 'Bo' }] }, // a name (the board writes it)
      { mySeat: null },
      { active: [1] },
      { status: 'over' },
      { paused: true },
      { result: { standings: [{ seat: 0, rank: 1, score: 1, team: 0 }], details: null } },
    ];
    for (const change of changes) expect(boardInputs(tac, context(change)), JSON.stringify(change)).not.toBe(before);
  });

  it('are those of the selection a frame keeps: a part a new position drops is drawn and keyed as no longer picked', () => {
    const selection = new Selection(tac);
    const picked = context();
    expect(selection.click('card:0:5', picked)).toBeNull(); // (the card picked, its marble still to choose)
    expect(selection.keys).toEqual(['card:0:5']);
    // The frame after the turn passed, its context made with the keys as they were: the card no move plays now is dropped.
    const frame = selection.prune(context({ moves: [], selected: selection.keys }));
    expect(selection.keys).toEqual([]);
    expect(frame.selected).toEqual([]);
    expect(boardInputs(tac, frame)).toBe(boardInputs(tac, context({ moves: [], selected: [] })));
  });

  it("change with the window's width class and its pointer: a board may be drawn for a phone's", () => {
    const media = (phone: boolean, coarse: boolean) => vi.stubGlobal('matchMedia', (query: string) => ({ matches: query.includes('max-width') ? phone : query.includes('coarse') ? coarse : false }));
    media(false, false);
    const wide = boardInputs(tac, context());
    media(true, false);
    const phone = boardInputs(tac, context());
    media(true, true);
    const touch = boardInputs(tac, context());
    expect(new Set([wide, phone, touch]).size).toBe(3);
  });

  it("change with what Great Western Trail keeps per table: the building last tapped, a section opened", () => {
    const ctx = context({ game: 'great-western-trail', roomId: 'inputs-gwt', table: { trail: {} } });
    const before = boardInputs(greatWesternTrail, ctx);
    const other = () => boardInputs(greatWesternTrail, { ...ctx, roomId: 'inputs-gwt-2' });
    const otherBefore = other();
    const part = { dataset: { buildingAt: 'A' }, closest: () => part };
    buildingTapped({ target: part as unknown as EventTarget, currentTarget: { querySelectorAll: () => [] } as unknown as EventTarget }, ctx);
    const tapped = boardInputs(greatWesternTrail, ctx);
    expect(tapped).not.toBe(before);
    sectionToggled({ target: { open: true, dataset: { fold: 'railroad', byDefault: 'false' } }, currentTarget: { dataset: { table: 'inputs-gwt' } } } as unknown as Event);
    expect(boardInputs(greatWesternTrail, ctx)).not.toBe(tapped);
    expect(other()).toBe(otherBefore); // (another table's are its own)
  });

  it("change with what Ready Set Bet keeps per table: a settlement's line opened", () => {
    const ctx = context({ game: 'ready-set-bet', roomId: 'inputs-rsb', table: { phase: 'results' } });
    const before = boardInputs(readySetBet, ctx);
    sectionToggled({ target: { open: true, dataset: { fold: 'settlement:1:0', byDefault: 'false' } }, currentTarget: { dataset: { table: 'inputs-rsb' } } } as unknown as Event);
    expect(boardInputs(readySetBet, ctx)).not.toBe(before);
    expect(boardInputs(readySetBet, { ...ctx, roomId: 'inputs-rsb-2' })).toBe(boardInputs(readySetBet, { ...context({ game: 'ready-set-bet', table: { phase: 'results' } }), roomId: 'inputs-rsb-2' }));
  });
});
