// A streaming splitter for large JSON feeds: it yields the raw text of each item of the
// feed's big collection and never holds more than one item (plus the small rest of the
// document), so memory stays flat however large the file. Each item is then parsed with
// JSON.parse, which is fast and exact; a malformed item fails alone.
//
// Two shapes are read:
//  - `elements`: the elements of a top-level array (`[{...}, {...}]`) or of the array
//    under one of `arrayKeys` in the top-level object (NVD API pages:
//    `{"resultsPerPage":2000, ..., "vulnerabilities":[{"cve":{...}}, ...]}`). Everything
//    else is kept as `head` text with that array emptied, so a single bare record (no
//    such array) comes back whole as the head.
//  - `entries`: every property of the top-level object with its key (the Debian
//    tracker: `{"zlib": {"CVE-2023-45853": {...}}, "openssl": {...}}`).

export type JsonSplitMode = { kind: 'elements'; arrayKeys: readonly string[] } | { kind: 'entries' };

export interface JsonItem {
  /** The property name in `entries` mode; null for array elements. */
  readonly key: string | null;
  readonly text: string;
  /** Index of the item in the collection. */
  readonly index: number;
}

export interface JsonSplitResult {
  /** `elements` mode: the document with the split array emptied. */
  readonly head: string;
  /** Whether a collection to split was found. */
  readonly found: boolean;
}

/** The non-split part of a document is bounded: a bigger one is not a feed we read. */
export const MAX_HEAD_CHARS = 64 * 1024 * 1024;

/**
 * Splits the JSON read from `chunks`, calling `onItem` for every item (awaited, so a
 * slow consumer slows the reading down). Throws a SyntaxError on a document that is not
 * JSON-shaped at the level it reads (unbalanced brackets, truncation, text after the end).
 */
export async function splitJson(
  chunks: AsyncIterable<string>,
  mode: JsonSplitMode,
  onItem: (item: JsonItem) => Promise<void> | void,
  signal?: AbortSignal,
): Promise<JsonSplitResult> {
  const splitter = new Splitter(mode);
  for await (const chunk of chunks) {
    signal?.throwIfAborted();
    for (const item of splitter.push(chunk)) await onItem(item);
  }
  splitter.end();
  return { head: splitter.head, found: splitter.found };
}

interface Frame {
  readonly array: boolean;
  /** Object frames: the last key read at this level (top level only). */
  key: string | null;
  /** The elements or properties of this frame are the items. */
  readonly target: boolean;
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COMMA = 0x2c;
const COLON = 0x3a;
const LBRACE = 0x7b;
const RBRACE = 0x7d;
const LBRACKET = 0x5b;
const RBRACKET = 0x5d;

function isSpace(c: number): boolean {
  return c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09;
}

class Splitter {
  head = '';
  found = false;
  private readonly mode: JsonSplitMode;
  private readonly stack: Frame[] = [];
  private inString = false;
  private escape = false;
  private started = false;
  private ended = false;
  private count = 0;
  /** Top-level object: the next string is a key. */
  private expectKey = false;
  private inKey = false;
  private keyBuf = '';
  private keyStart = 0;
  private inItem = false;
  private itemBuf = '';
  private itemStart = 0;
  private itemDepth = 0;
  private itemPrimitive = false;
  private itemString = false;
  private itemKey: string | null = null;
  private headStart = 0;

  constructor(mode: JsonSplitMode) {
    this.mode = mode;
  }

  *push(chunk: string): Generator<JsonItem> {
    this.itemStart = 0;
    this.keyStart = 0;
    this.headStart = 0;
    for (let i = 0; i < chunk.length; i++) {
      const c = chunk.charCodeAt(i);
      if (this.inString) {
        if (this.escape) this.escape = false;
        else if (c === BACKSLASH) this.escape = true;
        else if (c === QUOTE) {
          this.inString = false;
          if (this.inKey) this.endKey(chunk, i + 1);
          if (this.inItem && this.itemString) yield this.endItem(chunk, i + 1);
        }
        continue;
      }
      if (isSpace(c)) continue;
      if (this.ended) throw new SyntaxError('unexpected text after the end of the JSON document');
      if (this.inItem && this.itemPrimitive && (c === COMMA || c === RBRACKET || c === RBRACE)) yield this.endItem(chunk, i);
      const top = this.stack[this.stack.length - 1];
      if (!this.inItem && top?.target && c !== RBRACKET && c !== RBRACE) {
        if (c === COMMA) {
          this.skipInHead(chunk, i);
          if (!top.array) this.expectKey = true;
          continue;
        }
        if (!top.array && c === COLON) {
          this.expectKey = false;
          continue;
        }
        if (!top.array && this.expectKey && c === QUOTE) {
          this.startKey(i);
          continue;
        }
        this.startItem(chunk, i, c, top);
        if (c === QUOTE) {
          this.inString = true;
          continue;
        }
        if (this.itemPrimitive) continue;
      }
      if (c === QUOTE) {
        this.inString = true;
        if (this.stack.length === 1 && !top?.array && this.expectKey && !this.inItem) this.startKey(i);
      } else if (c === LBRACE || c === LBRACKET) {
        this.open(c === LBRACKET);
      } else if (c === RBRACE || c === RBRACKET) {
        const closing = this.stack.pop();
        if (closing === undefined || closing.array !== (c === RBRACKET)) throw new SyntaxError('unbalanced brackets');
        if (this.stack.length === 0) this.ended = true;
        if (this.inItem && this.stack.length === this.itemDepth) yield this.endItem(chunk, i + 1);
      } else if (c === COMMA) {
        if (this.stack.length === 1 && !top?.array) this.expectKey = true;
      } else if (c === COLON) {
        if (this.stack.length === 1) this.expectKey = false;
      } else if (!this.started) {
        throw new SyntaxError('a JSON feed starts with { or [');
      }
    }
    if (this.inItem) this.itemBuf += chunk.slice(this.itemStart);
    if (this.inKey) this.keyBuf += chunk.slice(this.keyStart);
    if (!this.inItem) this.appendHead(chunk.slice(this.headStart));
  }

  end(): void {
    if (!this.started) throw new SyntaxError('the JSON document is empty');
    if (this.inItem || this.inString || this.stack.length > 0) throw new SyntaxError('the JSON document is truncated');
  }

  private open(array: boolean): void {
    const parent = this.stack[this.stack.length - 1];
    let target = false;
    if (!this.inItem) {
      if (this.mode.kind === 'entries') target = this.stack.length === 0 && !array;
      else if (this.stack.length === 0) target = array;
      else if (this.stack.length === 1 && array && parent && !parent.array && parent.key !== null && !this.found) {
        target = this.mode.arrayKeys.includes(parent.key);
      }
    }
    if (target) this.found = true;
    this.started = true;
    this.stack.push({ array, key: null, target });
    if (this.stack.length === 1 && !array) this.expectKey = true;
  }

  private startKey(i: number): void {
    this.inString = true;
    this.inKey = true;
    this.keyBuf = '';
    this.keyStart = i;
  }

  private endKey(chunk: string, to: number): void {
    const raw = this.keyBuf + chunk.slice(this.keyStart, to);
    this.inKey = false;
    this.keyBuf = '';
    const top = this.stack[this.stack.length - 1];
    if (top && !top.array) top.key = JSON.parse(raw) as string;
  }

  private startItem(chunk: string, i: number, c: number, top: Frame): void {
    this.skipInHead(chunk, i, false);
    this.inItem = true;
    this.itemBuf = '';
    this.itemStart = i;
    this.itemDepth = this.stack.length;
    this.itemString = c === QUOTE;
    this.itemPrimitive = c !== QUOTE && c !== LBRACE && c !== LBRACKET;
    this.itemKey = top.array ? null : top.key;
  }

  private endItem(chunk: string, to: number): JsonItem {
    const item: JsonItem = { key: this.itemKey, text: this.itemBuf + chunk.slice(this.itemStart, to), index: this.count };
    this.count += 1;
    this.inItem = false;
    this.itemBuf = '';
    this.headStart = to;
    return item;
  }

  /** Ends the head before position i; with `skip`, the character at i is left out. */
  private skipInHead(chunk: string, i: number, skip = true): void {
    this.appendHead(chunk.slice(this.headStart, i));
    this.headStart = skip ? i + 1 : i;
  }

  private appendHead(text: string): void {
    if (this.mode.kind !== 'elements' || text === '') return;
    this.head += text;
    if (this.head.length > MAX_HEAD_CHARS) throw new SyntaxError('the JSON document has no collection this feed reads');
  }
}
