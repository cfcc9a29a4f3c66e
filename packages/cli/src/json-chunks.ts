// `JSON.stringify(value, null, 2) + '\n'` as UTF-8 in chunks, for printing a large native
// JSON (40 MB for a root file system's 90,000 leak findings) without one string of it all:
// each piece of text is encoded into the chunk as it is made and each chunk written as it
// fills. Joining the pieces into strings first costs several times more than the encoding
// (a string of many pieces is flattened, then converted, by V8 on its own thread).

/** The chunks handed out are about this many bytes. */
const CHUNK_BYTES = 1 << 20;

/**
 * The exact UTF-8 of `JSON.stringify(value, null, 2)` followed by a newline, in chunks of
 * about a megabyte. The outer object and the arrays directly in it are walked here (the
 * large lists are there); everything deeper is JSON.stringify's own text, re-indented.
 * JSON.stringify escapes lone surrogates, so every piece is well-formed UTF-16.
 */
export function* indentedJsonChunks(value: unknown): Generator<Buffer> {
  let chunk = Buffer.allocUnsafe(CHUNK_BYTES);
  let used = 0;
  for (const text of pieces(value, '')) {
    // UTF-8 takes at most 3 bytes for each UTF-16 code unit.
    if (used + text.length * 3 > CHUNK_BYTES) {
      if (used > 0) {
        yield chunk.subarray(0, used);
        chunk = Buffer.allocUnsafe(CHUNK_BYTES);
        used = 0;
      }
      if (text.length * 3 > CHUNK_BYTES) {
        yield Buffer.from(text, 'utf8');
        continue;
      }
    }
    used += chunk.write(text, used, 'utf8');
  }
  if (used === CHUNK_BYTES) {
    yield chunk;
    chunk = Buffer.allocUnsafe(1);
    used = 0;
  }
  chunk[used++] = 0x0a;
  yield chunk.subarray(0, used);
}

function* pieces(value: unknown, indent: string, depth = 0): Generator<string> {
  if (depth >= 2 || !isWalkable(value)) {
    // Callers leave out what has no JSON form (leafText is undefined) before coming here.
    yield leafText(value, indent) ?? 'null';
    return;
  }
  const inner = `${indent}  `;
  if (Array.isArray(value)) {
    if (value.length === 0) return yield '[]';
    for (const [i, item] of value.entries()) {
      yield `${i === 0 ? '[' : ','}\n${inner}`;
      // As JSON.stringify: an element with no JSON form (undefined, a function) is null.
      yield* pieces(item, inner, depth + 1);
    }
    return yield `\n${indent}]`;
  }
  let first = true;
  for (const [key, item] of Object.entries(value)) {
    const walk = depth + 1 < 2 && isWalkable(item);
    const text = walk ? undefined : leafText(item, inner);
    // As JSON.stringify: a property with no JSON form is left out.
    if (!walk && text === undefined) continue;
    yield `${first ? '{' : ','}\n${inner}${JSON.stringify(key)}: `;
    if (walk) yield* pieces(item, inner, depth + 1);
    else yield text as string;
    first = false;
  }
  yield first ? '{}' : `\n${indent}}`;
}

/** JSON.stringify's text of a value at `indent`, undefined when it has no JSON form. */
function leafText(value: unknown, indent: string): string | undefined {
  if (indent === '' || !hasJsonForm(value)) {
    const text = JSON.stringify(value, null, 2) as string | undefined;
    // Strings inside are escaped (a newline is \n), so every line break is JSON.stringify's own.
    return text === undefined || indent === '' ? text : text.replaceAll('\n', `\n${indent}`);
  }
  // Nested in one array per level of `indent`, the value is written at that indent by
  // JSON.stringify itself: its text is then cut out of the brackets, not re-indented (a copy
  // of every finding's text, and a tenth of a large result's printing).
  const levels = indent.length / 2;
  let nested: unknown = value;
  for (let level = 0; level < levels; level++) nested = [nested];
  const text = JSON.stringify(nested, null, 2);
  // Before it, "[" and "\n<2k spaces>[" for k = 1 .. levels-1, then "\n<2·levels spaces>":
  // levels² + 3·levels characters; after it, "\n<2k spaces>]" for k = levels-1 .. 0: levels² + levels.
  return text.slice(levels * levels + 3 * levels, text.length - (levels * levels + levels));
}

/** Written by JSON.stringify as itself: not undefined, a function or a symbol, and no toJSON of its own. */
function hasJsonForm(value: unknown): boolean {
  if (value === undefined || typeof value === 'function' || typeof value === 'symbol') return false;
  return typeof value !== 'object' || value === null || typeof (value as { toJSON?: unknown }).toJSON !== 'function';
}

/** A plain array or object, which JSON.stringify writes member by member (no toJSON). */
function isWalkable(value: unknown): value is object {
  if (typeof value !== 'object' || value === null || typeof (value as { toJSON?: unknown }).toJSON === 'function') return false;
  const prototype: unknown = Object.getPrototypeOf(value);
  return Array.isArray(value) || prototype === Object.prototype || prototype === null;
}
