// One pass per file: take its text (a text file as is; a binary's ASCII and UTF-16LE
// strings with their offsets), lower-case it once for the keyword pre-filter, and run
// every detector whose keyword occurs. Images are also read for their metadata (GPS, author).
import { isAscii } from 'node:buffer';
import type { InfoleakFinding } from '../model/index.ts';
import { imageMetadataFinding } from './image/image-metadata.ts';
import { inPackageAttribution } from './package-attribution.ts';
import type { Detected, InfoleakDetector, Pattern } from './types.ts';
import { KeywordSet } from '../util/keyword-set.ts';
import { printableRuns } from '../util/printable-runs.ts';

/** A piece of text and where it starts: a byte offset (binary) or the text file itself. */
interface Piece {
  text: string;
  /** Byte offset of text[0] in the file; for UTF-16 strings each character is 2 bytes. */
  offset: number;
  width: 1 | 2;
}

const MIN_STRING = 8;
/** A detector's `starts` costs a search of its own: worth it on long texts only. */
const STARTS_MIN_TEXT = 1024;
const CONTEXT = 80;

/**
 * Findings of all detectors in one file's bytes. `decoys: false` keeps what the decoy
 * filter would drop (documentation examples, localhost, version numbers).
 */
export function scanBytes(bytes: Buffer, path: string[], detectors: readonly InfoleakDetector[], options: { decoys?: boolean } = {}): InfoleakFinding[] {
  const isText = !bytes.subarray(0, 8192).includes(0);
  const pieces = isText ? [{ text: bytes.toString('utf8'), offset: 0, width: 1 as const }] : strings(bytes);
  const baseName = (path.at(-1) ?? '').split('/').at(-1) ?? '';
  const active = detectors.filter((d) => !d.fileNames || d.fileNames.test(baseName));
  const image = imageMetadataFinding(bytes, path);
  const out: InfoleakFinding[] = image ? [image] : [];
  const seen = new Set<string>();
  for (const detector of active) {
    for (const hit of detector.scanBinary?.(bytes, path) ?? []) {
      if (hit.decoy && options.decoys !== false) continue;
      const { offset, context, ...found } = hit;
      out.push(finding(detector, found, path, { offset }, context));
    }
  }
  // Keywords: one pass over each piece for all detectors (keywordsOf); patterns: one per detector and file.
  // A detector's keyword group is its index in `detectors`: groups in ascending order are the detectors in order.
  const keywords = keywordsOf(detectors);
  const isActive = new Uint8Array(detectors.length);
  for (const detector of active) isActive[keywords.index.get(detector) ?? 0] = 1;
  // A binary's strings are ASCII; an ASCII text's lower case is its A-Z read as a-z, which the keyword search can do itself.
  // So it can for any text when the keywords are ASCII (asciiOnly): lower-casing a 16 MiB text costs ~90 ms.
  const fold = !isText || keywords.set.asciiOnly || isAscii(bytes);
  const attributionHere = inPackageAttribution(path);
  const patterns = new Map<InfoleakDetector, Pattern>();
  const stickies = new Map<InfoleakDetector, RegExp>();
  for (const piece of pieces) {
    const lineOf = isText ? lineFinder(piece.text) : undefined;
    for (const group of keywords.set.presentGroups(fold ? piece.text : piece.text.toLowerCase(), fold, isActive)) {
      const detector = detectors[group];
      // presentGroups lists only the active detectors' groups (isActive).
      if (detector === undefined) continue;
      let search: NextMatch;
      if (detector.starts !== undefined && detector.pattern instanceof RegExp && piece.text.length >= STARTS_MIN_TEXT) {
        let sticky = stickies.get(detector);
        if (sticky === undefined) stickies.set(detector, (sticky = new RegExp(detector.pattern.source, `${detector.pattern.flags.replace('y', '')}y`)));
        search = matchesAt(sticky, piece.text, detector.starts(piece.text));
      } else {
        let pattern = patterns.get(detector);
        if (pattern === undefined) patterns.set(detector, (pattern = fresh(detector.pattern)));
        search = matchesOf(pattern, piece.text);
      }
      for (let m = search(); m !== null; m = search()) {
        const validated = detector.validate ? detector.validate(m, path) : { value: m[0] };
        if (!validated) continue;
        const credit = attributionHere && detector.attribution === true && !(validated.secret ?? detector.secret);
        const found = credit ? { ...validated, decoy: true } : validated;
        if (found.decoy && options.decoys !== false) continue;
        const where = lineOf ? { line: lineOf(m.index) } : { offset: piece.offset + m.index * piece.width };
        const key = `${detector.name}\0${found.value}\0${where.line ?? where.offset}`;
        if (seen.has(key)) continue;
        seen.add(key);
        const context = piece.text.slice(Math.max(0, m.index - CONTEXT), Math.min(piece.text.length, m.index + m[0].length + CONTEXT));
        out.push(finding(detector, found, path, where, context));
      }
    }
  }
  return out;
}

function finding(detector: InfoleakDetector, found: Detected, path: string[], where: { line?: number; offset?: number }, context: string): InfoleakFinding {
  return {
    kind: found.kind ?? detector.kind,
    detector: detector.name,
    path,
    ...where,
    value: found.value,
    ...((found.secret ?? detector.secret) ? { masked: mask(found.value) } : {}),
    context,
    ...(found.details ? { details: found.details } : {}),
    ...(found.decoy ? { decoy: true } : {}),
  };
}

const keywordSets = new WeakMap<readonly InfoleakDetector[], { set: KeywordSet; index: Map<InfoleakDetector, number> }>();

/** The detectors' keywords as one automaton, built once per list of detectors (a scan's). */
function keywordsOf(detectors: readonly InfoleakDetector[]): { set: KeywordSet; index: Map<InfoleakDetector, number> } {
  let keywords = keywordSets.get(detectors);
  if (keywords === undefined) {
    keywords = { set: new KeywordSet(detectors.map((d) => d.keywords)), index: new Map(detectors.map((d, i) => [d, i])) };
    keywordSets.set(detectors, keywords);
  }
  return keywords;
}

/** The next match of a search, null at its end. A function, not a generator: searches run per string of every binary, and a generator allocates per match. */
type NextMatch = () => RegExpExecArray | null;

/** Every match of a global pattern, one after the other as `exec` finds them. */
function matchesOf(pattern: Pattern, text: string): NextMatch {
  pattern.lastIndex = 0;
  return () => {
    const m = pattern.exec(text);
    if (m !== null && m[0].length === 0) pattern.lastIndex++;
    return m;
  };
}

/**
 * The same matches as matchesOf, given every position where the pattern can match (`starts`,
 * any order): the sticky pattern is tried at those positions alone, in order, each search going
 * on after the last match as `exec` would.
 */
function matchesAt(sticky: RegExp, text: string, starts: number[]): NextMatch {
  const sorted = ascending(Int32Array.from(starts));
  let i = 0;
  let next = 0;
  return () => {
    while (i < sorted.length) {
      const at = sorted[i++] ?? 0;
      if (at < next || at > text.length) continue;
      sticky.lastIndex = at;
      const m = sticky.exec(text);
      if (m === null) continue;
      next = m[0].length === 0 ? at + 1 : at + m[0].length;
      return m;
    }
    return null;
  };
}

/** `positions` sorted, in place; most starts come in order already, and a typed array's sort copies it. */
function ascending(positions: Int32Array): Int32Array {
  for (let i = 1; i < positions.length; i++) if ((positions[i] ?? 0) < (positions[i - 1] ?? 0)) return positions.sort();
  return positions;
}

/** A pattern with its own lastIndex: a new RegExp, or the (stateful, reset) RE2 of a user pattern. */
function fresh(pattern: Pattern): Pattern {
  if (pattern instanceof RegExp) return new RegExp(pattern.source, pattern.flags);
  pattern.lastIndex = 0;
  return pattern;
}

/** Keeps 4 characters at each end of a secret (fewer for short ones), stars between. */
export function mask(value: string): string {
  const keep = value.length >= 16 ? 4 : value.length >= 8 ? 2 : 0;
  return value.slice(0, keep) + '*'.repeat(Math.min(value.length - 2 * keep, 32)) + (keep ? value.slice(-keep) : '');
}

/** Printable ASCII runs (with \t \r \n) and UTF-16LE runs of at least MIN_STRING characters. */
export function strings(bytes: Buffer): Piece[] {
  return printableRuns(bytes, MIN_STRING);
}

/**
 * The 1-based line of a character index. Newlines are indexed once, on the first call, so
 * a file with 10^5 findings costs a binary search per finding, not a walk from its start.
 */
export function lineFinder(text: string): (index: number) => number {
  let newlines: number[] | undefined;
  return (index) => {
    if (!newlines) {
      newlines = [];
      for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) newlines.push(i);
    }
    // Lines before `index` = newlines at positions below it.
    let low = 0;
    let high = newlines.length;
    while (low < high) {
      const mid = (low + high) >>> 1;
      if ((newlines[mid] ?? Infinity) < index) low = mid + 1;
      else high = mid;
    }
    return low + 1;
  };
}
