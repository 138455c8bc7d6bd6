/** The lobby: the games, a create form built from each game's option schema, the queue, invites, open tables. */
import type { Room } from '@colyseus/sdk';
import { joinQueue } from '../../client/queue.ts';
import { client, games, invite, nameAsked, playerName, reason, seats as seatTickets, tableRequests, tables, type GameInfo, type JsonSchema, type SeatTicket, type TableListing } from './api.ts';
import { drawKeyed, h } from './dom.ts';
import { appliesOnlyWith, optionChoices, optionLabel } from './games/generic.ts';
import type { Pending } from './table.ts';

export function showLobby(app: HTMLElement, goToTable: (p: Pending) => void): () => void {
  const status = h('p', { class: 'notice', role: 'status', 'aria-live': 'polite' });
  const say = (text: string, bad = false) => {
    status.textContent = text;
    status.classList.toggle('bad', bad);
  };
  /** A request of the visitor's refused: said where it is seen (the line is under both panels, below the window on a phone). */
  const refused = (err: unknown) => {
    say(reason(err), true);
    status.scrollIntoView({ block: 'nearest' });
  };
  const nameInput = h('input', { id: 'player-name', name: 'name', maxlength: 32, placeholder: 'Your name', autocomplete: 'nickname', value: playerName.get() });
  nameInput.addEventListener('change', () => playerName.set(nameInput.value.trim()));
  const name = () => nameInput.value.trim() || undefined;

  const gameTabs = h('div', { class: 'tabs', role: 'tablist', 'aria-label': 'Games' });
  const form = h('form', { class: 'create', 'aria-label': 'New table' });
  const tableList = h('div', { class: 'tables' });
  const yourSeats = h('div', { class: 'your-seats' });
  // A panel of its own, shown while there are seats to go back to: beside the form on a wide window, above it on a
  // phone (style.css), where a returning player would otherwise scroll past the whole form to find their games.
  const yourSeatsPanel = h('section', { class: 'panel mine', hidden: true }, yourSeats);
  // The lists' rows, kept from one refresh to the next while their tables show the same (drawKeyed).
  const tableRows = h('ul', { class: 'table-list' });
  const noTables = h('p', { class: 'muted' }, 'No public tables yet.');
  const seatRows = h('ul', { class: 'table-list' });
  const seatsTitle = h('h2', null, 'Your seats');
  const codeInput = h('input', { id: 'invite-code', name: 'code', placeholder: 'Invite code', maxlength: 12, autocapitalize: 'characters', size: 10 });

  app.append(
    h('header', { class: 'top' }, h('h1', null, 'Parlor'), h('label', { class: 'name' }, 'Name ', nameInput)),
    h(
      'main',
      { class: 'lobby' },
      h(
        'section',
        { class: 'panel new-table' },
        h('h2', null, 'New table'),
        // What a first visitor does here, in the words of the form's two buttons.
        h('p', { class: 'muted intro' }, h('b', null, 'Play now'), ': a table with others at once. ', h('b', null, 'Create table'), ': your own, with bots or friends.'),
        gameTabs,
        form,
      ),
      yourSeatsPanel,
      h(
        'section',
        { class: 'panel others' },
        h('h2', null, 'Join a friend'),
        h(
          'form',
          {
            class: 'row',
            onsubmit: (e: Event) => {
              e.preventDefault();
              // The name beside the code is the one the seat is taken with: the table page need not ask for it.
              playerName.set(nameInput.value.trim());
              nameAsked.set();
              say('Looking up the code…');
              invite(codeInput.value)
                .then(({ roomId }) => (location.hash = `#/table/${roomId}/${encodeURIComponent(codeInput.value.trim())}`)) // a private table seats by its code
                .catch((err) => {
                  nameAsked.take();
                  refused(err);
                });
            },
          },
          codeInput,
          h('button', { type: 'submit' }, 'Join by code'),
        ),
        h('h2', null, 'Tables'),
        tableList,
      ),
      status,
    ),
  );

  let all: GameInfo[] = [];
  const names = new Map<string, string>();
  let current = '';

  const busy = (on: boolean) => form.querySelectorAll('button').forEach((b) => (b.disabled = on));
  /** `options`: what the table was asked for, which its "New table like this" asks for again once the game is over. */
  const enter = (room: Room, game: string, options: Record<string, unknown>, queued = false) => {
    tableRequests.set(room.roomId, { game, options, queued });
    goToTable({ room, game });
  };

  function renderForm(game: GameInfo) {
    current = game.id;
    gameTabs.querySelectorAll('button').forEach((b) => b.setAttribute('aria-selected', String(b.dataset.game === game.id)));
    const seats = h('input', { type: 'number', name: 'seats', min: game.seats.min, max: game.seats.max, value: game.seats.default, required: true });
    const bots = h('input', { type: 'number', name: 'bots', min: 0, max: game.seats.max, value: game.seats.default - 1 });
    // A player's table keeps at least one seat for a person: bots stay below the seats.
    const fitBots = () => {
      const most = Math.max(0, Number(seats.value) - 1);
      bots.max = String(most);
      if (Number(bots.value) > most) bots.value = String(most);
    };
    seats.addEventListener('input', fitBots);
    fitBots();
    // Left empty, the server's default clock (an idle player cannot stall the table for good); 0: none.
    const clockDefault = game.tableOptions?.properties?.turnSeconds?.default;
    const clock = h('input', { type: 'number', name: 'turnSeconds', min: 0, max: 3600, placeholder: clockDefault === undefined ? 'default' : `default: ${clockDefault}` });
    const isPrivate = h('input', { type: 'checkbox', name: 'private' });
    // What each does, in the server's words (GET /api/games), under it as a game option's description is.
    const help = (key: string, input: HTMLElement) => helpText(`table-help-${key}`, game.tableOptions?.properties?.[key]?.description, input);
    const optionFields = Object.entries(game.options.properties ?? {}).map(([key, schema]) => optionField(key, schema, game.defaults[key]));
    // An option with no effect under the others' values chosen (its schema's appliesWhen) is disabled, and sent as its
    // default: a table asked for with it would be the same game, yet the queue would not seat it with others. It shows
    // as not applying, with the values it needs: a box left ticked read as a rule the table would play by. What the
    // player had chosen comes back once it applies again.
    const byKey = new Map(optionFields.map((f) => [f.key, f]));
    const properties = game.options.properties ?? {};
    const notes = new Map(
      optionFields.flatMap((f) => {
        const needs = properties[f.key]?.appliesWhen;
        if (!needs) return [];
        const note = h('small', { class: 'help applies', id: `option-applies-${f.key}`, hidden: true }, appliesOnlyWith(needs, properties));
        f.el.append(note);
        f.input.setAttribute('aria-describedby', [f.input.getAttribute('aria-describedby'), note.id].filter(Boolean).join(' '));
        return [[f.key, note]];
      }),
    );
    const ticked = new Map<string, boolean>();
    /** An option's value as the table would be asked for: its field's, or its default where the field is disabled (or none). */
    const chosen = (key: string) => {
      const f = byKey.get(key);
      return f && !f.input.disabled ? (f.value() ?? game.defaults[key]) : game.defaults[key];
    };
    /** Whether the options chosen hold every value of `when` (appliesWhen, seatsWhen); `applying`: each of them applies too. */
    const holds = (when: Record<string, unknown>, applying = false) =>
      Object.entries(when).every(([key, value]) => !(applying && byKey.get(key)?.input.disabled) && JSON.stringify(chosen(key)) === JSON.stringify(value));
    /** Whether `f`'s option has an effect under the values chosen: every option it needs applies and holds the value. */
    const applies = (f: (typeof optionFields)[number]) => holds(properties[f.key]?.appliesWhen ?? {}, true);
    const fitOptions = () => {
      // Again while one changes: an option may need one that needs another (Host bets first, Host bets, Host mode).
      for (let pass = 0, changed = true; changed && pass <= optionFields.length; pass++) {
        changed = false;
        for (const f of optionFields) {
          const on = applies(f);
          if (f.input.disabled === !on) continue;
          changed = true;
          f.input.disabled = !on;
          notes.get(f.key)!.hidden = on;
          if (f.input instanceof HTMLInputElement && f.input.type === 'checkbox') {
            if (!on) ticked.set(f.key, f.input.checked);
            f.input.checked = on && (ticked.get(f.key) ?? f.input.checked);
          }
        }
      }
    };
    for (const f of optionFields) f.input.addEventListener('change', fitOptions);
    fitOptions();
    // The table sizes the options chosen allow (the schema's seatsWhen: Ready Set Bet's ninth seat only for a seated
    // host): the seat count is bounded by them, and said in its label. A count beyond is brought within.
    const seatsLabel = h('span', null);
    const fitSeats = () => {
      const holding = (game.options.seatsWhen ?? []).filter((b) => holds(b.when));
      const least = Math.max(game.seats.min, ...holding.map((b) => b.min ?? game.seats.min));
      const most = Math.min(game.seats.max, ...holding.map((b) => b.max ?? game.seats.max));
      [seats.min, seats.max] = [String(least), String(most)];
      if (seats.value !== '') seats.value = String(Math.min(Math.max(Number(seats.value), least), most));
      seatsLabel.textContent = `Seats (${least}–${most})`;
      fitBots();
    };
    for (const f of optionFields) f.input.addEventListener('change', fitSeats);
    fitSeats();
    const collect = () => {
      const options: Record<string, unknown> = {};
      for (const f of optionFields) {
        if (f.input.disabled) continue;
        const v = f.value();
        if (JSON.stringify(v) !== JSON.stringify(game.defaults[f.key])) options[f.key] = v;
      }
      const turnSeconds = clock.value === '' ? {} : { turnSeconds: Number(clock.value) || 0 };
      return { seats: Number(seats.value), bots: Number(bots.value) || 0, ...turnSeconds, options, name: name() };
    };
    const create = async () => {
      busy(true);
      say('Opening a table…');
      try {
        const options = { ...collect(), private: isPrivate.checked };
        enter(await client.create(game.id, options), game.id, options);
      } catch (err) {
        refused(err);
        busy(false);
      }
    };
    // Play now meets people: the queue seats players who ask for the same table together, so the form's
    // bots (there for a table of your own) are left out — with them two people pressing at once each got a
    // table of bots. A player nobody joins starts with bots at the table (its "Start now" button).
    const playNow = async () => {
      busy(true);
      say('Finding you a table with other players…');
      try {
        const options = { ...collect(), bots: 0 };
        enter(await joinQueue(client, game.id, options), game.id, options, true);
      } catch (err) {
        refused(err);
        busy(false);
      }
    };
    form.onsubmit = (e) => {
      e.preventDefault();
      void create();
    };
    form.replaceChildren(
      h(
        'div',
        { class: 'fields' },
        field(seatsLabel, seats, help('seats', seats)),
        field('Bots', bots, help('bots', bots)),
        field('Turn clock (s; 0 = none)', clock, help('turnSeconds', clock)),
        h('div', { class: 'field' }, h('label', { class: 'check' }, isPrivate, ' Private table (invite code)'), help('private', isPrivate)),
      ),
      h(
        'details',
        { class: 'options' },
        h('summary', null, `Rules and pacing options (${optionFields.length})`),
        h('div', { class: 'fields' }, optionFields.map((f) => f.el)),
      ),
      h(
        'div',
        { class: 'row' },
        h('button', { type: 'submit', class: 'primary', 'data-action': 'create' }, 'Create table'),
        h('button', { type: 'button', 'data-action': 'play-now', onclick: () => void playNow() }, 'Play now (with others)'),
      ),
    );
  }

  /** The seats this browser holds at tables still open, private ones included, each with its way back. */
  function drawYourSeats(held: SeatTicket[], found: Map<string, TableListing>) {
    const live = held.filter((ticket) => found.has(ticket.roomId));
    const yourTurnAt = new Set(live.filter((ticket) => isYourTurn(found.get(ticket.roomId)!, ticket)).map((ticket) => ticket.roomId));
    drawKeyed(seatRows, live, (ticket) => ticket.roomId, (ticket) => {
      const table = found.get(ticket.roomId)!;
      const yourTurn = yourTurnAt.has(ticket.roomId);
      return h(
        'li',
        null,
        h('span', null, h('b', null, names.get(ticket.game) ?? ticket.game), ` · seat ${ticket.seat + 1} · ${tableState(table)}`, yourTurn && ' ', yourTurn && h('span', { class: 'tag turn' }, 'your turn')),
        h('a', { class: 'button primary', href: `#/table/${ticket.roomId}` }, 'Back to your seat'),
      );
    });
    // The tab's title counts the tables waiting for this player: a lobby left open in the background shows it.
    document.title = yourTurnAt.size ? `Your turn (${yourTurnAt.size}) · Parlor` : 'Parlor';
    showOnly(yourSeats, live.length ? [seatsTitle, seatRows] : []);
    yourSeatsPanel.hidden = live.length === 0;
  }

  async function refreshTables() {
    let list: TableListing[];
    const held = seatTickets.all();
    const found = new Map<string, TableListing>();
    try {
      list = await tables();
      for (const t of list) found.set(t.roomId, t);
      // Tables the public list leaves out (private ones, older ones) are asked by id. One not found is not shown;
      // its ticket is forgotten only once a day old (a table moving to another process, or a Redis outage,
      // leaves the listing a while: its seat token must outlive that).
      const asked = held.filter((ticket) => !found.has(ticket.roomId)).slice(0, MAX_ASKED_TABLES);
      if (asked.length > 0) {
        for (const t of await tables(asked.map((ticket) => ticket.roomId))) found.set(t.roomId, t);
        for (const ticket of asked) if (!found.has(ticket.roomId) && Date.now() - (ticket.at ?? 0) > FORGET_AFTER_MS) seatTickets.forget(ticket.roomId);
      }
    } catch {
      return;
    }
    if (closed) return;
    drawYourSeats(held, found);
    drawKeyed(tableRows, list, (t) => t.roomId, (t) =>
      h(
        'li',
        null,
        h('span', null, h('b', null, names.get(t.game) ?? t.game), ` · ${t.seats} seats · ${tableState(t)}`),
        h(
          'span',
          { class: 'row' },
          // This browser holds a seat there (a page left, a tab closed): the table page takes it back.
          seatTickets.get(t.roomId) ? h('a', { class: 'button primary', href: `#/table/${t.roomId}` }, 'Back to your seat') : t.open ? h('a', { class: 'button', href: `#/table/${t.roomId}` }, 'Join') : null,
          h('a', { class: 'button', href: `#/watch/${t.roomId}` }, 'Watch'),
        ),
      ),
    );
    showOnly(tableList, [list.length ? tableRows : noTables]);
  }

  let closed = false;
  // The server may be restarting (a deploy, a crash): keep asking until it answers.
  const load = (): void => {
    games()
      .then((list) => {
        if (closed) return;
        if (status.classList.contains('bad')) say('');
        all = list;
        for (const g of list) names.set(g.id, g.name);
        gameTabs.replaceChildren(
          ...list.map((g) => h('button', { type: 'button', role: 'tab', 'data-game': g.id, onclick: () => renderForm(g) }, g.name)),
        );
        renderForm(list.find((g) => g.id === current) ?? list[0]!);
        void refreshTables();
      })
      .catch((err) => {
        if (closed) return;
        say(`Cannot reach the server: ${reason(err)}; trying again…`, true);
        setTimeout(load, 2000);
      });
  };
  load();
  void all;
  const timer = setInterval(() => void refreshTables(), 3000);
  return () => {
    closed = true;
    clearInterval(timer);
  };
}

/** `parent` shows `children`, put there again only when it shows others (those kept keep the focus). */
function showOnly(parent: HTMLElement, children: HTMLElement[]) {
  if (parent.children.length !== children.length || children.some((c, i) => parent.children[i] !== c)) parent.replaceChildren(...children);
}

function field(label: string | HTMLElement, input: HTMLElement, help: HTMLElement | null = null) {
  return h('label', { class: 'field' }, typeof label === 'string' ? h('span', null, label) : label, input, help);
}

/** An option's description as help text under it (none without one), read out with the input's name. */
function helpText(id: string, description: string | undefined, input: HTMLElement): HTMLElement | null {
  if (!description) return null;
  input.setAttribute('aria-describedby', id);
  return h('small', { class: 'help', id }, description);
}

/**
 * A choice's text longer than this (in characters) may not fit in one column of the create form: 25 just fit at 1280
 * wide, and a margin keeps a font a little wider from cutting them.
 */
const WIDE_CHOICE_CHARS = 22;

/**
 * One form field from a JSON Schema property: a select for choices, a checkbox, a number, or JSON text; under
 * it the schema's description as help text, where the game gives one.
 */
function optionField(key: string, schema: JsonSchema, value: unknown): { key: string; el: HTMLElement; input: HTMLInputElement | HTMLSelectElement; value(): unknown } {
  const choices = optionChoices(schema);
  const label = optionLabel(key, schema.title);
  const helpId = `option-help-${key}`;
  const help = schema.description ? h('small', { class: 'help', id: helpId }, schema.description) : null;
  const described = help ? helpId : null; // the input's aria-describedby: read out with its name
  if (choices) {
    // A choice shown in words or by its title; the value sent is the choice itself, on each option as JSON (data-value).
    const select = h('select', { name: key, 'aria-describedby': described }, choices.map((c, i) => h('option', { value: i, 'data-value': JSON.stringify(c.value), selected: JSON.stringify(c.value) === JSON.stringify(value) }, c.text)));
    const el = field(label, select, help);
    // A long choice takes two of the form's columns: in one, a wide window's 210 px, it showed cut ("The card of your
    // opponent on your right" as "The card of your opponent on").
    if (Math.max(...choices.map((c) => c.text.length)) > WIDE_CHOICE_CHARS) el.classList.add('wide');
    return { key, el, input: select, value: () => choices[Number(select.value)]!.value };
  }
  if (schema.type === 'boolean') {
    const box = h('input', { type: 'checkbox', name: key, checked: Boolean(value), 'aria-describedby': described });
    return { key, el: h('div', { class: 'field' }, h('label', { class: 'check' }, box, ` ${label}`), help), input: box, value: () => box.checked };
  }
  if (schema.type === 'integer' || schema.type === 'number') {
    const input = h('input', { type: 'number', name: key, min: schema.minimum, max: schema.maximum, step: schema.type === 'integer' ? 1 : 'any', value: Number(value ?? 0), 'aria-describedby': described });
    return { key, el: field(label, input, help), input, value: () => Number(input.value) };
  }
  const input = h('input', { name: key, value: JSON.stringify(value ?? null), 'aria-describedby': described });
  return {
    key,
    el: field(label, input, help),
    input,
    value: () => {
      try {
        return JSON.parse(input.value);
      } catch {
        return input.value;
      }
    },
  };
}

/** Table ids one listing request may name (the server's bound). */
const MAX_ASKED_TABLES = 20;
/** A seat not listed is forgotten once it was taken this long ago. */
const FORGET_AFTER_MS = 24 * 3600_000;

/** Whether the game at this table waits for this seat (the listing's acting seats, a second or two behind the table). */
const isYourTurn = (table: TableListing, ticket: SeatTicket) => !table.over && (table.acting ?? []).includes(ticket.seat);

/** A listed table in words: a table not open to new players has not always started (its free seats are promised, or its players filled it with bots). */
function tableState(t: TableListing): string {
  return t.over ? 'finished' : t.started ? 'playing' : t.open ? 'waiting for players' : 'waiting for its players';
}
