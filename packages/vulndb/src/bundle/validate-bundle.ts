// The whole check of a bundle before anything is imported: a tar with a manifest of this
// format, version and schema, every table it lists present, each line JSON, and each
// table's row count and sha256 as the manifest says. The server answers 400 with the
// message of the first problem, so every message names what is wrong in plain words.
import { createHash } from 'node:crypto';
import { open } from 'node:fs/promises';
import { createInterface } from 'node:readline';
import { getTableName } from 'drizzle-orm';
import { STAGED_TABLES, vulnImportRuns } from '../db/schema.ts';
import { BUNDLE_FORMAT, BUNDLE_VERSION, type BundleManifest, schemaTag } from './manifest.ts';
import { entryStream, readTarEntries, type TarEntry } from './tar.ts';

/** A bundle that cannot be imported; the message says why. */
export class InvalidBundleError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'InvalidBundleError';
  }
}

const KNOWN_TABLES: ReadonlySet<string> = new Set([vulnImportRuns, ...STAGED_TABLES].map((t) => getTableName(t)));
const MAX_MANIFEST = 1 << 20;

export interface ValidBundle {
  readonly manifest: BundleManifest;
  readonly entries: readonly TarEntry[];
}

/** Reads the whole bundle once; throws InvalidBundleError naming the first problem. */
export async function validateBundle(file: string, options: { signal?: AbortSignal } = {}): Promise<ValidBundle> {
  const entries = await tarEntries(file);
  const manifest = await readManifest(file, entries);
  for (const table of manifest.tables) {
    options.signal?.throwIfAborted();
    if (!KNOWN_TABLES.has(table.table)) throw new InvalidBundleError(`the bundle holds an unknown table ${table.table}`);
    const entry = entries.find((e) => e.name === table.file);
    if (!entry) throw new InvalidBundleError(`the bundle lacks ${table.file}, which its manifest lists`);
    // Reading every row checks each line, the count and the hash (bundleRows throws at the end).
    for await (const _row of bundleRows(file, entry, table.sha256, table.rows, options.signal)) options.signal?.throwIfAborted();
  }
  return { manifest, entries };
}

/** The entry's rows, one parsed line at a time; throws at the end on a count or hash mismatch. */
export async function* bundleRows(
  file: string, entry: TarEntry, sha256: string, expected: number, signal?: AbortSignal,
): AsyncGenerator<Record<string, unknown>> {
  const hash = createHash('sha256');
  const stream = entryStream(file, entry);
  stream.on('data', (chunk) => hash.update(chunk as Buffer));
  let count = 0;
  for await (const line of createInterface({ input: stream, crlfDelay: Infinity })) {
    signal?.throwIfAborted();
    if (line === '') continue;
    count += 1;
    yield parseRow(line, entry.name, count);
  }
  if (count !== expected) throw new InvalidBundleError(`${entry.name}: ${count} rows, the manifest says ${expected}`);
  const digest = hash.digest('hex');
  if (digest !== sha256) throw new InvalidBundleError(`${entry.name}: sha256 ${digest} differs from the manifest's ${sha256}`);
}

async function tarEntries(file: string): Promise<TarEntry[]> {
  const handle = await open(file, 'r');
  try {
    return await readTarEntries(handle);
  } catch (error) {
    throw new InvalidBundleError(`not a knowledge-base bundle: ${error instanceof Error ? error.message : String(error)}`);
  } finally {
    await handle.close();
  }
}

async function readManifest(file: string, entries: readonly TarEntry[]): Promise<BundleManifest> {
  const entry = entries.find((e) => e.name === 'manifest.json');
  if (!entry || entry.size > MAX_MANIFEST) throw new InvalidBundleError('not a knowledge-base bundle (no manifest.json)');
  const chunks: Buffer[] = [];
  for await (const chunk of entryStream(file, entry)) chunks.push(chunk as Buffer);
  let manifest: Partial<BundleManifest>;
  try {
    manifest = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Partial<BundleManifest>;
  } catch {
    throw new InvalidBundleError('not a knowledge-base bundle (manifest.json is not JSON)');
  }
  if (manifest.format !== BUNDLE_FORMAT) throw new InvalidBundleError('not a knowledge-base bundle (its manifest names another format)');
  if (manifest.version !== BUNDLE_VERSION) throw new InvalidBundleError(`a bundle of format version ${String(manifest.version)}; this Binlens reads version ${BUNDLE_VERSION}`);
  const schema = await schemaTag();
  if (manifest.schema !== schema) throw new InvalidBundleError(schemaMessage(String(manifest.schema), schema));
  if (!Array.isArray(manifest.tables)) throw new InvalidBundleError('not a knowledge-base bundle (its manifest lists no tables)');
  return manifest as BundleManifest;
}

/** Tags are `NNNN_name`: a higher number was made by a newer Binlens. */
function schemaMessage(bundle: string, ours: string): string {
  const number = (tag: string) => Number.parseInt(tag.slice(0, 4), 10);
  if (number(bundle) > number(ours)) return `the bundle was made by a newer Binlens (schema ${bundle}; this server has ${ours}): upgrade this server first`;
  return `the bundle was made by an older Binlens (schema ${bundle}; this server has ${ours}): export it again with this version`;
}

function parseRow(line: string, name: string, number: number): Record<string, unknown> {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    throw new InvalidBundleError(`${name}: line ${number} is not JSON`);
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new InvalidBundleError(`${name}: line ${number} is not an object`);
  return value as Record<string, unknown>;
}
