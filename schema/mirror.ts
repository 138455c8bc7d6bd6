/**
 * Copies a plain engine view into a @colyseus/schema instance of the same shape, touching only what
 * changed, so Colyseus sends minimal deltas. One generic walker instead of per-game projection code:
 * a game's schema file only declares the shape of its views.
 *
 * Shape rules (docs/adding-a-game.md): fixed-key objects → schema classes, arrays → `t.array(X)`,
 * string-keyed records → `t.map(X)`, primitives → `t.*()`. A `t.string()` field that receives a
 * non-string value gets its JSON (an escape hatch for small irregular data such as a score breakdown).
 * A key the schema does not declare is a programming error and throws, so room tests catch drift.
 *
 * `created` collects the schema instances made on the way: inside a per-client view they must be added
 * to that client's StateView, or the client never sees them.
 *
 * Runs for every seat at every patch, so it is kept cheap: arrays are read once (not index by index
 * through the ArraySchema proxy), arrays of primitives change only between their common head and
 * tail (one DELETE when an entry leaves), and error paths are built only when something is wrong.
 * A source object or array met again by identity where it was last mirrored is skipped whole: views
 * are built from engine states, which are immutable (the harness deep-freezes them), so the same
 * object has the same contents — e.g. a printed board every view shares, or a list the move left alone.
 * A new array holding the same entries as the last one is skipped too, and one that only grew (a bet
 * added to the bets) has only its new tail read.
 */
import { ArraySchema, MapSchema, Schema } from '@colyseus/schema';

type FieldType = string | { array: unknown } | { map: unknown } | typeof Schema;
interface Field {
  name: string;
  type: FieldType;
}

const fieldCache = new WeakMap<object, Map<string, Field>>();

function fieldsOf(instance: Schema): Map<string, Field> {
  const ctor = instance.constructor;
  let fields = fieldCache.get(ctor);
  if (!fields) {
    const metadata = (ctor as unknown as Record<symbol, Record<string, Field> | undefined>)[Symbol.metadata] ?? {};
    fields = new Map();
    for (const key of Object.keys(metadata)) {
      const f = metadata[key];
      if (f && typeof f === 'object' && 'name' in f) fields.set(f.name, f);
    }
    fieldCache.set(ctor, fields);
  }
  return fields;
}

/** The source each schema instance, array or map was last mirrored from, when that succeeded. */
const mirroredFrom = new WeakMap<object, unknown>();

const isSchemaClass = (t: unknown): t is new () => Schema => typeof t === 'function';

function primitive(type: string, value: unknown): unknown {
  if (type === 'string') {
    if (value === null || value === undefined) return '';
    return typeof value === 'string' ? value : JSON.stringify(value);
  }
  if (type === 'boolean') return Boolean(value);
  return typeof value === 'number' ? value : 0;
}

/** A view that does not fit its schema; `at` is the path below the point where it was caught. */
class Misfit extends TypeError {
  at: string;
  problem: string;
  constructor(at: string, problem: string) {
    super(problem);
    this.at = at;
    this.problem = problem;
  }
}

/** Prefixes the path of a misfit found below `segment` (paths are built only when something is wrong). */
function below(err: unknown, segment: string): unknown {
  if (err instanceof Misfit) err.at = segment + err.at;
  return err;
}

export function mirror(target: Schema, source: unknown, path = '$', created?: Schema[]): void {
  try {
    mirrorObject(target, source, created);
  } catch (err) {
    if (err instanceof Misfit) throw new TypeError(`${path}${err.at}: ${err.problem}`);
    throw err;
  }
}

function mirrorObject(target: Schema, source: unknown, created?: Schema[]): void {
  if (source === null || typeof source !== 'object' || Array.isArray(source)) {
    throw new Misfit('', `expected an object for ${target.constructor.name}`);
  }
  if (mirroredFrom.get(target) === source) return;
  const fields = fieldsOf(target);
  const record = target as unknown as Record<string, unknown>;
  for (const key in source) {
    if (!fields.has(key)) throw new Misfit(`.${key}`, `not declared in schema ${target.constructor.name}`);
  }
  for (const { name, type } of fields.values()) {
    if (!(name in source)) continue;
    const value = (source as Record<string, unknown>)[name];
    try {
      if (typeof type === 'string') {
        const next = primitive(type, value);
        if (record[name] !== next) record[name] = next;
      } else if (isSchemaClass(type)) {
        if (value === null || value === undefined) {
          if (record[name] !== undefined) record[name] = undefined;
        } else {
          if (!(record[name] instanceof Schema)) {
            record[name] = new type();
            created?.push(record[name] as Schema);
          }
          mirrorObject(record[name] as Schema, value, created);
        }
      } else if ('array' in type) {
        if (typeof type.array === 'string') mirrorPrimitives(record[name] as ArraySchema<unknown>, type.array, value);
        else mirrorArray(record[name] as ArraySchema<unknown>, type.array, value, created);
      } else if ('map' in type) {
        mirrorMap(record[name] as MapSchema<unknown>, type.map, value, created);
      }
    } catch (err) {
      throw below(err, `.${name}`);
    }
  }
  mirroredFrom.set(target, source);
}

/**
 * Arrays of primitives: only the changed stretch between the common head and the common tail is
 * touched, so removing one entry is one DELETE on the wire instead of a rewrite of every later index.
 * Entries inserted before the end are written index by index from there on, never spliced in: a
 * client of @colyseus/schema 5.0 decodes such a splice wrongly when an inserted value equals one
 * already there (an entry lost or misplaced, e.g. a card picked up into a sorted hand holding its twin).
 */
function mirrorPrimitives(target: ArraySchema<unknown>, item: string, source: unknown): void {
  if (!Array.isArray(source)) throw new Misfit('', 'expected an array');
  const last = mirroredFrom.get(target);
  if (last === source) return;
  mirroredFrom.set(target, source); // nothing below throws
  if (Array.isArray(last) && sameEntries(last, source)) return; // equal values: the schema holds them already
  const old = target.toArray(); // one read through the ArraySchema proxy, not one per index
  const n = source.length;
  const next: unknown[] = new Array(n);
  for (let i = 0; i < n; i++) next[i] = primitive(item, source[i]);
  let head = 0;
  while (head < n && head < old.length && old[head] === next[head]) head++;
  if (head === n && n === old.length) return;
  let oldEnd = old.length;
  let nextEnd = n;
  while (oldEnd > head && nextEnd > head && old[oldEnd - 1] === next[nextEnd - 1]) {
    oldEnd--;
    nextEnd--;
  }
  const removed = oldEnd - head;
  const added = nextEnd - head;
  const overlap = Math.min(removed, added);
  for (let i = head; i < head + overlap; i++) if (old[i] !== next[i]) target[i] = next[i];
  if (removed > added) target.splice(head + overlap, removed - added);
  else if (added > removed) {
    for (let i = head + overlap; i < old.length; i++) if (old[i] !== next[i]) target[i] = next[i];
    target.push(...next.slice(old.length));
  }
}

function mirrorArray(target: ArraySchema<unknown>, item: unknown, source: unknown, created?: Schema[]): void {
  if (!Array.isArray(source)) throw new Misfit('', 'expected an array');
  if (!isSchemaClass(item)) return;
  const last = mirroredFrom.get(target);
  if (last === source) return;
  if (Array.isArray(last) && last.length <= source.length && sameEntries(last, source, last.length)) {
    // The same objects as last time, maybe with more after them (a bet added): only the new tail is read.
    for (let i = last.length; i < source.length; i++) {
      const child = new item();
      target.push(child);
      created?.push(child);
      try {
        mirrorObject(child, source[i], created);
      } catch (err) {
        throw below(err, `[${i}]`);
      }
    }
    mirroredFrom.set(target, source);
    return;
  }
  let length = target.length;
  while (length > source.length) {
    target.pop();
    length--;
  }
  const items = target.toArray();
  for (let i = 0; i < source.length; i++) {
    let child = items[i] as Schema | undefined;
    if (i >= length) {
      child = new item();
      target.push(child);
      created?.push(child);
    }
    try {
      mirrorObject(child!, source[i], created);
    } catch (err) {
      throw below(err, `[${i}]`);
    }
  }
  mirroredFrom.set(target, source);
}

/** The first `n` entries (all by default) of two arrays are the same values or objects. */
export function sameEntries(a: readonly unknown[], b: readonly unknown[], n = -1): boolean {
  if (n < 0) {
    if (a.length !== b.length) return false;
    n = a.length;
  }
  for (let i = 0; i < n; i++) if (a[i] !== b[i]) return false;
  return true;
}

function mirrorMap(target: MapSchema<unknown>, item: unknown, source: unknown, created?: Schema[]): void {
  if (source === null || typeof source !== 'object' || Array.isArray(source)) throw new Misfit('', 'expected a record');
  if (mirroredFrom.get(target) === source) return;
  const entries = source as Record<string, unknown>;
  for (const key of Array.from(target.keys())) if (!(key in entries)) target.delete(key);
  for (const key in entries) {
    const value = entries[key];
    if (typeof item === 'string') {
      const next = primitive(item, value);
      if (target.get(key) !== next) target.set(key, next);
    } else if (isSchemaClass(item)) {
      let child = target.get(key) as Schema | undefined;
      if (!child) {
        child = new item();
        target.set(key, child);
        created?.push(child);
      }
      try {
        mirrorObject(child, value, created);
      } catch (err) {
        throw below(err, `.${key}`);
      }
    }
  }
  mirroredFrom.set(target, source);
}
