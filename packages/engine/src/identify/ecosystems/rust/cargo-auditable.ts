// Rust binaries built with cargo-auditable: a section `.dep-v0` holds the crate graph
// as zlib-compressed JSON (auditable-serde's VersionInfo): `{"packages": [{name,
// version, source, kind?, dependencies?, root?}]}`. cargo-auditable links it into the
// data segment: ELF and PE section `.dep-v0`, Mach-O section `.dep-v0` of segment
// `__DATA`. Build dependencies (`"kind": "build"`) ran at compile time and are not in
// the binary: they are left out, as syft's rust-audit cataloger does.
import { inflateSync } from 'node:zlib';
import type { Component } from '../../../model/index.ts';
import type { CatalogFile, Cataloger, CatalogResult } from '../../types.ts';
import { makeComponent } from '../../component.ts';
import { emptyResult, malformed } from '../../evidence.ts';
import { findElfSection } from '../../parse/elf-section.ts';
import { isRecord, parseJson } from '../../parse/json.ts';
import { findMachoSection } from '../../parse/macho-section.ts';
import { readPeLayout } from '../../parse/pe-layout.ts';
import { formatPurl } from '../../purl.ts';

const NAME = 'rust/cargo-auditable';
const SECTION = '.dep-v0';
const MACHO_SEGMENT = '__DATA';
const FORMATS = new Set(['executable/elf', 'executable/pe', 'executable/macho']);
/** cargo-auditable's own reader refuses more than 8 MiB of JSON; so do we, compressed or not. */
const MAX_BYTES = 8 * 1024 * 1024;

export const cargoAuditable: Cataloger = {
  name: NAME,
  version: 2,
  matches: (_path, _innerPath, format) => format !== undefined && FORMATS.has(format),
  reads: 'ranges',
  catalog,
};

async function catalog(file: CatalogFile): Promise<CatalogResult> {
  const result = emptyResult();
  const section = await findSection(file);
  // Most executables are not audited Rust binaries, and damaged headers are the executable readers' to report.
  if (section === undefined || typeof section === 'string') return result;
  if (section.size > MAX_BYTES) {
    malformed(result, file.path, `${SECTION} section of ${section.size} bytes is over ${MAX_BYTES}`);
    return result;
  }
  const packages = decode(await file.readRange(section.offset, section.size));
  if (typeof packages === 'string') {
    malformed(result, file.path, `${SECTION} at ${section.offset}: ${packages}`);
    return result;
  }
  for (const [i, p] of packages.entries()) {
    const built = crateComponent(p, file.path, section.offset);
    if (typeof built === 'string') malformed(result, file.path, `${SECTION} package ${i}: ${built}`);
    else if (built) result.components.push(built);
  }
  return result;
}

/** The section in whichever of the three formats the magic names. */
async function findSection(file: CatalogFile): Promise<{ offset: number; size: number } | string | undefined> {
  const magic = await file.readRange(0, 4);
  if (magic.length < 4) return undefined;
  if (magic.readUInt32BE(0) === 0x7f454c46) return findElfSection(file, SECTION);
  // `MZ`: a PE image.
  if (magic.readUInt16LE(0) === 0x5a4d) {
    const pe = await readPeLayout((offset, length) => file.readRange(offset, length));
    return typeof pe === 'string' ? pe : pe.section(SECTION);
  }
  return findMachoSection((offset, length) => file.readRange(offset, length), file.size, MACHO_SEGMENT, SECTION);
}

function decode(compressed: Buffer): unknown[] | string {
  let text: Buffer;
  try {
    text = inflateSync(compressed, { maxOutputLength: MAX_BYTES });
  } catch (err) {
    return `not zlib data: ${(err as Error).message}`;
  }
  const json = parseJson(text);
  if ('error' in json) return json.error;
  if (!isRecord(json.value) || !Array.isArray(json.value.packages)) return 'JSON without a "packages" list';
  return json.value.packages as unknown[];
}

function crateComponent(p: unknown, path: string[], offset: number): Component | string | undefined {
  if (!isRecord(p) || typeof p.name !== 'string' || typeof p.version !== 'string' || p.name === '' || p.version === '') return 'no name or version';
  if (p.kind === 'build') return undefined;
  const source = typeof p.source === 'string' ? p.source : '';
  return makeComponent({
    name: p.name,
    version: p.version,
    codetype: 'NA',
    vendor: '',
    purl: formatPurl({ type: 'cargo', name: p.name, version: p.version }),
    evidence: [{ method: 'package-metadata', foundBy: NAME, path, offset, text: `${SECTION}: ${p.name} ${p.version} (${source || 'unknown source'}${p.root === true ? ', root' : ''})` }],
  });
}
