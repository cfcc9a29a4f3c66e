// DEX files (https://source.android.com/docs/core/runtime/dex-format): the classes an APK
// defines (class_defs → type_ids → string_ids) grouped by the library whose Java package
// they sit in (data/dex-libraries.json, longest package prefix wins), with a version when
// the library's version constant is in the string table. Every index and offset is checked
// against the file; a malformed DEX yields what was read before the damage.
import type { DexLibrary } from '../model/index.ts';
import table from './data/dex-libraries.json' with { type: 'json' };

const HEADER_SIZE = 0x70;
const MAX_STRINGS = 2_000_000;
const MAX_STRING_BYTES = 4096;

interface LibraryRule {
  name: string;
  package: string;
  version?: RegExp;
  /** `group:artifact` of the main Maven artifact. */
  maven?: string;
}

const RULES: readonly LibraryRule[] = table.libraries
  .map((l) => ({
    name: l.name,
    package: l.package,
    ...('version' in l && typeof l.version === 'string' ? { version: new RegExp(l.version) } : {}),
    ...('maven' in l && typeof l.maven === 'string' ? { maven: l.maven } : {}),
  }))
  // Longest prefix first, so io.reactivex.rxjava3 is not taken for io.reactivex.
  .sort((a, b) => b.package.length - a.package.length);

/** True for a `dex\n0NN\0` header. */
export function isDex(bytes: Buffer): boolean {
  return bytes.length >= HEADER_SIZE && bytes.toString('latin1', 0, 4) === 'dex\n' && bytes[7] === 0;
}

/** Libraries of one or more DEX files, sorted by name. */
export function dexLibraries(dexFiles: readonly Buffer[]): DexLibrary[] {
  const found = new Map<LibraryRule, { classes: number; version?: string }>();
  for (const dex of dexFiles) {
    if (!isDex(dex)) continue;
    const strings = stringReader(dex);
    for (const descriptor of definedClasses(dex, strings)) {
      const rule = ruleFor(descriptor);
      if (!rule) continue;
      const entry = found.get(rule) ?? { classes: 0 };
      entry.classes++;
      found.set(rule, entry);
    }
    for (const [rule, entry] of found) {
      if (rule.version && entry.version === undefined) {
        const version = findVersion(dex, strings, rule.version);
        if (version) entry.version = version;
      }
    }
  }
  return [...found]
    .map(([rule, entry]) => ({ name: rule.name, package: rule.package, ...(entry.version ? { version: entry.version } : {}), classes: entry.classes, ...(rule.maven ? { maven: rule.maven } : {}) }))
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

/** `Lokhttp3/internal/Version;` → the rule of `okhttp3`. */
function ruleFor(descriptor: string): LibraryRule | undefined {
  if (!descriptor.startsWith('L') || !descriptor.endsWith(';')) return undefined;
  const className = descriptor.slice(1, -1).replace(/\//g, '.');
  return RULES.find((r) => className.startsWith(`${r.package}.`));
}

interface Strings {
  count: number;
  get(index: number): string | undefined;
}

function stringReader(dex: Buffer): Strings {
  const size = dex.readUInt32LE(0x38);
  const offset = dex.readUInt32LE(0x3c);
  const count = Math.min(size, MAX_STRINGS, Math.max(0, Math.floor((dex.length - offset) / 4)));
  return {
    count,
    get(index) {
      if (index >= count) return undefined;
      const dataAt = dex.readUInt32LE(offset + index * 4);
      return readString(dex, dataAt);
    },
  };
}

/** string_data_item: uleb128 UTF-16 length, then MUTF-8 bytes up to a NUL. */
function readString(dex: Buffer, at: number): string | undefined {
  let pos = at;
  for (let i = 0; i < 5 && pos < dex.length; i++) if (((dex[pos++] ?? 0) & 0x80) === 0) break;
  if (pos >= dex.length) return undefined;
  const end = dex.indexOf(0, pos);
  if (end < 0) return undefined;
  // Class names and version constants are ASCII; other MUTF-8 is read leniently.
  return dex.toString('utf8', pos, Math.min(end, pos + MAX_STRING_BYTES));
}

function* definedClasses(dex: Buffer, strings: Strings): Generator<string> {
  const typeCount = dex.readUInt32LE(0x40);
  const typeOffset = dex.readUInt32LE(0x44);
  const classCount = dex.readUInt32LE(0x60);
  const classOffset = dex.readUInt32LE(0x64);
  const classes = Math.min(classCount, Math.max(0, Math.floor((dex.length - classOffset) / 32)));
  for (let i = 0; i < classes; i++) {
    const typeIndex = dex.readUInt32LE(classOffset + i * 32);
    if (typeIndex >= typeCount || typeOffset + typeIndex * 4 + 4 > dex.length) continue;
    const descriptor = strings.get(dex.readUInt32LE(typeOffset + typeIndex * 4));
    if (descriptor) yield descriptor;
  }
}

function findVersion(dex: Buffer, strings: Strings, pattern: RegExp): string | undefined {
  for (let i = 0; i < strings.count; i++) {
    const text = strings.get(i);
    const version = text === undefined ? undefined : pattern.exec(text)?.[1];
    if (version) return version;
  }
  return undefined;
}
