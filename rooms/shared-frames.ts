/**
 * Frames clients share instead of each getting its own copy: the schema handshake (one per game) and
 * the table's patch for every client whose private part did not change.
 *
 * The handshake describes the state's types to a joining client. Colyseus encodes it once per room;
 * it is the same for every room of a game, so it is encoded once per game.
 *
 * With per-seat views (the state's `private` entries), Colyseus encodes each client's patch on its
 * own: it walks every change of the tick again for that client's view and copies the shared part into
 * a new frame, even when nothing the client alone may see has changed — on a bet-race roll, eight
 * times for one change everybody sees. Here the changed parts only some views see are listed once per
 * patch; a view that sees none of them and has nothing of its own pending (a newly shown part) gets one
 * copy of the shared frame, made once per patch. Whatever this cannot vouch for (a view-only field of
 * a public part changed, streams) takes Colyseus' own path.
 */
import type { Encoder, StateView } from '@colyseus/schema';

/** The parts of @colyseus/schema's change tracking read here (Encoder.root, ChangeTree). */
interface Part {
  isFiltered: boolean;
  has(): boolean;
  forEach(cb: (index: number, op: number) => void): void;
  encDescriptor: { isSchema: boolean; filterBitmask: number; tags?: unknown[] };
}
interface Tracking {
  changes: { next?: Queued };
  streamTrees: { size: number };
}
interface Queued {
  next?: Queued;
  changeTree: Part;
}
type Encode = (it?: { offset: number }, view?: StateView, buffer?: Uint8Array, initialOffset?: number) => Uint8Array;
type EncodeView = (view: StateView, sharedOffset: number, it: { offset: number }, bytes?: Uint8Array) => Uint8Array;
type Target = { encode: Encode; encodeView: EncodeView; discardChanges(): void; root: Tracking };

const handshakes = new WeakMap<object, Uint8Array>();

/** The room's serializer (`room._serializer`) as used here. */
export interface SchemaSerializing {
  encoder: Encoder;
  handshakeCache?: Uint8Array;
  handshake(): Uint8Array;
}

/** Gives the room the handshake of its state class, encoded by the first room of the game. */
export function shareHandshake(serializer: SchemaSerializing, stateClass: object) {
  const known = handshakes.get(stateClass);
  if (known) serializer.handshakeCache = known;
  else handshakes.set(stateClass, serializer.handshake());
}

export function shareUnchangedViews(encoder: Encoder) {
  const target = encoder as unknown as Target;
  const encode = target.encode.bind(encoder);
  const encodeView = target.encodeView.bind(encoder);
  const discardChanges = target.discardChanges.bind(encoder);
  /** The changed parts that only some views see, or null when this patch takes Colyseus' path. */
  let onlySome: Part[] | null = null;
  let frame: Uint8Array | null = null;
  let copy: Uint8Array | null = null;

  target.encode = (it, view, buffer, initialOffset) => {
    const out = encode(it, view, buffer, initialOffset);
    if (view === undefined) {
      // The shared pass, once per patch before any view (it settles which parts are filtered first).
      onlySome = partsOnlySomeSee(target.root);
      frame = out;
      copy = null;
    }
    return out;
  };

  target.discardChanges = () => {
    onlySome = frame = copy = null; // the patch is sent
    discardChanges();
  };

  target.encodeView = (view, sharedOffset, it, bytes) => {
    if (onlySome !== null && frame !== null && frame.length === sharedOffset && view.changes.size === 0 && !onlySome.some((part) => view.isChangeTreeVisible(part as never))) {
      // The shared buffer is overwritten by the next patch, while a slow socket may still hold a frame.
      copy ??= frame.slice();
      return copy;
    }
    return encodeView(view, sharedOffset, it, bytes);
  };
}

function partsOnlySomeSee(root: Tracking): Part[] | null {
  if (root.streamTrees.size > 0) return null;
  const parts: Part[] = [];
  for (let queued = root.changes.next; queued !== undefined; queued = queued.next) {
    const part = queued.changeTree;
    if (!part.has()) continue;
    if (part.isFiltered) parts.push(part);
    else if (part.encDescriptor.isSchema && viewFieldChanged(part)) return null;
  }
  return parts;
}

/** A public part's field that only some views see (tagged `.view()`) changed. */
function viewFieldChanged(part: Part): boolean {
  const { filterBitmask, tags } = part.encDescriptor;
  if (filterBitmask === 0 && !tags?.length) return false;
  let changed = false;
  part.forEach((index) => {
    if (index < 32 ? (filterBitmask & (1 << index)) !== 0 : tags?.[index] !== undefined) changed = true;
  });
  return changed;
}
