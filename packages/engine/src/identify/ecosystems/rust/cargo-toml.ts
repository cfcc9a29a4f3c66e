// Cargo.toml manifests: the `[package]` table's name, version and licence, as crates ship
// them vendored (`cargo vendor`, Debian's /usr/share/cargo/registry/<crate>-<version>/,
// ~/.cargo/registry/src/). `license` is an SPDX expression (the deprecated `/` reads as
// OR); `license-file` names a file beside the manifest whose text is matched against the
// SPDX list. Keys a workspace member inherits (`version.workspace = true`) are read from
// `[workspace.package]` of the nearest Cargo.toml above it. A virtual manifest (only
// `[workspace]`) is no package. The same crate named by Cargo.lock or cargo-auditable has
// the same component id (code type NA, no vendor, name, version) and merges with it.
import type { CatalogFile, Cataloger, CatalogResult } from '../../types.ts';
import { makeComponent } from '../../component.ts';
import { emptyResult, malformed, metadataEvidence } from '../../evidence.ts';
import { formatPurl } from '../../purl.ts';
import { matchLicenseText } from '../../../licenses/match-text.ts';

const NAME = 'rust/cargo-toml';
const INHERITED = Symbol('inherited from the workspace');
type Value = string | typeof INHERITED;
type Tables = Map<string, Map<string, Value>>;

export const cargoToml: Cataloger = {
  name: NAME,
  version: 1,
  matches: (_path, innerPath) => innerPath === 'Cargo.toml' || innerPath.endsWith('/Cargo.toml'),
  catalog,
};

async function catalog(file: CatalogFile): Promise<CatalogResult> {
  const result = emptyResult();
  const tables = readTables((await file.read()).toString('utf8'));
  const table = tables.get('package');
  if (!table) {
    if (!tables.has('workspace')) malformed(result, file.path, 'Cargo.toml without a [package] or [workspace] table');
    return result;
  }
  const dir = file.innerPath.slice(0, file.innerPath.lastIndexOf('/') + 1);
  const workspace = [...table.values()].includes(INHERITED) ? await workspacePackage(file, dir) : undefined;
  const field = (key: string): string => {
    const value = table.get(key) === INHERITED ? workspace?.get(key) : table.get(key);
    return typeof value === 'string' ? value : '';
  };
  const name = field('name');
  const version = field('version');
  if (name === '') {
    malformed(result, file.path, '[package] without a name');
    return result;
  }
  const license = field('license');
  const licenseFile = field('license-file');
  const licenses = license !== '' ? [spdxFromCargo(license)] : licenseFile !== '' ? await licensesOfFile(file, dir, licenseFile) : [];
  const declared = license !== '' ? ` license = "${license}"` : licenseFile !== '' ? ` license-file = "${licenseFile}"` : '';
  result.components.push(
    makeComponent({
      name,
      version,
      codetype: 'NA',
      vendor: '',
      purl: formatPurl({ type: 'cargo', name, version }),
      licenses,
      evidence: [metadataEvidence(NAME, file.path, `name = "${name}" version = "${version}"${declared}`)],
    }),
  );
  return result;
}

/** Cargo's deprecated `MIT/Apache-2.0` means `MIT OR Apache-2.0`. */
function spdxFromCargo(license: string): string {
  return license.includes('/') ? license.split('/').map((part) => part.trim()).join(' OR ') : license.trim();
}

/** The SPDX ids the text of `licenseFile` (relative to the manifest's directory) matches. */
async function licensesOfFile(file: CatalogFile, dir: string, licenseFile: string): Promise<string[]> {
  const path = joinRelative(dir, licenseFile);
  const bytes = path === undefined ? undefined : await file.readSibling(path);
  if (!bytes || bytes.subarray(0, 8192).includes(0)) return [];
  return matchLicenseText(bytes.toString('utf8')).map((m) => m.expression);
}

/** `crates/a/` + `../../LICENSE` → `LICENSE`; undefined when it climbs out of the container. */
function joinRelative(dir: string, relative: string): string | undefined {
  const parts = dir.split('/').filter(Boolean);
  for (const part of relative.split('/')) {
    if (part === '..') {
      if (parts.pop() === undefined) return undefined;
    } else if (part !== '.' && part !== '') parts.push(part);
  }
  return parts.join('/');
}

/** `[workspace.package]` of the nearest Cargo.toml above `dir` that has a `[workspace]`. */
async function workspacePackage(file: CatalogFile, dir: string): Promise<Map<string, Value> | undefined> {
  const parts = dir.split('/').filter(Boolean);
  while (parts.length > 0) {
    parts.pop();
    const bytes = await file.readSibling([...parts, 'Cargo.toml'].join('/'));
    const tables = bytes && readTables(bytes.toString('utf8'));
    if (tables?.has('workspace')) return tables.get('workspace.package') ?? new Map();
  }
  return undefined;
}

// Sample lines: `name = "serde"`, `license = 'MIT'`, `version.workspace = true`,
// `version = { workspace = true }`, `[package]`, `[package.metadata.docs.rs]`, `[[bin]]`.
const HEADER = /^\[\s*([A-Za-z0-9_.-]+)\s*\]\s*(?:#.*)?$/;
const KEY = /^([A-Za-z0-9_-]+)(\.workspace)?\s*=\s*(.*)$/;
const WORKSPACE_TABLE = /^\{\s*workspace\s*=\s*true\s*\}/;

/**
 * The string keys of every `[table]`, enough TOML for a manifest's scalar fields: basic and
 * literal strings, inherited keys; multi-line strings and arrays are skipped whole, so a
 * line inside them is never read as a key or a header.
 */
function readTables(text: string): Tables {
  const tables: Tables = new Map();
  let current: Map<string, Value> | undefined;
  const lines = text.split(/\r?\n/);
  for (let i = 0; i < lines.length; i++) {
    const line = (lines[i] ?? '').trim();
    if (line.startsWith('[')) {
      // Quoted and array-table headers (`[target.'cfg(unix)'.dependencies]`, `[[bin]]`) hold nothing read here.
      const header = HEADER.exec(line)?.[1];
      current = header === undefined ? undefined : (tables.get(header) ?? new Map<string, Value>());
      if (header !== undefined && current) tables.set(header, current);
      continue;
    }
    const key = KEY.exec(line);
    if (!key) continue;
    const rest = key[3] ?? '';
    if (rest.startsWith('"""') || rest.startsWith("'''")) {
      i = closingLine(lines, i, rest.slice(0, 3), rest.slice(3));
      continue;
    }
    if (rest.startsWith('[')) {
      i = arrayEnd(lines, i, rest);
      continue;
    }
    if (!current) continue;
    if (key[2] !== undefined || WORKSPACE_TABLE.test(rest)) {
      current.set(key[1] ?? '', INHERITED);
      continue;
    }
    const value = stringValue(rest);
    if (value !== undefined) current.set(key[1] ?? '', value);
  }
  return tables;
}

/** A basic string with its escapes, or a literal string; undefined for other values. */
function stringValue(rest: string): string | undefined {
  const literal = /^'([^']*)'/.exec(rest);
  if (literal) return literal[1];
  const basic = /^"((?:[^"\\]|\\.)*)"/.exec(rest);
  if (!basic) return undefined;
  return (basic[1] ?? '').replace(/\\(u[0-9a-fA-F]{4}|U[0-9a-fA-F]{8}|.)/g, (_, e: string) => {
    if (e.length > 1) return String.fromCodePoint(Number.parseInt(e.slice(1), 16));
    return { b: '\b', t: '\t', n: '\n', f: '\f', r: '\r' }[e] ?? e;
  });
}

/** Index of the line that closes a multi-line string opened on line `i`. */
function closingLine(lines: readonly string[], i: number, delimiter: string, restOfFirst: string): number {
  if (restOfFirst.includes(delimiter)) return i;
  let j = i + 1;
  while (j < lines.length && !(lines[j] ?? '').includes(delimiter)) j++;
  return j;
}

/** Index of the line where an array opened on line `i` is closed (strings' brackets ignored). */
function arrayEnd(lines: readonly string[], i: number, rest: string): number {
  let depth = 0;
  for (let j = i; j < lines.length; j++) {
    const text = (j === i ? rest : (lines[j] ?? '')).replace(/"(?:[^"\\]|\\.)*"|'[^']*'/g, '').replace(/#.*$/, '');
    for (const c of text) depth += c === '[' ? 1 : c === ']' ? -1 : 0;
    if (depth <= 0) return j;
  }
  return lines.length;
}
