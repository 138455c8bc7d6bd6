/**
 * The table page: connects (your seat, a free seat, or as a spectator), follows the seat through
 * reconnections and server handovers, and redraws seats, board, moves, log and result from state.
 */
import type { Room, SeatReservation } from '@colyseus/sdk';
import { followSeat, rejoinOnce, RejoinError } from '../../client/rejoin.ts';
import { checkServerClock, client, endpoint, gameRecord, games, nameAsked, playerName, post, reason, requestFromRecord, savedLog, seats, tableLikeThis, tableRequests, tables, type GameInfo, type SeatTicket } from './api.ts';
import { boardInputs } from './board-inputs.ts';
import { coarsePointer, h, markedDot, morph, seatDot, showsAlready } from './dom.ts';
import { boardFor, describeEventGeneric } from './games/index.ts';
import { legalMovesOf } from './legal.ts';
import { copyLink, inviteLink, inviteOnOffer, watchLink } from './links.ts';
import { chooserPrompt, partLine, Selection } from './select.ts';
import { recheckServerClock } from './server-clock.ts';
import { ANSWER_STATE_WAIT_MS, MoveAnswers, RefusalTurn } from './answers.ts';
import { allMovesOpen, kindsOf, partsActedOn, shownEnough, Steps } from './steps.ts';
import { leadAlike, pickHit, pickNear, samePlayable, spreadOut, tapChoices, type PartBox } from './touch.ts';
import { clockLow, clockText, seatsToAct, startNowOffered, turnLine, waitsForItsPlayers } from './turn.ts';
import type { BoardContext, GameBoard, GameEvent, Move, Plain, SeatInfo } from './types.ts';

type EventsMessage = { seq: number; actor: number; events: GameEvent[] };
type LogLine = { seq: number; text: string };

/** A room the lobby already joined, handed to the table page. */
export interface Pending {
  room: Room;
  game: string;
}

/** Lines of the log kept (and across a reload), and of those the lines shown. */
const LOG_LINES = 200;
const LOG_SHOWN = 60;
/** How soon a change to the log is written for a reload (and at once as the page goes). */
const LOG_SAVE_MS = 500;
/** A log scrolled to within this of its end (CSS pixels: a fraction of a line) is at its end. */
const LOG_END_SLACK_PX = 4;
/** Close code of a session whose seat token was used by another connection (docs/PROTOCOL.md). */
const SEAT_RECLAIMED = 4000;
/** Close code of a watched table closing with no player at it (finished, or its players gone and none back): nothing to watch again. */
const TABLE_CLOSED = 1000;
/** Events the room sends for every game (docs/PROTOCOL.md, Messages). */
const ROOM_EVENTS = new Set(['turnTimeout', 'moveLimit', 'gameOver', 'serverClosing', 'durability']);
/** How far (CSS pixels) from a board part a tap still picks it: about half a fingertip. */
const TOUCH_REACH_PX = 22;
const FINGERTIP_PX = 36;
/** A tap on a touch screen about as near two small parts as this (their middles' distances apart) asks which it meant. */
const TAP_UNSURE_PX = 4;
/** The parts it asks about are offered this far apart, each a fingertip. */
const TAP_OFFER_GAP_PX = 52;
/** Room for a focused part's ring (style.css: a 3 px outline 2 px out) and a little more. */
const FOCUS_RING_PX = 8;
/** A pointer that hovers (a mouse): a keyboard is likely at hand, so keyboard hints are worth showing. */
const KEYBOARD_LIKELY = '(hover: hover)';
/** The longest press during which redraws wait (a held press must not freeze the table). */
const PRESS_HOLD_MS = 1000;
/** Pauses between attempts to take a seat back while the server cannot say yet: doubling from the first to the longest. */
const RECLAIM_FIRST_PAUSE_MS = 500;
const RECLAIM_LONGEST_PAUSE_MS = 5000;
/** How long the notice says a link was copied. */
const COPIED_SHOWN_MS = 4000;
/** Answers of a server that is up but cannot serve now (its Redis away, too many requests). */
const SERVER_BUSY = new Set(['core/store-unavailable', 'core/rate-limited']);

/**
 * `invite`: a private table's code, which a new player needs for a seat there (a seat's token does not). `goToTable`
 * opens a table the page joined (the finished game's "New table like this").
 */
export function showTable(app: HTMLElement, roomId: string, mode: 'play' | 'watch', handOver: Pending | null, invite: string | undefined, goToTable: (p: Pending) => void): () => void {
  let room: Room | null = null;
  let mySeat: number | null = null;
  /** Taken whichever way the page gets its seat: it speaks of this page only, not of a link opened later. */
  const nameAskedInLobby = nameAsked.take();
  let closed = false;
  let board: GameBoard | null = null;
  let selection: Selection | null = null;
  let gameInfo: GameInfo | undefined;
  let gameList: GameInfo[] = [];
  let log = savedLog.get(roomId);
  /**
   * The log is kept for a reload of the tab: written a while after it changes, not at each message (a write encodes
   * the whole log, and a race's rolls come several a second), and at once as the page goes (a reload, the tab closed).
   */
  let logSaveTimer: ReturnType<typeof setTimeout> | undefined;
  const saveLog = () => {
    if (logSaveTimer === undefined) return;
    clearTimeout(logSaveTimer);
    logSaveTimer = undefined;
    savedLog.set(roomId, log);
  };
  const saveLogSoon = () => void (logSaveTimer ??= setTimeout(saveLog, LOG_SAVE_MS));
  window.addEventListener('pagehide', saveLog);
  /** The log does not go back to the table's first event: the server kept only its latest, or the log its last LOG_LINES. */
  let earlierLeftOut = false;
  let sent: { move: Move; at: number }[] = [];
  let showAll = false;
  /** "Start now" was pressed once: the page asks before the free seats go to bots (friends may be on their way). */
  let confirmingFill = false;
  let verdict: HTMLElement | null = null;
  let drawScheduled = false;
  let firstBoardAt = 0;
  /** Rooms whose seat is being followed across crashes and handovers. */
  const followed = new WeakSet<Room>();
  let frames = 0;
  /** Focus waits on the title for the next part to act on (the page put it there, not the player). */
  let parked = false;
  /**
   * The board part just picked with Enter or Space, until the next draw: where that pick leaves one move to confirm (a
   * card picked alone, offered first: TAC's exchange, Fast Track's and TAC's plays), focus goes to its button. Left on
   * the card, Enter again dropped the pick, and the button was reached only by tabbing past the rest of the hand.
   */
  let pickedByKey = '';
  /** The part focus came from to the confirm button: where it goes back when the pick is cleared (Esc, "Clear selection"). */
  let confirmingFrom = '';

  // Focusable by the page only: where focus waits when the part it was on is gone and nothing is to act on.
  const title = h('h1', { tabindex: -1 }, 'Parlor');
  const info = h('div', { class: 'info' });
  const notice = h('p', { class: 'notice', role: 'status', 'aria-live': 'polite' });
  const seatList = h('ol', { class: 'seats', 'aria-label': 'Seats' });
  const boardEl = h('section', { class: 'board', 'aria-label': 'Board' });
  // A refusal of the player's own move is said in the move panel, where the move was made: the notice at the page's top
  // is out of sight once scrolled down (a phone's panel stays at the window's bottom). Its own line, kept across redraws.
  const refusal = h('p', { class: 'notice', role: 'status', 'aria-live': 'polite' });
  const moveArea = h('div');
  const controls = h('section', { class: 'controls', 'aria-label': 'Your moves' }, refusal, moveArea);
  /** Whether the move panel floats at the window's bottom over the board: a phone's, on the player's turn (style.css). */
  const floating = () => getComputedStyle(controls).position === 'sticky';
  /** floating() as the page was last laid out (read once a draw, after its changes, and at a resize): reading the style between a draw's changes made the browser work it out again. */
  let panelFloats = false;
  const logEl = h('ol', { class: 'log', 'aria-label': 'What happened', 'aria-live': 'polite' });
  const earlierEl = h('p', { class: 'log-earlier', hidden: true }, 'Earlier moves are not shown.');
  const resultEl = h('section', { class: 'result', 'aria-label': 'Result' });
  app.append(
    h('header', { class: 'top' }, h('a', { href: '#/', class: 'home', 'aria-label': 'Back to the lobby' }, '← Lobby'), title, info),
    notice,
    h(
      'main',
      { class: 'table-page' },
      // The result beside the board (under it on a phone), where it does not push the board down the page as the game ends.
      h('div', { class: 'main-col' }, boardEl),
      h('div', { class: 'side-col' }, resultEl, seatList, controls, h('details', { class: 'log-box', open: true }, h('summary', null, 'Log'), earlierEl, logEl)),
    ),
  );

  const say = (text: string, bad = false) => {
    notice.textContent = text;
    notice.classList.toggle('bad', bad);
  };
  /**
   * The kinds of move the panel last offered, and those it offered when its refusal line was said: why a part could not
   * be used, said in another step (a tap during a race, the race since settled), no longer speaks of the page. (A
   * refusal of the server's stays until a move is taken, the turn passed or not, or the player's next turn begins:
   * the player reads why, and a new turn's panel does not speak of the last.)
   */
  let kindsShown = '';
  let kindsRefused = '';
  const refusalTurn = new RefusalTurn();
  /** `refusal` false: words that describe a part (a note, in the panel's plain style), not a refusal's. */
  const refuse = (text: string, isRefusal = text !== '') => {
    refusal.textContent = text;
    refusal.classList.toggle('bad', isRefusal);
    refusal.classList.toggle('note', text !== '' && !isRefusal);
    kindsRefused = kindsShown;
    refusalTurn.said();
  };
  const visible = (selector: string) => [...app.querySelectorAll<HTMLElement>(selector)].filter((el) => el.getClientRects().length > 0);
  const firstVisible = (selector: string): HTMLElement | undefined => visible(selector)[0];
  /**
   * The next part to act on: the one move of a one-move step, a card in hand before a space of the board (a move is
   * most often begun with the card), a part of the step before a button that passes it (partsActedOn), then the controls.
   */
  function nextPart(): HTMLElement | undefined {
    return (
      firstVisible('.controls .only-move .move') ??
      firstVisible('.board .hand [data-key].can') ??
      partsActedOn(visible('.board [data-key].can'))[0] ??
      // (Not "Agree: start now": a player asked by another chooses it, focus does not land on it.)
      firstVisible('.controls .compose .move:not([data-action=agree-fill]), .controls .chooser .move, .controls .all-moves summary')
    );
  }
  /** The player's steps: a new one may put its parts anywhere on the board (Great Western Trail's foresight tiles lie 1,500 px under the trail on a phone). */
  const steps = new Steps();
  /**
   * A new step of the player's whose parts are all out of view: its first part to act on is scrolled into view, above
   * the move panel kept at the window's bottom (as a part reached with Tab is). Once per step: a redraw in the same
   * step leaves the page where the player scrolled it.
   */
  function showNewStep(ctx: BoardContext) {
    if (!steps.begins(ctx.mySeat === null ? [] : ctx.moves)) return;
    const board = partsActedOn([...boardEl.querySelectorAll<HTMLElement>('[data-key].can')]);
    const panelParts = [...controls.querySelectorAll<HTMLElement>('.only-move .move, .compose .move')];
    if (board.some(inView) || panelParts.some(inView)) return;
    nextPart()?.scrollIntoView({ block: 'center' });
  }
  /** Whether a part shows enough in the window: a board's part above the move panel where that floats over the board. */
  function inView(el: HTMLElement): boolean {
    const bottom = panelFloats && !controls.contains(el) ? Math.min(controls.getBoundingClientRect().top, window.innerHeight) : window.innerHeight;
    return shownEnough(el.getBoundingClientRect(), bottom, window.innerWidth);
  }
  /**
   * Where focus goes when the part it was on is gone: the next part to act on, else the title until there is one.
   * Not scrolled to when in view (the page stays where the player has it); a part under the floating move panel or
   * out of the window is brought into view, the least way (focus hidden there was found only by a Tab, Great Western
   * Trail's buildings under the panel on a phone). The title is not: scrolling up to it would leave the board.
   */
  function landFocus() {
    const part = nextPart();
    parked = !part;
    (part ?? title).focus({ preventScroll: true });
    if (part && !inView(part)) part.scrollIntoView({ block: 'nearest' });
  }
  // The lobby's button that opened the table is gone: focus starts on the table, not the page's body.
  landFocus();

  // ── connecting ─────────────────────────────────────────────────────────────────────────────────────

  async function spectate(): Promise<Room> {
    const reservation = await post<SeatReservation>(`/api/rooms/${encodeURIComponent(roomId)}/seat`, { spectator: true });
    return client.consumeSeatReservation(reservation);
  }

  const sayRetrying = (err: RejoinError) => say(SERVER_BUSY.has(err.code) ? 'The server is busy; getting your seat back…' : 'Reconnecting to your seat…', true);

  /**
   * Takes the ticket's seat back, trying again (with longer and longer pauses) for as long as the server's
   * answers are temporary — a process restarting, the game moving, Redis away — and telling the player so;
   * null once the server says the seat will not come back (the table is gone, the token is refused).
   */
  async function reclaim(ticket: SeatTicket): Promise<Room | null> {
    for (let attempt = 0; ; attempt++) {
      if (closed) throw new Error('the page was left');
      try {
        const back = await rejoinOnce(endpoint, ticket);
        if (attempt > 0) say('Reconnected.');
        return back;
      } catch (err) {
        if (!(err instanceof RejoinError)) throw err;
        if (err.definite) return null;
        sayRetrying(err);
        const pause = Math.min(RECLAIM_FIRST_PAUSE_MS * 2 ** attempt, RECLAIM_LONGEST_PAUSE_MS);
        await new Promise((r) => setTimeout(r, Math.max(pause, err.retryAfterMs)));
      }
    }
  }

  async function connect(): Promise<Room> {
    if (handOver) return handOver.room;
    if (mode === 'watch') return spectate();
    const ticket = seats.get(roomId);
    if (ticket) {
      const back = await reclaim(ticket);
      if (back) return back;
      seats.forget(roomId); // the table is gone, or the token is not one of its seats'
    }
    // The table's listing says whether a seat is free: a full table is watched without asking for a seat
    // (the refusal, a 409, is logged by the browser as an error).
    const listed = await tables([roomId]).then(([t]) => t, () => undefined);
    if (listed && !listed.open) {
      say(listed.over ? 'This game is over: you are watching.' : 'No free seat at this table: you are watching.');
      return spectate();
    }
    const needsCode = 'This table is private: a seat needs its invite code (Join a friend, in the lobby, or its players’ invite link). You are watching.';
    // (Asked without the code, the join's refusal is logged by the browser.)
    if (listed?.private && !invite) {
      say(needsCode);
      return spectate();
    }
    // A player come by a link (an invite, a table's own link, the lobby's Join with its Name field left empty) is asked
    // for a name first: the seat would otherwise show "Player 2" to the table. The lobby's Join by code had the Name
    // field beside it and asks no more; a name kept in this browser is used as it is.
    // (Only where the listing shows a free seat: a link to a table gone or full says so without asking.)
    if (listed?.open && !playerName.get() && !nameAskedInLobby) await askName();
    if (closed) throw new Error('the page was left');
    try {
      return await client.joinById(roomId, { name: playerName.get() || undefined, invite });
    } catch (err) {
      say(/^core\/invite-required\b/.test(String((err as Error)?.message ?? '')) ? needsCode : 'No free seat at this table: you are watching.');
      return spectate();
    }
  }

  /** Asks in the move panel for the name the seat is taken with (kept for the lobby and the next table). */
  function askName(): Promise<void> {
    return new Promise((resolve) => {
      const input = h('input', { id: 'seat-name', name: 'name', maxlength: 32, placeholder: 'Your name', autocomplete: 'nickname', required: true });
      const form = h(
        'form',
        { class: 'compose', 'aria-label': 'Your name' },
        h('p', null, h('label', { for: 'seat-name' }, 'A seat is free for you at this table. Your name, as the other players see it:')),
        h('span', { class: 'row' }, input, h('button', { type: 'submit', class: 'primary', 'data-action': 'take-seat' }, 'Take the seat')),
      );
      form.addEventListener('submit', (e) => {
        e.preventDefault();
        const name = input.value.trim();
        if (!name) return void (input.value = ''); // (nothing visible: asked again, the field's own hint says why)
        playerName.set(name);
        resolve();
      });
      moveArea.replaceChildren(form);
      input.focus();
    });
  }

  /** Following the seat failed: forgotten if the server said so, else asked for again until it can say. */
  function lostSeat(err: RejoinError, at: string) {
    const ticket = seats.get(at);
    if (closed || !ticket) return;
    (err.definite ? Promise.resolve(null) : reclaim(ticket)).then(
      (again) => {
        if (again && closed) return void again.leave(true).catch(() => undefined);
        if (again) return attach(again);
        seats.forget(at);
        say('Lost the table: it is gone, or your seat is no longer yours.', true);
      },
      () => undefined, // the page was left
    );
  }

  function attach(next: Room) {
    room = next;
    answers.forget(); // (a move asked of the room before: its answer and state are that room's)
    next.onMessage('seat', ({ seat, seatToken }: { seat: number; seatToken: string }) => {
      mySeat = seat;
      const game = (next.state as Plain)?.game ?? handOver?.game ?? '';
      seats.set({ roomId: next.roomId, seat, seatToken, game });
      // Once per seat: followSeat follows each room it rejoins by itself. (Not keyed on mySeat: the state
      // can tell the seat before this message arrives.)
      if (!followed.has(next)) {
        followed.add(next);
        followSeat(next, [endpoint], { roomId: next.roomId, seatToken }, (again) => {
          followed.add(again);
          if (closed) return void again.leave(true).catch(() => undefined);
          say('Reconnected.');
          attach(again);
        }, { onRetry: sayRetrying, onError: (err) => lostSeat(err, next.roomId) });
      }
      schedule();
    });
    next.onMessage('events', (msg: EventsMessage) => {
      if (msg.actor === mySeat) steps.taken(); // a move of the player's: what follows in the turn is a step of its own
      log.push(...lines(msg));
      if (log.length > LOG_LINES) {
        log = log.slice(-LOG_LINES);
        earlierLeftOut = true;
      }
      saveLogSoon();
      schedule();
    });
    next.onMessage('error', (e: { code: string; message: string }) => say(`${e.code}: ${e.message}`, true));
    next.onMessage('*', () => undefined);
    next.onStateChange(() => {
      patches++;
      schedule();
    });
    catchUp(next);
    next.onReconnect(() => catchUp(next)); // the events sent while the connection was down never came
    next.onLeave((code) => {
      if (closed) return;
      if (code === SEAT_RECLAIMED) {
        // The seat's token was used elsewhere (another tab or device): that page plays for it now.
        room = null;
        mySeat = null;
        refuse('');
        moveArea.replaceChildren(h('p', { class: 'status' }, 'Not playing here.'));
        say('Your seat was taken up in another tab or on another device; this page no longer plays for it. Reload to play here again.', true);
        return;
      }
      if (mySeat === null && code === TABLE_CLOSED) {
        room = null;
        const status = (next.state as Plain)?.status;
        say(
          status === 'over' ? 'The table has closed: the game is over and its players have gone.'
          : status === 'playing' ? 'The table has closed: its players left the game and none came back.'
          : 'The table has closed: its players left before the game began.',
        );
        // The page is drawn no more: what it said of a table still there ("paused", "closes unless one comes back",
        // a link to send) goes.
        info.replaceChildren(h('span', { class: 'pill' }, 'closed'));
        moveArea.replaceChildren(h('p', { class: 'status' }, 'The table has closed.'));
        return;
      }
      if (mySeat === null) {
        say('The connection closed; watching again…');
        setTimeout(() => !closed && spectate().then(attach, (err) => say(`Could not watch: ${reason(err)}`, true)), 1000);
      } else say('Connection lost; getting your seat back…', true);
    });
    schedule();
  }

  /** Patches applied to the room's state: a new one changes what plainState gives. */
  let patches = 0;
  let plainKept: { room: Room; patches: number; plain: Plain } | null = null;
  /**
   * The room's state as plain JSON (toJSON), made once per patch: a frame's draw and the log lines of the events that
   * came with the patch read the same one (Great Western Trail's state, with the printed game's words, is large). Read only.
   */
  function plainState(r: Room): Plain {
    if (plainKept?.room !== r || plainKept.patches !== patches) plainKept = { room: r, patches, plain: (r.state as Plain).toJSON() };
    return plainKept.plain;
  }
  /** The position now, as a board reads it. */
  const contextNow = (): BoardContext | null => (room ? context(plainState(room)) : null);

  /**
   * An `events` message's log lines, in the words of `ctx`, the position now: read once for all the lines, not with the
   * whole state's toJSON for each event (a history caught up with read it for every event of the table's past).
   */
  function lines(msg: EventsMessage, ctx = contextNow()): LogLine[] {
    if (!ctx) return [];
    return msg.events.flatMap((ev) => {
      const text = describe(ev, msg.actor, msg.events, ctx);
      return text ? [{ seq: msg.seq, text }] : [];
    });
  }

  /**
   * The log as if the page had been there from the start: the table's earlier events (the `history` request, the
   * same events every client was sent), replacing what this page saw or kept since a reload. The `events` that came
   * before the answer are the answer's last ones (docs/PROTOCOL.md, Events), those after it follow it.
   */
  function catchUp(from: Room) {
    from.request('history').then(
      ({ messages, complete }: { messages: EventsMessage[]; complete: boolean }) => {
        if (closed || room !== from) return;
        const ctx = contextNow();
        const all = messages.flatMap((msg) => lines(msg, ctx));
        const told = all.slice(-LOG_LINES);
        // The lines the page already shows stay (a screen reader would read them all again).
        if (told.length !== log.length || told.some((l, i) => l.seq !== log[i]!.seq || l.text !== log[i]!.text)) log = told;
        earlierLeftOut = !complete || all.length > LOG_LINES;
        saveLogSoon();
        schedule();
      },
      () => undefined, // (asked too often, or a server without it: the log goes on from what this page saw)
    );
  }

  games()
    .then((list) => list)
    .catch(() => [] as GameInfo[])
    .then(async (list) => {
      const r = await connect();
      if (closed) return void r.leave(true);
      const id = (r.state as Plain)?.game ?? handOver?.game ?? seats.get(roomId)?.game;
      gameList = list;
      gameInfo = list.find((g) => g.id === id);
      attach(r);
      // A reclaimed seat's number comes with the state if the seat message came first.
      const own = Object.values(((r.state as Plain)?.private?.toJSON?.() ?? {}) as Record<string, { seat: number }>)[0];
      if (own && mySeat === null) mySeat = own.seat;
    })
    .catch((err) => say(`Could not open the table: ${reason(err)}`, true));

  // ── drawing ────────────────────────────────────────────────────────────────────────────────────────

  function schedule() {
    if (drawScheduled) return;
    drawScheduled = true;
    requestAnimationFrame(() => {
      drawScheduled = false;
      if (closed) return;
      if (pressedAt > 0 && performance.now() - pressedAt < PRESS_HOLD_MS) drawHeld = true;
      else draw();
    });
  }

  // A redraw between a press and its release replaces the element under the pointer, and the browser then
  // fires no click: a person's click (100–150 ms) was lost whenever a card was dealt or a die rolled
  // meanwhile. So the page holds its redraws while a press lasts (up to PRESS_HOLD_MS), and draws once
  // released — after the click, which the browser dispatches in the same task as the release.
  let pressedAt = 0;
  let drawHeld = false;
  const release = () => {
    pressedAt = 0;
    if (drawHeld) {
      drawHeld = false;
      schedule();
    }
  };
  const onPress = (e: PointerEvent) => {
    if (!e.isPrimary) return;
    const at = (pressedAt = performance.now());
    setTimeout(() => pressedAt === at && release(), PRESS_HOLD_MS);
  };
  app.addEventListener('pointerdown', onPress);
  window.addEventListener('pointerup', release);
  window.addEventListener('pointercancel', release);
  // A board may be drawn for the window's width (Tractor's table on a phone): drawn again once a resize
  // settles (a drag fires many), through schedule, so a press in progress still holds the redraw.
  // Only a change of width: a phone's address bar showing or hiding as the page scrolls changes the height. That
  // changes the move panel's height (half the window at most) at once: the room the board's parts keep for it too.
  let resizeTimer: ReturnType<typeof setTimeout> | undefined;
  let drawnWidth = window.innerWidth;
  const onResize = () => {
    padForPanel();
    if (window.innerWidth === drawnWidth) return;
    drawnWidth = window.innerWidth;
    clearTimeout(resizeTimer);
    resizeTimer = setTimeout(schedule, 150);
  };
  window.addEventListener('resize', onResize);

  function context(plain: Plain): BoardContext {
    const seatsNow: SeatInfo[] = plain.seats ?? [];
    const own = mySeat !== null ? plain.private?.[String(mySeat)] : null;
    const now = Date.now();
    sent = sent.filter((s) => now - s.at < 1000);
    return {
      game: plain.game,
      roomId,
      table: plain.table ?? {},
      view: own?.view ?? null,
      seats: seatsNow,
      mySeat,
      active: plain.activeSeats ?? [],
      status: plain.status,
      paused: typeof plain.paused === 'boolean' ? plain.paused : undefined,
      moves: plain.status === 'playing' ? legalMovesOf(own, plain.choices) : [],
      sent: sent.map((s) => s.move),
      selected: selection?.keys ?? [],
      name: (seat: number) => (seat === -1 ? (board?.systemName ?? 'the dealer') : seatsNow[seat]?.name || `Seat ${seat + 1}`),
      result: plain.status === 'over' && plain.result ? { standings: plain.result.standings ?? [], details: parseDetails(plain.result.details) } : null,
    };
  }

  /** The game's board, made once the state says which game (the first event may come before the first frame). */
  function boardOf(game: string): GameBoard | null {
    if (!board && game) {
      board = boardFor(game);
      selection = new Selection(board);
    }
    return board;
  }

  function describe(ev: GameEvent, actor: number, events: GameEvent[], ctx: BoardContext): string | null {
    // The room's own events read the same in every game. The game's own, in its words even before the page
    // first draws (a tab in the background draws nothing: Tractor's deal logged "Bot 3: dealt" meanwhile).
    return (ROOM_EVENTS.has(ev.type) ? null : boardOf(ctx.game)?.describeEvent?.(ev, ctx, events)) ?? describeEventGeneric(ev, actor, ctx);
  }

  let inFlight = 0;
  app.dataset.inflight = '0';
  const answers = new MoveAnswers();
  /**
   * Whether the page waits on the server's answer to the player's move, or on the state it names: the moves on show
   * are the position's before it (the reply comes before the patch), and a tap on one would be refused.
   */
  const awaitingAnswer = () => answers.waiting(Number((room?.state as Plain)?.seq) || 0, performance.now());
  /** The move panel and the board say so (style.css), and their parts send nothing meanwhile. */
  function markAwaiting() {
    const busy = awaitingAnswer();
    controls.classList.toggle('awaiting', busy);
    // (Set only when it changes: a draw changes nothing it need not.)
    for (const el of [controls, boardEl]) if (el.getAttribute('aria-busy') !== String(busy)) el.setAttribute('aria-busy', String(busy));
  }
  async function send(move: Move) {
    if (!room || awaitingAnswer()) return;
    answers.sent();
    closeOffer(); // (a move made by the panel's buttons, the keyboard: what it offered was for the position before)
    selection?.sent();
    showAll = allMovesOpen(showAll, true, () => panelFloats);
    sent.push({ move, at: Date.now() });
    app.dataset.inflight = String(++inFlight); // lets tests and assistive tools know a move is on its way
    schedule();
    const asked = room;
    try {
      const reply = (await asked.request('move', move)) as { seq?: number } | undefined;
      if (room === asked) answers.answered(reply?.seq, performance.now());
      say('');
      refuse('');
    } catch (err) {
      if (room === asked) answers.answered((err as { reason?: { seq?: number } })?.reason?.seq, performance.now());
      sent = sent.filter((s) => s.move !== move);
      refuse(`Refused — ${reason(err)}`);
    } finally {
      app.dataset.inflight = String(--inFlight);
    }
    schedule();
    setTimeout(schedule, ANSWER_STATE_WAIT_MS + 50); // (a state that never reaches the answer: the panel is offered again)
  }

  /**
   * Nobody else is coming (or the player would rather not wait): the free seats go to bots and the game starts,
   * once every seated player asks; `agree` false withdraws this player's wish.
   */
  async function fillWithBots(agree = true) {
    confirmingFill = false;
    schedule();
    if (!room) return;
    refuse('');
    try {
      await room.request('fillWithBots', { agree });
      say('');
    } catch (err) {
      const code = (err as { reason?: { code?: string } }).reason?.code;
      // The others agreed first: what this one asked for happened.
      if (code === 'core/game-started') return say('');
      // The seats left are held for players joining now: they start it by sitting.
      if (code === 'core/no-free-seat') return say('Every free seat is held for a player on the way in: the game starts when they sit.');
      refuse(`Refused — ${reason(err)}`);
      schedule();
    }
  }

  /**
   * While the table waits, its seated players may start it with bots: the first to ask says so twice, the
   * others see who asked and agree (or not); the seats go to bots once all of them have.
   */
  function fillControls(ctx: BoardContext): HTMLElement | null {
    const mine = ctx.mySeat;
    if (!startNowOffered(ctx) || mine === null) {
      confirmingFill = false;
      return null;
    }
    const players = ctx.seats.flatMap((seat, i) => (seat.taken && !seat.bot ? [i] : []));
    const asked = players.filter((i) => ctx.seats[i]!.startNow);
    const group = (label: string, ...children: (HTMLElement | null)[]) => h('div', { class: 'compose', role: 'group', 'aria-label': label }, ...children);
    if (ctx.seats[mine]?.startNow) {
      const others = players.filter((i) => !ctx.seats[i]!.startNow).map(ctx.name);
      return group(
        'Start now with bots',
        // (Nobody left to agree and a seat still free: the seats promised to players on their way stay theirs.)
        h('p', null, others.length ? `You asked to start now with bots in the free seats. Waiting for ${others.join(', ')} to agree.` : 'Every player here agreed: the game starts once the players on their way are seated.'),
        h('button', { type: 'button', class: 'small', 'data-action': 'withdraw-fill', 'data-focus': 'withdraw-fill' }, 'Keep waiting for players instead'),
      );
    }
    if (asked.length > 0) {
      return group(
        'Start now with bots',
        h('p', null, `${asked.map(ctx.name).join(', ')} would like to start now with bots in the free seats. It starts once every player here agrees.`),
        h('button', { type: 'button', class: 'move', 'data-action': 'agree-fill', 'data-focus': 'agree-fill' }, 'Agree: start now'),
      );
    }
    if (!confirmingFill) {
      return h('button', { type: 'button', class: 'small', 'data-action': 'fill-with-bots', 'data-focus': 'fill-with-bots' }, 'Start now with bots in the free seats');
    }
    const alone = players.length <= 1;
    return group(
      'Start now with bots',
      h('p', null, alone
        ? 'Bots take every free seat and the game starts: anyone still on the way finds the table full.'
        : 'Bots take every free seat once every player here agrees, and the game starts: anyone still on the way finds the table full.'),
      h('span', { class: 'row' },
        h('button', { type: 'button', class: 'move', 'data-action': 'confirm-fill', 'data-focus': 'fill-with-bots' }, alone ? 'Start now' : 'Ask to start now'),
        h('button', { type: 'button', class: 'small', 'data-action': 'keep-waiting', 'data-focus': 'keep-waiting' }, 'Keep waiting'),
      ),
    );
  }

  function draw() {
    if (!room?.state) return;
    const plain = plainState(room);
    if (!boardOf(plain.game)) return;
    if (mySeat === null && plain.private) {
      const own = Object.values(plain.private as Record<string, { seat: number }>)[0];
      if (own) mySeat = own.seat;
    }
    const ctx = selection!.prune(context(plain));
    const focused = document.activeElement as HTMLElement | null;
    const focusKey = focused?.dataset?.key ?? focused?.dataset?.focus;
    const usable = (el: Element | null | undefined) => Boolean(el?.classList.contains('can') || el?.classList.contains('sel'));
    const wasUsable = usable(focused);
    const waiting = parked && focused === title;

    gameInfo ??= gameList.find((g) => g.id === plain.game); // joined before the state said which game
    const name = gameInfo?.name ?? plain.game;
    if (title.textContent !== name) title.textContent = name;
    // The tab's title says when the game waits for this player: a tab in the background, or among many, shows it.
    const tabTitle = `${mySeat !== null && ctx.status === 'playing' && ctx.active.includes(mySeat) ? 'Your turn · ' : ''}${name} · Parlor`;
    if (document.title !== tabTitle) document.title = tabTitle;
    // Every change first, then every read of the layout (the browser works the layout out once, where a read between
    // two changes had it do so again), then the scrolling and focus that follow from it.
    drawInfo(plain, ctx);
    drawSeats(ctx);
    drawBoard(ctx);
    drawControls(ctx, Number(plain.stepDeadline) || 0);
    markAwaiting();
    const logGrew = drawLog();
    drawResult(plain, ctx);
    padForPanel();
    if (logGrew) followLog();
    // Once the page is laid out as drawn: the result's box, shown until the first draw hides it, had put the board lower.
    showNewStep(ctx);

    app.dataset.frame = String(++frames);
    if (focusKey) {
      // The part focused before, drawn again where it was (no scrolling: a redraw must not pull the page back to
      // it); gone, no longer focusable (the move was made, the game began) or a board part usable before and no
      // longer (a button stays focusable: Ready Set Bet's colour bets through the results and the draft): the next
      // part to act on, not the page's body.
      const again = app.querySelector<HTMLElement>(`[data-key="${CSS.escape(focusKey)}"], [data-focus="${CSS.escape(focusKey)}"]`);
      // (The element kept by the redraw is focused still: focusing it again has the browser work out the style first.)
      if (again !== focused) again?.focus({ preventScroll: true });
      // The confirm button gone with the pick cleared, not sent: back to the part picked, where it still is usable.
      const back = !again && confirmingFrom && (focusKey === 'pick-0' || focusKey === 'clear') ? app.querySelector<HTMLElement>(`.board [data-key="${CSS.escape(confirmingFrom)}"]`) : null;
      if (back && usable(back)) back.focus({ preventScroll: true });
      else if (!again || document.activeElement !== again || (wasUsable && !usable(again))) landFocus();
    } else if (waiting) {
      landFocus(); // the next part to act on, once there is one
    }
    if (!document.activeElement?.closest('.controls .chooser')) confirmingFrom = '';
    // A pick with Enter or Space that leaves one move to confirm: focus on its button, Enter confirms it (Esc clears).
    const confirm = pickedByKey && selection!.keys.includes(pickedByKey) ? visible('.controls .chooser .move') : [];
    if (confirm.length === 1) {
      confirmingFrom = pickedByKey;
      confirm[0]!.focus();
    }
    pickedByKey = '';
    if (!firstBoardAt) {
      firstBoardAt = performance.now();
      document.body.dataset.firstBoardMs = String(Math.round(firstBoardAt));
    }
  }

  /**
   * A button copying `link` to the clipboard (shown in its title; in the notice to copy by hand where the browser cannot copy).
   * The word that it was copied goes after a while: left at the page's top it spoke of free seats long after the game began.
   */
  const copyButton = (label: string, link: string, focus: string, copied: string) =>
    h('button', {
      type: 'button',
      class: 'small',
      'data-focus': focus,
      title: link,
      onclick: () =>
        void copyLink(link, copied, navigator.clipboard).then((words) => {
          say(words);
          if (words === copied) setTimeout(() => notice.textContent === copied && say(''), COPIED_SHOWN_MS);
        }),
    }, label);

  function drawInfo(plain: Plain, ctx: BoardContext) {
    const base = `${location.origin}${location.pathname}`;
    // A private table's code is in the seat's own private entry: seated players see it, spectators never receive it.
    const code = inviteOnOffer(mySeat === null ? '' : (plain.private?.[String(mySeat)]?.invite ?? ''), ctx.status, ctx.seats);
    // Drawn aside and compared, as the board is: most redraws change nothing here. (A kept button's handler copies
    // the same link: its title shows it.)
    const drawn = document.createDocumentFragment();
    drawn.append(
      ...[
      h('span', { class: 'pill' }, plain.status === 'waiting' ? 'waiting for players' : plain.status === 'over' ? 'game over' : waitsForItsPlayers(ctx) ? 'paused' : 'playing'),
      mySeat === null ? h('span', { class: 'pill' }, 'spectating') : null,
      code ? h('span', { class: 'pill invite' }, 'Invite code ', h('b', { 'data-invite': code }, code)) : null,
      // The link seats whoever opens it, as the code does in the lobby: a friend need not type it.
      code ? copyButton('Copy invite link', inviteLink(base, roomId, code), 'copy-invite', 'Invite link copied: whoever opens it takes a free seat.') : null,
      copyButton('Copy spectator link', watchLink(base, roomId), 'copy-watch', 'Spectator link copied.'),
      ].filter((x) => x !== null),
    );
    if (!showsAlready(info, drawn)) info.replaceChildren(drawn);
  }

  /**
   * A seat's dots: the colours it plays where the board marks it so, each with the board's mark (Fast Track's marble
   * colours and their initials, a Ready Set Bet bettor's colour and number), else the seat's own dot, numbered as the
   * boards' dots of that seat are: never colour alone.
   */
  function seatDots(seat: number, ctx: BoardContext): HTMLElement[] {
    const marks = board?.seatMarks?.(seat, ctx) ?? [];
    return marks.length ? marks.map((m) => markedDot(m)) : [seatDot(seat)];
  }

  /**
   * A clock: the time left until `deadline`, counted down by tickClocks; a turn clock is red in its last seconds
   * (clockLow), the server's own step's (`step`) never: an 8-s window or a 5-s pause between hands was red throughout.
   */
  const clock = (deadline: number, step = false) =>
    h('span', { class: `clock${step ? ' step' : clockLow(deadline) ? ' low' : ''}`, 'data-deadline': deadline }, clockText(deadline));
  function tickClocks() {
    for (const el of app.querySelectorAll<HTMLElement>('.clock[data-deadline]')) {
      const deadline = Number(el.dataset.deadline);
      const text = clockText(deadline);
      if (el.textContent !== text) el.textContent = text; // a second has four ticks: the page is laid out again only when it shows
      if (!el.classList.contains('step')) el.classList.toggle('low', clockLow(deadline)); // (a class set as it is changes nothing: no layout)
    }
  }

  function drawSeats(ctx: BoardContext) {
    const acting = seatsToAct(ctx, board);
    const toAct = (seat: number) => acting.includes(seat);
    // Compared with the list shown, as the board is (its clocks tick in place between draws, so they compare equal).
    const drawn = document.createDocumentFragment();
    drawn.append(
      ...ctx.seats.map((seat, i) =>
        h(
          'li',
          { class: `seat${toAct(i) ? ' active' : ''}${i === mySeat ? ' me' : ''}`, 'data-seat': i },
          seatDots(i, ctx),
          h('span', { class: 'seat-name' }, seat.taken ? seat.name || `Seat ${i + 1}` : h('i', null, 'free seat'), i === mySeat ? ' (you)' : ''),
          seat.team >= 0 ? h('span', { class: 'tag' }, `team ${seat.team + 1}`) : null,
          seat.bot ? h('span', { class: 'tag' }, 'bot') : null,
          seat.taken && !seat.connected ? h('span', { class: 'tag warn' }, 'away') : null,
          seat.shortClock ? h('span', { class: 'tag warn', title: 'The clock ran out: short turns until this player moves again.' }, 'short clock') : null,
          toAct(i) ? h('span', { class: 'tag turn' }, 'to act') : null,
          seat.deadline > 0 ? clock(seat.deadline) : null,
        ),
      ),
    );
    if (!showsAlready(seatList, drawn)) seatList.replaceChildren(drawn);
  }

  /** What the board on the page was drawn from (board-inputs.ts): a frame drawn from the same leaves it as it is. */
  let boardDrawnFrom = '';

  function drawBoard(ctx: BoardContext) {
    const inputs = boardInputs(board!, ctx);
    if (inputs === boardDrawnFrom) return;
    boardDrawnFrom = inputs;
    let node: Node;
    try {
      node = board!.render(ctx);
    } catch (err) {
      node = h('p', { class: 'bad' }, `This board could not be drawn (${(err as Error).message}); the move list still works.`);
    }
    // Marked for the moves before it is shown, then brought onto the board on the page where it differs (morph): a
    // redraw that changes nothing on the board (a move it does not show, a log line, a notice) leaves the board's
    // elements alone, one that moves a marble changes that marble's, so the browser does not lay out and paint it all
    // again (on a phone, or a page with many redraws, the bulk of a frame), and the parts under the pointer or the
    // focus stay the same elements.
    const drawn = document.createDocumentFragment();
    drawn.append(node);
    const clickable = selection!.clickable(ctx);
    // A tap's offer made before stands only while the same parts are playable and selected: one picked from it after a
    // move (the player's, another's) would be gone or mean another move.
    const nowPlayable = new Set([...clickable, ...selection!.keys.map((k) => `sel:${k}`)]);
    if (offer && !samePlayable(playable, nowPlayable)) closeOffer();
    playable = nowPlayable;
    for (const el of drawn.querySelectorAll<HTMLElement | SVGElement>('[data-key]')) {
      const key = el.dataset.key!;
      const can = clickable.has(key);
      const selected = selection!.keys.includes(key);
      el.classList.toggle('can', can);
      el.classList.toggle('sel', selected);
      if (can || selected) {
        el.setAttribute('tabindex', '0');
        el.setAttribute('role', 'button');
        el.setAttribute('aria-pressed', String(selected)); // not by colour alone
      } else if (el instanceof HTMLButtonElement) {
        // A part no legal move involves now: out of the Tab order, and said to be unavailable.
        el.tabIndex = -1;
        el.setAttribute('aria-disabled', 'true');
      }
    }
    morph(boardEl, drawn);
  }

  const pickable = (el: Element | null) => {
    const part = el?.closest?.('[data-key]') as HTMLElement | null;
    return part && (part.classList.contains('can') || part.classList.contains('sel')) ? part : null;
  };
  /** A board part's box as drawn, for touch.ts (a circle is round). */
  const boxOf = (el: Element): PartBox => {
    const { left, top, width, height } = el.getBoundingClientRect();
    return { left, top, width, height, round: el.tagName.toLowerCase() === 'circle' };
  };
  /** The parts of a board's picture a tap may mean: those playable or selected. */
  const pictureParts = () => [...boardEl.querySelectorAll<HTMLElement>('svg [data-key].can, svg [data-key].sel')];
  /**
   * The clickable part a tap at `at` meant (touch.ts): of those it landed in, the one whose middle is nearest (a hexagon's
   * fast-track corner reaches over its neighbours); else the nearest within a finger's reach, of the board's parts drawn
   * smaller than a fingertip (a board's spaces are, on a phone; a tap beside a full-size target stays a miss).
   */
  function partAt(at: { x: number; y: number }): HTMLElement | null {
    const small = (el: Element) => el.closest('svg') !== null && boxOf(el).width < FINGERTIP_PX && boxOf(el).height < FINGERTIP_PX;
    const hits = [...new Set(document.elementsFromPoint(at.x, at.y).map(pickable).filter((el) => el !== null))];
    // (A part inside another, as a tile on its location, is the one tapped; full-size targets as before: the topmost.)
    const overlapping = hits.filter((el) => small(el) && !hits.some((other) => other !== el && el.contains(other)));
    if (overlapping.length > 1 && overlapping[0] === hits[0]) return overlapping[pickHit(overlapping.map(boxOf), at)]!;
    if (hits.length) return hits[0]!;
    const parts = pictureParts();
    return parts[pickNear(parts.map(boxOf), at, TOUCH_REACH_PX, FINGERTIP_PX)] ?? null;
  }
  /**
   * A tap on a touch screen about halfway between small parts (a round board's spaces and marbles, on a phone) is not
   * guessed: the parts it could mean are offered over the board, larger and as they lie, to tap again (touch.ts).
   */
  let offer: HTMLElement | null = null;
  /** The parts playable (and `sel:` those selected) as the board was last drawn. */
  let playable = new Set<string>();
  const closeOffer = () => {
    offer?.remove();
    offer = null;
  };
  function unsureTap(at: { x: number; y: number }): HTMLElement[] {
    const parts = pictureParts();
    const near = tapChoices(parts.map(boxOf), at, TOUCH_REACH_PX, FINGERTIP_PX, TAP_UNSURE_PX).map((i) => parts[i]!);
    // (Parts of one key, as TAC's apron marbles, are one choice.)
    const one = near.filter((el, i) => near.findIndex((other) => other.dataset.key === el.dataset.key) === i);
    return one.length > 1 ? one : [];
  }
  /** Whether a tap's candidates all lead to the same moves (a marble and the one field it can go to): one choice, not asked. */
  function alikeParts(parts: HTMLElement[]): boolean {
    const ctx = contextNow();
    if (!ctx) return false;
    return leadAlike(parts.map((el) => selection!.leads(el.dataset.key!, ctx).map((m) => JSON.stringify(m))));
  }
  function offerParts(parts: HTMLElement[], at: { x: number; y: number }) {
    const centres = parts.map((el) => {
      const b = boxOf(el);
      return { x: b.left + b.width / 2, y: b.top + b.height / 2 };
    });
    const spots = spreadOut(centres, TAP_OFFER_GAP_PX);
    const [w, ht] = [Math.max(...spots.map((p) => Math.abs(p.x))) * 2 + 56, Math.max(...spots.map((p) => Math.abs(p.y))) * 2 + 56];
    const choices = parts.map((el, i) => {
      // The part's own number (its space's, its marble's) where the board writes one, else its name; in its colours.
      const next = el.nextElementSibling;
      const text = next?.tagName.toLowerCase() === 'text' ? next.textContent : '';
      const look = getComputedStyle(el);
      const label = el.getAttribute('aria-label') ?? el.dataset.key!;
      return h(
        'button',
        {
          type: 'button',
          class: 'offer-part',
          'aria-label': label,
          title: label,
          style: `left:${w / 2 + spots[i]!.x - 22}px;top:${ht / 2 + spots[i]!.y - 22}px;background:${look.fill === 'none' ? '#fff' : look.fill};border-color:${look.stroke};color:${next?.getAttribute('fill') ?? 'inherit'}`,
          onclick: () => {
            closeOffer();
            // (A redraw that left the same parts playable may have drawn the part anew: the one of its key now.)
            const now = el.isConnected ? el : boardEl.querySelector<HTMLElement>(`[data-key="${CSS.escape(el.dataset.key!)}"]`);
            if (pickable(now)) onPick(now);
          },
        },
        text || '',
      );
    });
    offer = h('div', { class: 'tap-offer', role: 'group', 'aria-label': 'Which did you mean?', style: `width:${w}px;height:${ht}px` }, choices);
    app.append(offer);
    // Above the finger (it would hide them below), inside the window.
    const left = Math.min(Math.max(at.x - w / 2, 4), window.innerWidth - w - 4);
    const top = at.y - ht - 24 >= 4 ? at.y - ht - 24 : Math.min(at.y + 24, window.innerHeight - ht - 4);
    Object.assign(offer.style, { left: `${left}px`, top: `${top}px` });
  }
  const onOutside = (e: PointerEvent) => {
    if (offer && !offer.contains(e.target as Node)) closeOffer();
  };
  window.addEventListener('pointerdown', onOutside, true);
  /** The words last said for a part that cannot be used, and its key (a refusal of the server's stays until a move is taken). */
  let partNote = '';
  let partKey = '';
  function onPick(target: EventTarget | null, at?: { x: number; y: number }) {
    if (awaitingAnswer()) return; // the parts lit are the position's before the player's move
    // On a board's picture a marble may sit on the space you mean, a space reach over its neighbour: the part under the
    // pointer it meant. (A card, a button: the one clicked.)
    const direct = pickable(target as Element | null);
    const unsure = at && coarsePointer() && (!direct || direct.closest('svg')) ? unsureTap(at) : [];
    // Where every part it could mean leads to the same moves, the nearest stands for them all.
    const alike = unsure.length > 0 && alikeParts(unsure);
    if (unsure.length && !alike) return offerParts(unsure, at!);
    const el = alike ? unsure[0]! : direct && !direct.closest('svg') ? direct : ((at ? partAt(at) : null) ?? direct);
    const ctx = contextNow();
    if (!ctx) return;
    if (!el) {
      // A part your move cannot use: why, in the panel's line (nothing is sent); the next part picked takes it away.
      const part = (target as Element | null)?.closest?.<HTMLElement>('[data-key]');
      const why = partLine(part && ctx.mySeat !== null ? selection!.whyNot(part.dataset.key!, ctx) : null);
      if (why?.text) {
        partKey = part!.dataset.key!;
        refuse((partNote = why.text), why.refusal);
      }
      return;
    }
    if (refusal.textContent === partNote) refuse('');
    const move = selection!.click(el.dataset.key!, ctx);
    if (move) void send(move);
    else schedule();
  }
  boardEl.addEventListener('click', (e) => onPick(e.target, { x: e.clientX, y: e.clientY }));
  boardEl.addEventListener('keydown', (e) => {
    if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      pickedByKey = pickable(e.target as Element | null)?.dataset.key ?? '';
      onPick(e.target);
    }
  });
  const onKey = (e: KeyboardEvent) => {
    if (e.key === 'Escape' && offer) return closeOffer();
    if (e.key === 'Escape' && selection?.keys.length) {
      selection.clear();
      schedule();
    }
  };
  window.addEventListener('keydown', onKey);

  function drawControls(ctx: BoardContext, step: number) {
    const mine = ctx.mySeat;
    // (Read before the panel's `turn` is toggled below: the panel floated while the player's moves were listed.)
    showAll = allMovesOpen(showAll, ctx.moves.length === 0, () => panelFloats);
    kindsShown = kindsOf(mine === null ? [] : ctx.moves);
    // A part's note goes with the step it was read in, or once its words no longer hold (Tractor's deal over).
    if (partNote && refusal.textContent === partNote && (kindsShown !== kindsRefused || partLine(selection!.whyNot(partKey, ctx))?.text !== partNote)) refuse('');
    // The server's refusal, with the player's next turn.
    if (refusalTurn.outlived(mine === null ? 0 : ctx.moves.length) && refusal.textContent !== '' && refusal.textContent !== partNote) refuse('');
    const candidates = selection!.offered(ctx);
    const free = mine === null ? null : selection!.composing(ctx);
    // A step of one legal move (Great Western Trail's income, a seated host's roll) is offered first, where focus
    // goes next; it waits for the player all the same. Not a move open beside the server's own step (a declaration
    // during Tractor's deal): that one may well be left.
    const only = mine !== null && ctx.moves.length === 1 && !free && candidates.length === 0 && (board?.turnShown?.(ctx) ?? true) ? ctx.moves[0]! : null;
    const moveButton = (m: Move, i: number, prefix: string) =>
      h('button', { type: 'button', class: 'move', 'data-focus': `${prefix}${i}`, 'data-move': JSON.stringify(m) }, board!.describe(m, ctx));
    const listed = board!.listed?.(ctx.moves, ctx) ?? ctx.moves;
    const all = h(
      'details',
      { class: 'all-moves', open: showAll },
      h('summary', { 'data-focus': 'all-moves' }, `All legal moves (${listed.length})`),
      h('div', { class: 'move-list' }, listed.map((m, i) => moveButton(m, i, 'all-'))),
    );
    // The player's turn, or a refusal of their move to read: on a phone the panel stays in view under the board
    // (style.css); a spectator's is only a line.
    controls.classList.toggle('turn', mine !== null && (ctx.moves.length > 0 || refusal.textContent !== ''));
    // Drawn aside and compared with the panel on the page, as the board is: a redraw that changes nothing in it (a bot's
    // move elsewhere, a log line) leaves its elements alone, the focused one too. Its buttons' handlers are delegated.
    const drawn = document.createDocumentFragment();
    drawn.append(
      ...[
      h(
        'p',
        { class: `status${ctx.moves.length ? ' mine' : ''}` },
        turnLine(ctx, board, step).map((part) => (typeof part === 'string' ? part : clock(part.clock, part.step))),
      ),
      fillControls(ctx),
      only
        ? h(
            'div',
            { class: 'only-move', role: 'group', 'aria-label': 'Your only move' },
            h('p', null, 'Your only move:'),
            h('button', { type: 'button', class: 'move primary', 'data-focus': 'only-move', 'data-move': JSON.stringify(only) }, board!.describe(only, ctx)),
          )
        : null,
      free
        ? h(
            'div',
            { class: 'compose', role: 'group', 'aria-label': 'Your selection' },
            h('p', null, free.hint),
            free.move && !free.now
              ? h('button', { type: 'button', class: 'move', 'data-focus': 'compose', 'data-move': JSON.stringify(free.move) }, board!.describe(free.move, ctx))
              : null,
          )
        : null,
      candidates.length > 0
        ? h(
            'div',
            { class: 'chooser', role: 'group', 'aria-label': 'Choose a move' },
            h('p', null, chooserPrompt(candidates.length, matchMedia(KEYBOARD_LIKELY).matches, board!.question?.(candidates[0]!, ctx) ?? undefined)),
            h('div', { class: 'move-list' }, candidates.slice(0, 60).map((m, i) => moveButton(m, i, 'pick-'))),
            h('button', { type: 'button', class: 'small', 'data-action': 'clear-selection', 'data-focus': 'clear' }, 'Clear selection'),
          )
        : null,
      ctx.moves.length ? all : null,
      ].filter((x) => x !== null),
    );
    // The panel's clock brought to this moment first: drawn a second on since the last tick, it would not compare equal.
    tickClocks();
    if (!showsAlready(moveArea, drawn)) moveArea.replaceChildren(drawn);
  }

  /** What the move panel's buttons do, by their data-action (a move button sends its data-move). */
  const panelActions: Record<string, (button: HTMLElement) => void> = {
    'fill-with-bots': () => {
      confirmingFill = true;
      schedule();
    },
    'confirm-fill': () => void fillWithBots(),
    'agree-fill': () => void fillWithBots(),
    'withdraw-fill': () => void fillWithBots(false),
    'keep-waiting': (button) => {
      confirmingFill = false;
      // The redraw gives focus back to the first button (the confirmation's own "Start now" took its place).
      button.dataset.focus = 'fill-with-bots';
      schedule();
    },
    'clear-selection': () => {
      selection!.clear();
      schedule();
    },
  };
  // Delegated: a button the panel keeps across redraws does what the panel shows now (a handler of its own would be
  // the one of the redraw that made it). Enter and Space on a button click it.
  moveArea.addEventListener('click', (e) => {
    const button = (e.target as Element).closest<HTMLElement>('button');
    if (!button) return;
    if (button.dataset.move) void send(JSON.parse(button.dataset.move) as Move);
    else panelActions[button.dataset.action ?? '']?.(button);
  });
  // (A toggle does not bubble: caught on its way down.)
  moveArea.addEventListener(
    'toggle',
    (e) => {
      if (!(e.target instanceof HTMLDetailsElement) || !e.target.matches('.all-moves')) return;
      showAll = e.target.open;
      padForPanel();
    },
    true,
  );

  /**
   * A board part focused from the keyboard is scrolled into view above the move panel kept at the window's bottom,
   * not under it, its focus ring too (style.css gives the board's parts this margin; not the panel's own controls, in view).
   */
  function padForPanel() {
    panelFloats = floating();
    const kept = panelFloats ? `${Math.ceil(controls.getBoundingClientRect().height) + FOCUS_RING_PX}px` : '0px';
    // (Set only when it changes: the board's every part inherits it, and a set has the browser style them all again.)
    if (boardEl.style.getPropertyValue('--move-panel') !== kept) boardEl.style.setProperty('--move-panel', kept);
  }

  /**
   * Appends the new lines only: the log is a live region, and a screen reader reads what is added. Returns whether it
   * grew: the draw then keeps the newest line in view (followLog), once the page is laid out.
   */
  let logged: { seq: number; text: string } | undefined;
  function drawLog(): boolean {
    const earlierHidden = !earlierLeftOut && log.length <= LOG_SHOWN;
    if (earlierEl.hidden !== earlierHidden) earlierEl.hidden = earlierHidden;
    if (log.at(-1) === logged) return false;
    const from = logged ? log.lastIndexOf(logged) + 1 : 0; // 0 when the line drawn last was trimmed away
    if (from === 0) logEl.replaceChildren();
    logEl.append(...log.slice(Math.max(from, log.length - LOG_SHOWN)).map((l) => h('li', null, l.text)));
    while (logEl.childElementCount > LOG_SHOWN) logEl.firstElementChild!.remove();
    logged = log.at(-1);
    return true;
  }
  /**
   * Whether the log shows its newest line: new lines keep it there, unless the player scrolled back to read (then it
   * stays where they are). Kept up to date as the log scrolls, so a draw reads no layout for it.
   */
  let logAtEnd = true;
  logEl.addEventListener('scroll', () => (logAtEnd = logEl.scrollTop + logEl.clientHeight >= logEl.scrollHeight - LOG_END_SLACK_PX), { passive: true });
  function followLog() {
    if (logAtEnd) logEl.scrollTop = logEl.scrollHeight;
  }

  function drawResult(plain: Plain, ctx: BoardContext) {
    if (plain.status !== 'over') {
      if (!resultEl.hidden) {
        resultEl.replaceChildren();
        resultEl.hidden = true;
      }
      return;
    }
    if (resultEl.hidden) {
      // The game just ended while the page was open: bring the result into view if it is not.
      requestAnimationFrame(() => {
        const { top, bottom } = resultEl.getBoundingClientRect();
        if (top < 0 || bottom > window.innerHeight) resultEl.scrollIntoView({ block: 'start' });
      });
    }
    resultEl.hidden = false;
    const standings = (plain.result?.standings ?? []) as { seat: number; rank: number; score: number; team: number }[];
    verdict ??= h('p', { class: 'verdict', 'aria-live': 'polite' });
    const verify = async () => {
      verdict!.textContent = 'Replaying the game from its seed…';
      try {
        const record = await theRecord();
        const report = await post<{ ok: boolean; checks: Record<string, boolean>; moveLimit?: number | null; problems?: string[] }>('/api/verify', {
          record,
          commitment: plain.seedCommitment,
          result: plain.result,
        });
        verdict!.className = `verdict ${report.ok ? 'good' : 'bad'}`;
        verdict!.textContent = report.ok
          ? `Verified: the seed matches the commitment, every move was legal, chance came only from the seed, and ${report.moveLimit ? `the game was stopped at the server's limit of ${report.moveLimit} moves, without a result` : 'the result is right'} (${Object.keys(report.checks).join(', ')}).`
          : `Verification failed: ${(report.problems ?? []).join('; ')}`;
      } catch (err) {
        verdict!.className = 'verdict bad';
        verdict!.textContent = `Could not verify: ${reason(err)}`;
      }
    };
    resultEl.replaceChildren(
      h('h2', null, 'Result'),
      nextSteps(),
      h(
        'table',
        { class: 'standings' },
        h('thead', null, h('tr', null, h('th', null, 'Rank'), h('th', null, 'Player'), h('th', null, 'Score'))),
        h(
          'tbody',
          null,
          [...standings].sort((a, b) => a.rank - b.rank).map((s) => h('tr', { class: s.seat === mySeat ? 'me' : '' }, h('td', null, s.rank), h('td', null, ctx.name(s.seat), s.team >= 0 ? ` (team ${s.team + 1})` : ''), h('td', null, board?.scoreText?.(s, ctx) ?? s.score))),
        ),
      ),
      h('p', { class: 'seed' }, 'Seed commitment ', h('code', null, plain.seedCommitment), h('br'), 'Revealed seed ', h('code', { 'data-seed': plain.seed }, plain.seed)),
      h('button', { type: 'button', 'data-focus': 'verify', 'data-action': 'verify', onclick: () => void verify() }, 'Verify this game'),
      verdict,
    );
  }

  /**
   * The finished game's record, asked for once (Verify and a new table like this both read it: the table answers a
   * connection's `record` once a second); asked again after a failure.
   */
  let recordAsked: Promise<unknown> | null = null;
  const theRecord = () =>
    (recordAsked ??= gameRecord(roomId, () => room!.request('record', {})).catch((err: unknown) => {
      recordAsked = null;
      throw err;
    }));
  /**
   * A table of the same game with the same options: at the table this tab opened from the lobby, asked for as the lobby
   * asked (created, or from the table queue again after Play now); at one joined elsewhere, created with the game, seats
   * and options its record states, private if it was (requestFromRecord).
   */
  async function newTableLikeThis(button: HTMLButtonElement) {
    button.disabled = true;
    againNote.className = 'verdict';
    try {
      const own = room && mySeat !== null ? (room.state as Plain)?.private?.get?.(String(mySeat)) : null;
      const asked = tableRequests.get(roomId);
      const request = asked ?? requestFromRecord(await theRecord(), Boolean(own?.invite));
      if (!request) throw new Error('the table did not say its game and options');
      // (This table's bots and turn clock are not told to its players: the new one's seats wait for players.)
      againNote.textContent = request.queued ? 'Finding you a table with other players…' : asked ? 'Opening a table…' : 'Opening a table of the same game, seats and options, its seats free for players…';
      const next = await tableLikeThis(request, playerName.get() || undefined);
      goToTable({ room: next, game: request.game });
    } catch (err) {
      againNote.className = 'verdict bad';
      againNote.textContent = `Could not open a table: ${reason(err)}`;
      button.disabled = false;
    }
  }
  const againNote = h('p', { class: 'verdict', role: 'status', 'aria-live': 'polite' });
  /** What next, once the game is over: another table like this one (for a player), or the lobby. */
  function nextSteps(): HTMLElement {
    const request = tableRequests.get(roomId);
    return h(
      'div',
      { class: 'next' },
      h(
        'div',
        { class: 'row' },
        mySeat !== null
          ? h('button', { type: 'button', class: 'primary', 'data-focus': 'new-table', 'data-action': 'new-table', onclick: (e: Event) => void newTableLikeThis(e.currentTarget as HTMLButtonElement) }, request?.queued ? 'Play again' : 'New table like this')
          : null,
        h('a', { class: 'button', href: '#/', 'data-focus': 'to-lobby' }, 'Back to lobby'),
      ),
      againNote,
    );
  }

  // The turn clocks count down between patches, in place (the seat list's, and the move panel's kept across redraws),
  // against the server's clock as last checked: the page asks for it again now and then while it is shown.
  const tick = setInterval(tickClocks, 250);
  const stopClockChecks = recheckServerClock(checkServerClock);

  return () => {
    closed = true;
    saveLog();
    window.removeEventListener('pagehide', saveLog);
    clearInterval(tick);
    stopClockChecks();
    window.removeEventListener('keydown', onKey);
    window.removeEventListener('pointerdown', onOutside, true);
    closeOffer();
    app.removeEventListener('pointerdown', onPress);
    window.removeEventListener('pointerup', release);
    window.removeEventListener('pointercancel', release);
    window.removeEventListener('resize', onResize);
    clearTimeout(resizeTimer);
    board?.left?.(roomId);
    void room?.leave(true).catch(() => undefined);
  };
}

/** The result's `details` arrive as JSON text ('' when the game gives none). */
function parseDetails(text: unknown): Plain {
  if (typeof text !== 'string' || text === '') return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
