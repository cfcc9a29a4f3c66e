// A value that one thread builds for all the threads sharing a SharedArrayBuffer: the scan's
// worker threads each need the signature automaton and the licence index, which take 0.1–0.3 s
// of CPU each to build. The first thread to ask builds the value's bytes into the buffer; the
// others wait for them and read them where they are. A thread that cannot get them (the builder
// failed, took too long, or the bytes do not fit) builds its own, as it would without sharing.

/** Int32 slots before the bytes: the state, then the bytes' length. */
const HEADER_BYTES = 8;
const EMPTY = 0;
const BUILDING = 1;
const READY = 2;
const FAILED = 3;
/** How long a thread waits for another's build before it builds its own. */
const DEFAULT_WAIT_MS = 20_000;

/** Shared memory for one value of at most `maxBytes` (committed only as far as it is written). */
export function sharedSlot(maxBytes: number): SharedArrayBuffer {
  return new SharedArrayBuffer(HEADER_BYTES + maxBytes);
}

/**
 * The bytes `build` makes, built once among the threads sharing `slot` (none: built here). The
 * answer is a view of the shared memory, which no thread may write to; or, when it could not
 * be shared, the bytes built here. `build` must give the same bytes in every thread.
 */
export function sharedBytes(slot: SharedArrayBuffer | undefined, build: () => Uint8Array, waitMs = DEFAULT_WAIT_MS): Uint8Array {
  if (slot === undefined) return build();
  const header = new Int32Array(slot, 0, 2);
  if (Atomics.compareExchange(header, 0, EMPTY, BUILDING) === EMPTY) return buildInto(slot, header, build);
  Atomics.wait(header, 0, BUILDING, waitMs);
  if (Atomics.load(header, 0) === READY) return new Uint8Array(slot, HEADER_BYTES, Atomics.load(header, 1));
  return build();
}

function buildInto(slot: SharedArrayBuffer, header: Int32Array, build: () => Uint8Array): Uint8Array {
  let bytes: Uint8Array;
  try {
    bytes = build();
  } catch (err) {
    settle(header, FAILED);
    throw err;
  }
  if (bytes.length > slot.byteLength - HEADER_BYTES) {
    settle(header, FAILED);
    return bytes;
  }
  const shared = new Uint8Array(slot, HEADER_BYTES, bytes.length);
  shared.set(bytes);
  Atomics.store(header, 1, bytes.length);
  settle(header, READY);
  return shared;
}

function settle(header: Int32Array, state: number): void {
  Atomics.store(header, 0, state);
  Atomics.notify(header, 0);
}

/** Int32 values laid out one array after the other, each preceded by its length. */
export function packInt32(arrays: readonly Int32Array[]): Uint8Array {
  const total = arrays.reduce((n, a) => n + 1 + a.length, 1);
  const out = new Int32Array(total);
  out[0] = arrays.length;
  let at = 1;
  for (const array of arrays) {
    out[at++] = array.length;
    out.set(array, at);
    at += array.length;
  }
  return new Uint8Array(out.buffer);
}

/** The arrays packInt32 laid out, as views of `bytes` (no copy). */
export function unpackInt32(bytes: Uint8Array): Int32Array[] {
  if (bytes.byteOffset % 4 !== 0 || bytes.byteLength % 4 !== 0) throw new Error('packed Int32 values must be 4-byte aligned');
  const all = new Int32Array(bytes.buffer, bytes.byteOffset, bytes.byteLength / 4);
  const count = all[0] ?? 0;
  const out: Int32Array[] = [];
  let at = 1;
  for (let i = 0; i < count; i++) {
    const length = all[at++] ?? 0;
    if (length < 0 || at + length > all.length) throw new Error('packed Int32 values are truncated');
    out.push(all.subarray(at, at + length));
    at += length;
  }
  return out;
}
