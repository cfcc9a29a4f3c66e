// `JSON.stringify(value, null, 2) + '\n'` in pieces, for printing a large native JSON
// (50 MB for a root file system's 90,000 leak findings) without one string of it all: each
// piece is written as it is made, and a piece without non-Latin-1 characters stays a
// one-byte string, which converts to UTF-8 several times faster than the two-byte string
// the whole document becomes once any character of it is outside Latin-1.

/** The pieces are joined up to about this many characters before being handed out. */
const PIECE_CHARS = 1 << 20;

/**
 * The exact text of `JSON.stringify(value, null, 2)` followed by a newline, in pieces of
 * about a megabyte. The outer object and the arrays directly in it are walked here (the
 * large lists are there); everything deeper is JSON.stringify's own text, re-indented.
 */
export function* indentedJsonPieces(value: unknown): Generator<string> {
  let pending = '';
  for (const text of pieces(value, '')) {
    pending += text;
    if (pending.length >= PIECE_CHARS) {
      yield pending;
      pending = '';
    }
  }
  yield `${pending}\n`;
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
  const text = JSON.stringify(value, null, 2) as string | undefined;
  // Strings inside are escaped (a newline is \n), so every line break is JSON.stringify's own.
  return text === undefined || indent === '' ? text : text.replaceAll('\n', `\n${indent}`);
}

/** A plain array or object, which JSON.stringify writes member by member (no toJSON). */
function isWalkable(value: unknown): value is object {
  if (typeof value !== 'object' || value === null || typeof (value as { toJSON?: unknown }).toJSON === 'function') return false;
  const prototype: unknown = Object.getPrototypeOf(value);
  return Array.isArray(value) || prototype === Object.prototype || prototype === null;
}
