/**
 * Seat reservations an address was given and has not used yet. Each one holds a seat (or a spectator's
 * place) at its table until it lapses, so an address that takes reservations and never joins keeps tables
 * from starting; the front door gives an address at most `max` such at a time. A reservation counts until
 * a WebSocket joins with its session id, or until it lapses (`lifetimeMs`). Per process, like the rate
 * budgets; bounded like them (an address with none is forgotten, the least recent dropped past `maxAddresses`).
 */
export class UnusedReservations {
  readonly max: number;
  private readonly lifetimeMs: number;
  private readonly maxAddresses: number;
  /** address → session id → when the reservation lapses. */
  private readonly byAddress = new Map<string, Map<string, number>>();
  private readonly addressOf = new Map<string, string>();

  /** max 0 = no limit. */
  constructor(max: number, lifetimeMs: number, maxAddresses = 20_000) {
    this.max = max;
    this.lifetimeMs = lifetimeMs;
    this.maxAddresses = maxAddresses;
  }

  /** The address holds `max` reservations it has not used. */
  atCap(address: string, now = Date.now()): boolean {
    if (this.max <= 0) return false;
    return this.live(address, now) >= this.max;
  }

  given(address: string, sessionId: string, now = Date.now()) {
    if (this.max <= 0) return;
    this.used(sessionId);
    let held = this.byAddress.get(address);
    if (held) this.byAddress.delete(address); // re-inserted last: least recently given first
    else held = new Map();
    this.byAddress.set(address, held);
    held.set(sessionId, now + this.lifetimeMs);
    this.addressOf.set(sessionId, address);
    if (this.byAddress.size > this.maxAddresses) this.forget(this.byAddress.keys().next().value!);
  }

  /** A socket joined with the reservation's session id (from any address). */
  used(sessionId: string) {
    const address = this.addressOf.get(sessionId);
    if (address === undefined) return;
    this.addressOf.delete(sessionId);
    const held = this.byAddress.get(address);
    held?.delete(sessionId);
    if (held?.size === 0) this.byAddress.delete(address);
  }

  /** Addresses remembered (tests). */
  get size(): number {
    return this.byAddress.size;
  }

  private live(address: string, now: number): number {
    const held = this.byAddress.get(address);
    if (!held) return 0;
    for (const [sessionId, lapses] of held) if (lapses <= now) this.used(sessionId);
    return held.size;
  }

  private forget(address: string) {
    for (const sessionId of this.byAddress.get(address)?.keys() ?? []) this.addressOf.delete(sessionId);
    this.byAddress.delete(address);
  }
}
