// One pass over a file's bytes: the Aho-Corasick automaton finds every literal
// anchor of every signature; each hit is confirmed by its pattern's regex in a
// bounded window around it. Cost per byte does not depend on the number of
// signatures; confirmation cost depends on hits, bounded per pattern and file.
import { AhoCorasick, type AnchorHit, packedAutomaton } from '../util/aho-corasick.ts';
import { sharedBytes } from '../util/shared-build.ts';
import type { Signature } from './types.ts';

/** Bytes examined either side of an anchor: version strings are short. */
export const WINDOW = 160;
const CHUNK = 4 * 1024 * 1024;
/** Confirmations per pattern and file; a binary full of one anchor stops costing after this. */
const MAX_CONFIRMATIONS = 2000;

export interface SignatureHit {
  signature: Signature;
  version: string;
  /** Offset of the matched text in the file. */
  offset: number;
  text: string;
}

interface CompiledPattern {
  signature: Signature;
  regex: RegExp;
  excludes: RegExp[];
  key: number;
}

export class SignatureMatcher {
  readonly signatures: readonly Signature[];
  /** The anchors' automaton, built at the first scan (a thread that only reads the signatures needs none). */
  #built: AhoCorasick | undefined;
  readonly #anchors: string[];
  /** Per anchor index, the patterns that share it. */
  readonly #byAnchor: CompiledPattern[][];
  /** Per anchor index, its length in bytes (anchors are latin1: one byte per character). */
  readonly #anchorLengths: number[] = [];

  /** Shared memory where one of the threads sharing it builds the automaton for all (sharedBytes). */
  readonly #shared: SharedArrayBuffer | undefined;

  constructor(signatures: readonly Signature[], options: { shared?: SharedArrayBuffer } = {}) {
    this.signatures = signatures;
    this.#shared = options.shared;
    const anchorIds = new Map<string, number>();
    this.#byAnchor = [];
    let key = 0;
    for (const signature of signatures) {
      const excludes = (signature.exclude ?? []).map((e) => new RegExp(e));
      for (const pattern of signature.patterns ?? []) {
        let id = anchorIds.get(pattern.anchor);
        if (id === undefined) {
          id = anchorIds.size;
          anchorIds.set(pattern.anchor, id);
          this.#byAnchor.push([]);
          this.#anchorLengths.push(pattern.anchor.length);
        }
        this.#byAnchor[id]?.push({ signature, regex: new RegExp(pattern.regex, 'g'), excludes, key: key++ });
      }
    }
    this.#anchors = [...anchorIds.keys()];
  }

  get #automaton(): AhoCorasick {
    if (this.#built === undefined) {
      const packed = (): Uint8Array => packedAutomaton(this.#anchors.map((a) => Buffer.from(a, 'latin1')));
      const shared = this.#shared;
      this.#built = new AhoCorasick(shared === undefined ? packed() : sharedBytes(shared, packed));
    }
    return this.#built;
  }

  get automatonStates(): number {
    return this.#automaton.states;
  }

  get automatonColumns(): number {
    return this.#automaton.columns;
  }

  /** All distinct (signature, version) hits in the bytes produced by `read`, first offset each. */
  async scan(size: number, read: (offset: number, length: number) => Promise<Buffer>, signal?: AbortSignal): Promise<SignatureHit[]> {
    const found = new Map<string, SignatureHit>();
    const confirmations = new Map<number, number>();
    this.#automaton.reset();
    // `carry` holds the last bytes of the previous chunk so that windows can reach back.
    let carry: Buffer = Buffer.alloc(0);
    let pending: AnchorHit[] = [];
    for (let offset = 0; offset < size; offset += CHUNK) {
      signal?.throwIfAborted();
      const chunk = await read(offset, Math.min(CHUNK, size - offset));
      if (chunk.length === 0) break;
      const buf = carry.length > 0 ? Buffer.concat([carry, chunk]) : chunk;
      const base = offset - carry.length;
      const end = offset + chunk.length;
      const ready: AnchorHit[] = [];
      // Hits from the previous chunk whose window reached past it are confirmed now.
      for (const hit of pending) ready.push(hit);
      pending = [];
      this.#automaton.feed(chunk, (hit) => {
        if (hit.start + WINDOW * 2 > end && end < size) pending.push(hit);
        else ready.push(hit);
      });
      for (const hit of ready) this.#confirm(hit, buf, base, found, confirmations);
      carry = buf.subarray(Math.max(0, buf.length - WINDOW * 4));
    }
    for (const hit of pending) this.#confirm(hit, carry, size - carry.length, found, confirmations);
    return [...found.values()].sort((a, b) => a.offset - b.offset);
  }

  #confirm(hit: AnchorHit, buf: Buffer, base: number, found: Map<string, SignatureHit>, confirmations: Map<number, number>): void {
    const anchorLength = this.#anchorLengths[hit.anchor] ?? 0;
    const from = Math.max(0, hit.start - base - WINDOW);
    const to = Math.min(buf.length, hit.start - base + anchorLength + WINDOW);
    if (hit.start - base < 0) return;
    const text = buf.toString('latin1', from, to);
    const anchorAt = hit.start - base - from;
    for (const pattern of this.#byAnchor[hit.anchor] ?? []) {
      const count = confirmations.get(pattern.key) ?? 0;
      if (count >= MAX_CONFIRMATIONS) continue;
      confirmations.set(pattern.key, count + 1);
      pattern.regex.lastIndex = 0;
      for (let m = pattern.regex.exec(text); m; m = pattern.regex.exec(text)) {
        if (m[0].length === 0) pattern.regex.lastIndex++;
        // The match must contain this anchor occurrence, or the same text is confirmed once per anchor in it.
        if (m.index > anchorAt || m.index + m[0].length < anchorAt + anchorLength) continue;
        const version = m.groups?.version;
        if (!version || pattern.excludes.some((e) => e.test(m[0]))) continue;
        const key = `${pattern.signature.id}\0${version}`;
        if (!found.has(key)) found.set(key, { signature: pattern.signature, version, offset: base + from + m.index, text: m[0] });
        break;
      }
    }
  }

}
