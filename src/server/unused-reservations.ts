/**
 * Seat reservations an address was given and has not used yet. Each one holds a seat (or a spectator's
 * place) at its table until it lapses, so an address that takes reservations and never joins keeps tables
 * from starting; the front door gives an address at most `max` such at a time, and none for a while to an
 * address that let `maxLapses` lapse within `lapseWindowMs` (else it could keep a table waiting for good by
 * reserving its last seat again each time the reservation lapses). A reservation counts until the room
 * takes it (a join with its session id reaches the room), or until it lapses (`lifetimeMs`). Per process,
 * like the rate budgets; bounded like them (an address with none is forgotten, the least recent dropped
 * past `maxAddresses`).
 */
/** The front door's reservations, told by a room when it takes one (none until the front door is installed). */
let ledger: UnusedReservations | null = null;

export function setReservationLedger(unused: UnusedReservations | null) {
  ledger = unused;
}

/**
 * A room took the reservation of this session (its join began): it holds a seat no longer, whatever the
 * join's outcome. Counted here, not when a WebSocket names the session id, which any upgrade can do for a
 * room that does not exist, leaving the seat held and the address's count emptied.
 */
export function reservationTaken(sessionId: string) {
  ledger?.used(sessionId);
}

export class UnusedReservations {
  readonly max: number;
  readonly maxLapses: number;
  private readonly lifetimeMs: number;
  private readonly lapseWindowMs: number;
  private readonly maxAddresses: number;
  /** address → session id → when the reservation lapses. */
  private readonly byAddress = new Map<string, Map<string, number>>();
  private readonly addressOf = new Map<string, string>();
  /** address → when its latest reservations lapsed unused (at most maxLapses, oldest first). */
  private readonly lapses = new Map<string, number[]>();
  /** Session ids of reservations whose join goes to a peer process. */
  private readonly unseen = new Set<string>();

  /** max 0 = no limit; maxLapses 0 = lapses are not counted. */
  constructor(max: number, lifetimeMs: number, options: { maxLapses?: number; lapseWindowMs?: number; maxAddresses?: number } = {}) {
    this.max = max;
    this.lifetimeMs = lifetimeMs;
    this.maxLapses = options.maxLapses ?? 0;
    this.lapseWindowMs = options.lapseWindowMs ?? 10 * 60_000;
    this.maxAddresses = options.maxAddresses ?? 20_000;
  }

  /** The address holds `max` reservations it has not used. */
  atCap(address: string, now = Date.now()): boolean {
    if (this.max <= 0) return false;
    return this.live(address, now) >= this.max;
  }

  /**
   * Milliseconds until the address may have a reservation again, having let `maxLapses` lapse within
   * the window; 0 when it may.
   */
  lapsedWait(address: string, now = Date.now()): number {
    if (this.maxLapses <= 0) return 0;
    this.live(address, now);
    const times = this.lapses.get(address);
    if (!times || times.length < this.maxLapses) return 0;
    const wait = times[0]! + this.lapseWindowMs - now;
    if (wait > 0) return wait;
    times.shift();
    return 0;
  }

  /** `seen`: a join with it reaches this process (a reservation at a peer's table is used there: never a lapse here). */
  given(address: string, sessionId: string, now = Date.now(), seen = true) {
    if (this.max <= 0 && this.maxLapses <= 0) return;
    this.used(sessionId);
    if (!seen) this.unseen.add(sessionId);
    let held = this.byAddress.get(address);
    if (held) this.byAddress.delete(address); // re-inserted last: least recently given first
    else held = new Map();
    this.byAddress.set(address, held);
    held.set(sessionId, now + this.lifetimeMs);
    this.addressOf.set(sessionId, address);
    if (this.byAddress.size > this.maxAddresses) this.forget(this.byAddress.keys().next().value!);
  }

  /** The room took the reservation (a join from any address). */
  used(sessionId: string) {
    const address = this.addressOf.get(sessionId);
    if (address === undefined) return;
    this.addressOf.delete(sessionId);
    this.unseen.delete(sessionId);
    const held = this.byAddress.get(address);
    held?.delete(sessionId);
    if (held?.size === 0) this.byAddress.delete(address);
  }

  /** Addresses remembered (tests). */
  get size(): number {
    return this.byAddress.size;
  }

  /** Addresses whose lapses are remembered (tests). */
  get lapsing(): number {
    return this.lapses.size;
  }

  private live(address: string, now: number): number {
    const held = this.byAddress.get(address);
    if (!held) return 0;
    for (const [sessionId, lapses] of held) {
      if (lapses > now) continue;
      const counts = !this.unseen.has(sessionId);
      this.used(sessionId);
      if (counts) this.lapsed(address, lapses, now);
    }
    return held.size;
  }

  private lapsed(address: string, at: number, now: number) {
    if (this.maxLapses <= 0) return;
    const times = (this.lapses.get(address) ?? []).filter((t) => t > now - this.lapseWindowMs);
    times.push(at);
    if (times.length > this.maxLapses) times.shift();
    this.lapses.delete(address); // re-inserted last: least recently lapsed first
    this.lapses.set(address, times);
    if (this.lapses.size > this.maxAddresses) this.lapses.delete(this.lapses.keys().next().value!);
  }

  private forget(address: string) {
    for (const sessionId of this.byAddress.get(address)?.keys() ?? []) {
      this.addressOf.delete(sessionId);
      this.unseen.delete(sessionId);
    }
    this.byAddress.delete(address);
  }
}
