// Aho-Corasick over bytes with a dense transition table: one table lookup per input
// byte whatever the number of anchors, so adding signatures does not slow the pass
// (only the table grows). States are rows of 256 Int32 transitions.

export interface AnchorHit {
  /** Index of the anchor in the list given to the constructor. */
  anchor: number;
  /** Offset of the anchor's first byte, counted from the start of the stream. */
  start: number;
}

export class AhoCorasick {
  readonly #delta: Int32Array;
  /** Per state: anchors ending here (its own and its fail chain's), flattened. */
  readonly #outStart: Int32Array;
  readonly #outList: Int32Array;
  readonly #lengths: Int32Array;
  #state = 0;
  #position = 0;

  constructor(anchors: readonly Buffer[]) {
    const goto: Map<number, number>[] = [new Map()];
    const outs: number[][] = [[]];
    anchors.forEach((anchor, id) => {
      if (anchor.length === 0) throw new Error(`anchor ${id} is empty`);
      let s = 0;
      for (const byte of anchor) {
        let next = goto[s]?.get(byte);
        if (next === undefined) {
          next = goto.length;
          goto.push(new Map());
          outs.push([]);
          goto[s]?.set(byte, next);
        }
        s = next;
      }
      outs[s]?.push(id);
    });
    const states = goto.length;
    const delta = new Int32Array(states * 256);
    const fail = new Int32Array(states);
    // Breadth-first: a state's fail link and row are complete before its children's.
    const queue: number[] = [];
    for (let b = 0; b < 256; b++) {
      const child = goto[0]?.get(b) ?? 0;
      delta[b] = child;
      if (child !== 0) queue.push(child);
    }
    for (let head = 0; head < queue.length; head++) {
      const s = queue[head] ?? 0;
      const failRow = (fail[s] ?? 0) * 256;
      outs[s]?.push(...(outs[fail[s] ?? 0] ?? []));
      for (let b = 0; b < 256; b++) {
        const child = goto[s]?.get(b);
        if (child === undefined) {
          delta[s * 256 + b] = delta[failRow + b] ?? 0;
        } else {
          fail[child] = delta[failRow + b] ?? 0;
          delta[s * 256 + b] = child;
          queue.push(child);
        }
      }
    }
    this.#delta = delta;
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

  get states(): number {
    return this.#outStart.length - 1;
  }

  /** Start a new stream. */
  reset(): void {
    this.#state = 0;
    this.#position = 0;
  }

  /** Feed the next bytes of the stream; calls `onHit` for every anchor occurrence. */
  feed(bytes: Uint8Array, onHit: (hit: AnchorHit) => void): void {
    const delta = this.#delta;
    const outStart = this.#outStart;
    let s = this.#state;
    for (let i = 0; i < bytes.length; i++) {
      s = delta[(s << 8) | (bytes[i] ?? 0)] ?? 0;
      const from = outStart[s] ?? 0;
      const to = outStart[s + 1] ?? 0;
      if (from === to) continue;
      for (let k = from; k < to; k++) {
        const anchor = this.#outList[k] ?? 0;
        onHit({ anchor, start: this.#position + i + 1 - (this.#lengths[anchor] ?? 0) });
      }
    }
    this.#state = s;
    this.#position += bytes.length;
  }
}
