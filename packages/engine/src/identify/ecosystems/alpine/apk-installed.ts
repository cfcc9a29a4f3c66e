// Alpine's database of installed packages, `lib/apk/db/installed`: one record per
// package, records separated by blank lines, each line `X:value` with a one-letter
// key (P name, V version, A arch, L licence, o origin, F/R files). Distro from os-release.
import type { Distro } from '../../../model/index.ts';
import type { CatalogFile, Cataloger, CatalogResult } from '../../types.ts';
import { makeComponent } from '../../component.ts';
import { emptyResult, malformed, metadataEvidence } from '../../evidence.ts';
import { distroQualifier, findDistro } from '../../parse/distro.ts';
import { formatPurl } from '../../purl.ts';

const NAME = 'alpine/apk-installed';
// Sample: `lib/apk/db/installed`, `rootfs/lib/apk/db/installed`.
const DB_PATH = /(^|\/)lib\/apk\/db\/installed$/;
// Sample: `P:musl`, `V:1.2.4_git20230717-r4`.
const LINE = /^([A-Za-z]):(.*)$/;

export const apkInstalled: Cataloger = {
  name: NAME,
  version: 2,
  matches: (_path, innerPath) => DB_PATH.test(innerPath),
  catalog,
};

interface ApkRecord {
  fields: Map<string, string>;
  offset: number;
  /** Installed files: each `R:` name under the `F:` directory before it. */
  files: string[];
}

async function catalog(file: CatalogFile): Promise<CatalogResult> {
  const result = emptyResult();
  const { records, badLines } = parseApkDb((await file.read()).toString('utf8'));
  if (badLines.length > 0) malformed(result, file.path, `${badLines.length} unparsable line(s), first at line ${badLines[0]}`);
  const distro = (await findDistro(file, 'lib/apk/db/')) ?? { name: 'alpine', release: '' };
  const root = file.innerPath.slice(0, file.innerPath.lastIndexOf('lib/apk/db/'));
  for (const record of records) {
    const built = apkComponent(record, distro, file.path);
    if (typeof built === 'string') {
      malformed(result, file.path, `${built} (byte ${record.offset})`);
      continue;
    }
    result.components.push(built);
    if (record.files.length > 0) (result.owned ??= []).push({ component: built, root, files: record.files });
  }
  return result;
}

function apkComponent(record: ApkRecord, distro: Distro, path: string[]) {
  const { fields } = record;
  const name = fields.get('P') ?? '';
  const version = fields.get('V') ?? '';
  if (name === '') return 'record without a P: (name) line';
  if (version === '') return `package ${name} has no V: (version) line`;
  const origin = fields.get('o');
  const license = fields.get('L') ?? '';
  return makeComponent({
    name,
    version,
    codetype: 'DP',
    vendor: distro.name,
    purl: formatPurl({
      type: 'apk',
      namespace: distro.name,
      name,
      version,
      qualifiers: { arch: fields.get('A'), distro: distroQualifier(distro), upstream: origin && origin !== name ? origin : undefined },
    }),
    licenses: license === '' ? [] : [license],
    distro,
    evidence: [metadataEvidence(NAME, path, `P:${name}\nV:${version}`, record.offset)],
  });
}

export function parseApkDb(text: string): { records: ApkRecord[]; badLines: number[] } {
  const records: ApkRecord[] = [];
  const badLines: number[] = [];
  let current: ApkRecord | undefined;
  let dir = '';
  let offset = 0;
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const raw = lines[i] ?? '';
    const lineOffset = offset;
    offset += Buffer.byteLength(raw) + 1;
    const line = raw.replace(/\r$/, '');
    if (line.trim() === '') {
      current = undefined;
      continue;
    }
    const match = LINE.exec(line);
    if (!match) {
      badLines.push(i + 1);
      continue;
    }
    if (!current) {
      current = { fields: new Map(), offset: lineOffset, files: [] };
      records.push(current);
      dir = '';
    }
    const key = match[1] ?? '';
    // Samples: `F:usr/lib` then `R:libz.so.1.3.1` → `/usr/lib/libz.so.1.3.1`.
    if (key === 'F') dir = (match[2] ?? '').trim();
    else if (key === 'R') current.files.push(`/${dir === '' ? '' : `${dir}/`}${(match[2] ?? '').trim()}`);
    // F:/R:/a:/Z: repeat per file; only the first of a key is kept (P, V, ... occur once).
    if (!current.fields.has(key)) current.fields.set(key, (match[2] ?? '').trim());
  }
  return { records, badLines };
}
