// Which of many groups of keywords occur in a text, in one pass over it: an Aho-Corasick
// automaton over UTF-16 code units (a dense table over the code units the keywords use),
// instead of one `includes` per keyword, which reads the text once per keyword.

export class KeywordSet {
  readonly #groups: number;
  /** Column of each code unit below 128; code units of keywords above 127 are in #wide. */
  readonly #ascii = new Uint16Array(128);
  /** #ascii with A-Z in the columns of a-z: an ASCII text read as its lower case. */
  readonly #folded = new Uint16Array(128);
  readonly #wide = new Map<number, number>();
  readonly #columns: number;
  readonly #delta: Int32Array;
  /** Per state: the groups whose keywords end there (its own and its fail chain's). */
  readonly #outputs: number[][];
  /**
   * #delta with each target as its row offset (state × columns), bitwise-negated when the
   * target has outputs: presentGroups' loop then needs no multiply and tests one sign.
   */
  readonly #rows: Int32Array;
  /** Scratch of presentGroups: 1 for each group already listed. */
  readonly #listed: Uint8Array;
  /**
   * Column of every UTF-16 code unit (#ascii and #wide in one table, 128 KiB), and the same with
   * A-Z in the columns of a-z: presentGroups reads each character of every text searched, and
   * one table lookup per character, with no branch and no Map, is about twice as fast.
   */
  readonly #units = new Uint16Array(0x10000);
  readonly #foldedUnits = new Uint16Array(0x10000);
  /** Groups with an empty keyword: always present. */
  readonly #always: number[] = [];

  /** `groups[i]`: the keywords of group i; a group is present when any of its keywords occurs. */
  constructor(groups: readonly (readonly string[])[]) {
    this.#groups = groups.length;
    let columns = 1; // column 0: every code unit no keyword uses
    const columnOf = (unit: number): number => {
      const known = unit < 128 ? this.#ascii[unit] : this.#wide.get(unit);
      if (known) return known;
      if (unit < 128) this.#ascii[unit] = columns;
      else this.#wide.set(unit, columns);
      return columns++;
    };
    const goto: Map<number, number>[] = [new Map()];
    const outputs: Set<number>[] = [new Set()];
    groups.forEach((keywords, group) => {
      for (const keyword of keywords) {
        if (keyword.length === 0) {
          this.#always.push(group);
          continue;
        }
        let state = 0;
        for (let i = 0; i < keyword.length; i++) {
          const column = columnOf(keyword.charCodeAt(i));
          let next = goto[state]?.get(column);
          if (next === undefined) {
            next = goto.length;
            goto.push(new Map());
            outputs.push(new Set());
            goto[state]?.set(column, next);
          }
          state = next;
        }
        outputs[state]?.add(group);
      }
    });
    this.#columns = columns;
    const delta = new Int32Array(goto.length * columns);
    const fail = new Int32Array(goto.length);
    // Breadth first: a state's fail target is complete before the state is.
    const queue: number[] = [];
    for (const [column, next] of goto[0] ?? []) {
      delta[column] = next;
      queue.push(next);
    }
    for (let head = 0; head < queue.length; head++) {
      const state = queue[head] ?? 0;
      const failTo = fail[state] ?? 0;
      for (const group of outputs[failTo] ?? []) outputs[state]?.add(group);
      for (let column = 0; column < columns; column++) {
        const next = goto[state]?.get(column);
        if (next === undefined) delta[state * columns + column] = delta[failTo * columns + column] ?? 0;
        else {
          delta[state * columns + column] = next;
          fail[next] = delta[failTo * columns + column] ?? 0;
          queue.push(next);
        }
      }
    }
    this.#delta = delta;
    this.#outputs = outputs.map((s) => [...s]);
    this.#rows = delta.map((next) => ((this.#outputs[next]?.length ?? 0) > 0 ? ~(next * columns) : next * columns));
    this.#listed = new Uint8Array(this.#groups);
    this.#folded.set(this.#ascii);
    for (let c = 0x41; c <= 0x5a; c++) this.#folded[c] = this.#ascii[c + 0x20] ?? 0;
    this.#units.set(this.#ascii);
    for (const [unit, column] of this.#wide) this.#units[unit] = column;
    this.#foldedUnits.set(this.#units);
    this.#foldedUnits.set(this.#folded);
  }

  /**
   * Whether every keyword is ASCII. presentGroups(text, true) then finds what it finds in
   * text.toLowerCase() for any text, ASCII or not, but for the two characters whose lower case
   * is ASCII (U+0130, U+212A), which a pattern without the `u` flag does not read as i or k either.
   */
  get asciiOnly(): boolean {
    return this.#wide.size === 0;
  }

  /**
   * The groups present in `text`, ascending (present's ones, listed). `foldAscii`: A-Z read as
   * a-z, which for an ASCII text is reading its lower case (the keywords are lower case) without making it.
   * `among`: only the groups flagged 1 in it are listed.
   */
  presentGroups(text: string, foldAscii = false, among?: Uint8Array): readonly number[] {
    const listed = this.#listed;
    let out: number[] | undefined;
    for (const group of this.#always) {
      if (listed[group] === 1 || (among !== undefined && among[group] !== 1)) continue;
      listed[group] = 1;
      (out ??= []).push(group);
    }
    const columnOf = foldAscii ? this.#foldedUnits : this.#units;
    const rows = this.#rows;
    const columns = this.#columns;
    let row = 0;
    for (let i = 0; i < text.length; i++) {
      row = rows[row + (columnOf[text.charCodeAt(i)] ?? 0)] ?? 0;
      if (row >= 0) continue;
      row = ~row;
      for (const group of this.#outputs[row / columns] ?? []) {
        if (listed[group] === 1 || (among !== undefined && among[group] !== 1)) continue;
        listed[group] = 1;
        (out ??= []).push(group);
      }
    }
    // Called for every string of every binary, most of which hold no keyword: nothing is
    // allocated for those, and the few groups found are sorted in place (Array#sort allocates).
    if (out === undefined) return NONE;
    for (const group of out) listed[group] = 0;
    return insertionSorted(out);
  }

  /** One flag per group: 1 when one of its keywords occurs in `text`. */
  present(text: string): Uint8Array {
    const found = new Uint8Array(this.#groups);
    for (const group of this.#always) found[group] = 1;
    const ascii = this.#ascii;
    const wide = this.#wide;
    const delta = this.#delta;
    const columns = this.#columns;
    const outputs = this.#outputs;
    let state = 0;
    for (let i = 0; i < text.length; i++) {
      const unit = text.charCodeAt(i);
      const column = unit < 128 ? (ascii[unit] ?? 0) : (wide.get(unit) ?? 0);
      state = delta[state * columns + column] ?? 0;
      const out = outputs[state];
      if (out !== undefined && out.length > 0) for (const group of out) found[group] = 1;
    }
    return found;
  }
}

const NONE: readonly number[] = Object.freeze([]);

/** `list` sorted ascending in place: a handful of numbers. */
function insertionSorted(list: number[]): number[] {
  for (let i = 1; i < list.length; i++) {
    const value = list[i] ?? 0;
    let j = i - 1;
    for (; j >= 0 && (list[j] ?? 0) > value; j--) list[j + 1] = list[j] ?? 0;
    list[j + 1] = value;
  }
  return list;
}
