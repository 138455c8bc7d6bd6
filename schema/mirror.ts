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

const isSchemaClass = (t: unknown): t is new () => Schema => typeof t === 'function';

function primitive(type: string, value: unknown): unknown {
  if (type === 'string') {
    if (value === null || value === undefined) return '';
    return typeof value === 'string' ? value : JSON.stringify(value);
  }
  if (type === 'boolean') return Boolean(value);
  return typeof value === 'number' ? value : 0;
}

export function mirror(target: Schema, source: unknown, path = '$', created?: Schema[]): void {
  if (source === null || typeof source !== 'object' || Array.isArray(source)) {
    throw new TypeError(`${path}: expected an object for ${target.constructor.name}`);
  }
  const fields = fieldsOf(target);
  const record = target as unknown as Record<string, unknown>;
  for (const key of Object.keys(source)) {
    if (!fields.has(key)) throw new TypeError(`${path}.${key}: not declared in schema ${target.constructor.name}`);
  }
  for (const { name, type } of fields.values()) {
    if (!(name in source)) continue;
    const value = (source as Record<string, unknown>)[name];
    const at = `${path}.${name}`;
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
        mirror(record[name] as Schema, value, at, created);
      }
    } else if ('array' in type) {
      mirrorArray(record[name] as ArraySchema<unknown>, type.array, value, at, created);
    } else if ('map' in type) {
      mirrorMap(record[name] as MapSchema<unknown>, type.map, value, at, created);
    }
  }
}

function mirrorArray(target: ArraySchema<unknown>, item: unknown, source: unknown, path: string, created?: Schema[]): void {
  if (!Array.isArray(source)) throw new TypeError(`${path}: expected an array`);
  while (target.length > source.length) target.pop();
  source.forEach((value, i) => {
    if (typeof item === 'string') {
      const next = primitive(item, value);
      if (i >= target.length) target.push(next);
      else if (target[i] !== next) target[i] = next;
    } else if (isSchemaClass(item)) {
      if (i >= target.length) {
        target.push(new item());
        created?.push(target[i] as Schema);
      }
      mirror(target[i] as Schema, value, `${path}[${i}]`, created);
    }
  });
}

function mirrorMap(target: MapSchema<unknown>, item: unknown, source: unknown, path: string, created?: Schema[]): void {
  if (source === null || typeof source !== 'object' || Array.isArray(source)) throw new TypeError(`${path}: expected a record`);
  const entries = source as Record<string, unknown>;
  for (const key of Array.from(target.keys())) if (!(key in entries)) target.delete(key);
  for (const [key, value] of Object.entries(entries)) {
    if (typeof item === 'string') {
      const next = primitive(item, value);
      if (target.get(key) !== next) target.set(key, next);
    } else if (isSchemaClass(item)) {
      if (!target.has(key)) {
        target.set(key, new item());
        created?.push(target.get(key) as Schema);
      }
      mirror(target.get(key) as Schema, value, `${path}.${key}`, created);
    }
  }
}
