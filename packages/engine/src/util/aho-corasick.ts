// Aho-Corasick over bytes as a dense DFA: one table lookup per input byte whatever
// the number of anchors, so adding signatures does not slow the pass. Two things keep
// the table small enough to stay in cache as it grows:
// - byte classes: bytes that occur in no anchor behave alike and share one column, so a
//   row has one column per distinct anchor byte plus one (about 80, not 256);
// - transitions hold the target's row offset (state × columns), and a target with
//   anchors ending in it is stored bitwise-negated, so the hot loop tests one sign
//   instead of reading a second table.

import { cachedBuild } from './build-cache.ts';
import { packInt32, unpackInt32 } from './shared-build.ts';

export interface AnchorHit {
  /** Index of the anchor in the list given to the constructor. */
  anchor: number;
  /** Offset of the anchor's first byte, counted from the start of the stream. */
  start: number;
}

export class AhoCorasick {
  /** Column of each byte value. */
  readonly #classes: Uint8Array;
  readonly #columns: number;
  /** Row offset of the target per (row offset + column); negated (~) when the target has outputs. */
  readonly #delta: Int32Array;
  /** Per state: anchors ending here (its own and its fail chain's), flattened. */
  readonly #outStart: Int32Array;
  readonly #outList: Int32Array;
  readonly #lengths: Int32Array;
  #row = 0;
  #position = 0;

  /** `anchors`, or an automaton's `packed()` tables (read where they are, not copied). */
  constructor(anchors: readonly Buffer[] | Uint8Array) {
    if (anchors instanceof Uint8Array) {
      const [classes, columns, delta, outStart, outList, lengths] = unpackInt32(anchors);
      if (classes?.length !== 256 || columns?.length !== 1 || !delta || !outStart || !outList || !lengths) throw new Error('not a packed automaton');
      this.#classes = Uint8Array.from(classes);
      this.#columns = columns[0] ?? 1;
      this.#delta = delta;
      this.#outStart = outStart;
      this.#outList = outList;
      this.#lengths = lengths;
      return;
    }
    const { classes, columns } = byteClasses(anchors);
    const goto: Map<number, number>[] = [new Map()];
    const outs: number[][] = [[]];
    anchors.forEach((anchor, id) => {
      if (anchor.length === 0) throw new Error(`anchor ${id} is empty`);
      let s = 0;
      for (const byte of anchor) {
        const column = classes[byte] ?? 0;
        let next = goto[s]?.get(column);
        if (next === undefined) {
          next = goto.length;
          goto.push(new Map());
          outs.push([]);
          goto[s]?.set(column, next);
        }
        s = next;
      }
      outs[s]?.push(id);
    });
    const states = goto.length;
    if (states * columns > 0x7fffffff) throw new Error(`automaton too large: ${states} states`);
    // Plain state numbers first; converted to flagged row offsets once every row is known.
    const next = new Int32Array(states * columns);
    const fail = new Int32Array(states);
    // Breadth-first: a state's fail link and row are complete before its children's.
    const queue: number[] = [];
    for (let c = 0; c < columns; c++) {
      const child = goto[0]?.get(c) ?? 0;
      next[c] = child;
      if (child !== 0) queue.push(child);
    }
    for (let head = 0; head < queue.length; head++) {
      const s = queue[head] ?? 0;
      const failRow = (fail[s] ?? 0) * columns;
      outs[s]?.push(...(outs[fail[s] ?? 0] ?? []));
      // A missing transition is the fail state's: its row, copied whole, then the children set.
      next.copyWithin(s * columns, failRow, failRow + columns);
      for (const [c, child] of goto[s] ?? []) {
        fail[child] = next[failRow + c] ?? 0;
        next[s * columns + c] = child;
        queue.push(child);
      }
    }
    const hasOutput = Uint8Array.from(outs, (list) => (list.length > 0 ? 1 : 0));
    for (let i = 0; i < next.length; i++) {
      const target = next[i] ?? 0;
      const row = target * columns;
      next[i] = hasOutput[target] === 1 ? ~row : row;
    }
    this.#classes = classes;
    this.#columns = columns;
    this.#delta = next;
    this.#outStart = new Int32Array(states + 1);
    const flat: number[] = [];
    for (let s = 0; s < states; s++) {
      this.#outStart[s] = flat.length;
      flat.push(...(outs[s] ?? []));
    }
    this.#outStart[states] = flat.length;
    this.#outList = Int32Array.from(flat);
    this.#lengths = Int32Array.from(anchors.map((a) => a.length));
  }

  /** The tables, as the constructor takes them back (to share one automaton between threads). */
  packed(): Uint8Array {
    return packInt32([Int32Array.from(this.#classes), Int32Array.of(this.#columns), this.#delta, this.#outStart, this.#outList, this.#lengths]);
  }

  get states(): number {
    return this.#outStart.length - 1;
  }

  /** Columns per state: distinct anchor bytes plus one for all other bytes. */
  get columns(): number {
    return this.#columns;
  }

  /** Start a new stream. */
  reset(): void {
    this.#row = 0;
    this.#position = 0;
  }

  /** Feed the next bytes of the stream; calls `onHit` for every anchor occurrence. */
  feed(bytes: Uint8Array, onHit: (hit: AnchorHit) => void): void {
    const delta = this.#delta;
    const classes = this.#classes;
    let row = this.#row;
    for (let i = 0; i < bytes.length; i++) {
      row = delta[row + (classes[bytes[i] ?? 0] ?? 0)] ?? 0;
      if (row < 0) {
        row = ~row;
        this.#report(row / this.#columns, this.#position + i + 1, onHit);
      }
    }
    this.#row = row;
    this.#position += bytes.length;
  }

  #report(state: number, end: number, onHit: (hit: AnchorHit) => void): void {
    const to = this.#outStart[state + 1] ?? 0;
    for (let k = this.#outStart[state] ?? 0; k < to; k++) {
      const anchor = this.#outList[k] ?? 0;
      onHit({ anchor, start: end - (this.#lengths[anchor] ?? 0) });
    }
  }
}

/**
 * The packed tables (AhoCorasick#packed) of the automaton over `anchors`, from the build cache
 * when it holds them: built from the anchors by this module, packed by shared-build.ts.
 */
export function packedAutomaton(anchors: readonly Buffer[]): Uint8Array {
  const key = { name: 'aho-corasick', sources: [new URL(import.meta.url), new URL('./shared-build.ts', import.meta.url)], inputs: anchors };
  return cachedBuild(key, () => new AhoCorasick(anchors).packed());
}

/** Column 0 for bytes in no anchor; one column per distinct anchor byte. */
function byteClasses(anchors: readonly Buffer[]): { classes: Uint8Array; columns: number } {
  const used = new Uint8Array(256);
  for (const anchor of anchors) for (const byte of anchor) used[byte] = 1;
  const classes = new Uint8Array(256);
  let columns = 1;
  for (let b = 0; b < 256; b++) if (used[b]) classes[b] = columns++;
  // 256 distinct bytes need 257 columns: past a Uint8Array's range, fall back to one column per byte.
  if (columns > 256) return { classes: Uint8Array.from({ length: 256 }, (_, b) => b), columns: 256 };
  return { classes, columns };
}
