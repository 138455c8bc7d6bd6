/**
 * Per-address limits that hold across connections: a client that is cut off and reconnects keeps its
 * budget, because the budget belongs to its address, not to its socket.
 *
 * Each limit is a token bucket per address (refilled `perSecond`, holding at most `burst`). The table
 * of addresses is bounded: a full bucket carries no information and is dropped, and past `maxAddresses`
 * the least recently used address is forgotten (it starts again with a full bucket).
 */
import { isIPv6 } from 'node:net';
import type { IncomingMessage } from 'node:http';

export class AddressLimiter {
  readonly perSecond: number;
  readonly burst: number;
  private readonly maxAddresses: number;
  private readonly buckets = new Map<string, { tokens: number; at: number }>();
  private sweptAt = 0;

  /** perSecond 0 = unlimited. */
  constructor(perSecond: number, burst = Math.max(1, Math.ceil(perSecond * 2)), maxAddresses = 20_000) {
    this.perSecond = perSecond;
    this.burst = burst;
    this.maxAddresses = maxAddresses;
  }

  /** Spends `cost` tokens of the address; false (nothing spent) when it has not enough. */
  take(address: string, cost = 1, now = Date.now()): boolean {
    if (this.perSecond <= 0) return true;
    if (now - this.sweptAt > 10_000) this.sweep(now);
    let bucket = this.buckets.get(address);
    if (bucket) {
      bucket.tokens = Math.min(this.burst, bucket.tokens + ((now - bucket.at) / 1000) * this.perSecond);
      bucket.at = now;
      this.buckets.delete(address); // re-inserted last: Map order is least-recently-used first
    } else {
      bucket = { tokens: this.burst, at: now };
    }
    this.buckets.set(address, bucket);
    if (this.buckets.size > this.maxAddresses) this.buckets.delete(this.buckets.keys().next().value!);
    if (bucket.tokens < cost) return false;
    bucket.tokens -= cost;
    return true;
  }

  /** Seconds until the address has a token again (for Retry-After). */
  retryAfter(address: string): number {
    const bucket = this.buckets.get(address);
    if (!bucket || this.perSecond <= 0) return 0;
    return Math.max(1, Math.ceil((1 - bucket.tokens) / this.perSecond));
  }

  /** Addresses currently remembered (tests, metrics). */
  get size(): number {
    return this.buckets.size;
  }

  /** Drops buckets that have refilled completely: they hold nothing an address would lose. */
  private sweep(now: number) {
    this.sweptAt = now;
    for (const [address, b] of this.buckets) {
      if (b.tokens + ((now - b.at) / 1000) * this.perSecond >= this.burst) this.buckets.delete(address);
    }
  }
}

/**
 * The address a limit is charged to. Without trusted proxies it is the socket's peer address (headers are
 * the client's to forge). Behind `trustedProxies` proxies that each append to X-Forwarded-For, it is the
 * entry the outermost trusted proxy saw. IPv6 addresses count per /64 (one host usually owns a whole /64).
 */
export function clientAddress(req: Pick<IncomingMessage, 'headers' | 'socket'>, trustedProxies: number): string {
  let address = req.socket.remoteAddress ?? 'unknown';
  if (trustedProxies > 0) {
    const header = req.headers['x-forwarded-for'];
    const hops = (Array.isArray(header) ? header.join(',') : (header ?? '')).split(',').map((s) => s.trim()).filter(Boolean);
    const seen = hops[hops.length - trustedProxies];
    if (seen) address = seen;
  }
  return addressKey(address);
}

/** IPv4 (also IPv4-mapped IPv6) as it is; other IPv6 addresses reduced to their /64 prefix. */
export function addressKey(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return mapped[1]!;
  if (!isIPv6(address)) return address;
  const [head = '', tail = ''] = address.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = address.includes('::') ? [...left, ...Array(8 - left.length - right.length).fill('0'), ...right] : left;
  return `${groups
    .slice(0, 4)
    .map((g) => parseInt(g, 16).toString(16))
    .join(':')}::/64`;
}

type Charged = IncomingMessage & { parlorCharged?: string | null };
/** Notes the address an HTTP request is counted against (null: an exempt address); the front door sets it. */
export function chargeRequest(req: IncomingMessage, address: string | null) {
  (req as Charged).parlorCharged = address;
}
/** The address an HTTP request is counted against, as the front door saw it; null when exempt. */
export const chargedAddress = (req: IncomingMessage) => (req as Charged).parlorCharged ?? null;
