// Dart pub's `pubspec.lock`: YAML in pub's fixed layout, read line by line. Under
// `packages:` each package is a two-space key with four-space `source:` and `version:`
// and a six-space `description:` map (`url` of the hosting server). `sdk` packages
// (flutter, flutter_test) are parts of the SDK, versioned `0.0.0`: not reported.
import type { CatalogFile, Cataloger, CatalogResult } from '../../types.ts';
import { makeComponent } from '../../component.ts';
import { emptyResult, malformed, metadataEvidence } from '../../evidence.ts';
import { formatPurl } from '../../purl.ts';

const NAME = 'dart/pubspec-lock';
// Samples: `  async:` (a package), `    version: "2.11.0"`, `      url: "https://pub.dev"`.
const KEY = /^( *)([A-Za-z0-9_.-]+):\s*(?:"([^"]*)"|'([^']*)'|([^#]*?))\s*$/;
const DEFAULT_HOSTS = new Set(['https://pub.dev', 'https://pub.dartlang.org']);

export const pubspecLock: Cataloger = {
  name: NAME,
  version: 1,
  matches: (_path, innerPath) => innerPath === 'pubspec.lock' || innerPath.endsWith('/pubspec.lock'),
  catalog,
};

interface PubEntry {
  name: string;
  line: number;
  fields: Map<string, string>;
}

async function catalog(file: CatalogFile): Promise<CatalogResult> {
  const result = emptyResult();
  const entries = readPackages((await file.read()).toString('utf8'));
  if (entries === undefined) {
    malformed(result, file.path, 'no "packages:" map in pubspec.lock');
    return result;
  }
  for (const { name, line, fields } of entries) {
    const version = fields.get('version') ?? '';
    const source = fields.get('source') ?? '';
    if (source === 'sdk') continue;
    if (version === '') {
      malformed(result, file.path, `package ${name} at line ${line} without version`);
      continue;
    }
    const url = fields.get('url') ?? '';
    result.components.push(
      makeComponent({
        name,
        version,
        codetype: 'NA',
        vendor: '',
        // purl spec (pub): names are lower case with `_`; a server other than pub.dev is `hosted_url`.
        purl: formatPurl({ type: 'pub', name: name.toLowerCase(), version, qualifiers: { hosted_url: source === 'hosted' && url !== '' && !DEFAULT_HOSTS.has(url) ? url : undefined } }),
        evidence: [metadataEvidence(NAME, file.path, `${name}: source: ${source} version: "${version}"`)],
      }),
    );
  }
  return result;
}

/** The `packages:` map; its entries' scalar fields (nested `description:` ones included). */
function readPackages(text: string): PubEntry[] | undefined {
  const lines = text.split('\n');
  const start = lines.findIndex((l) => l.replace(/\r$/, '') === 'packages:');
  if (start < 0) return undefined;
  const entries: PubEntry[] = [];
  let current: PubEntry | undefined;
  for (let i = start + 1; i < lines.length; i++) {
    const line = (lines[i] ?? '').replace(/\r$/, '');
    if (line.trim() === '' || line.trimStart().startsWith('#')) continue;
    const match = KEY.exec(line);
    const indent = match?.[1]?.length ?? (line.length - line.trimStart().length);
    if (indent === 0) break; // the next top-level key (`sdks:`)
    if (!match) continue;
    const key = match[2] ?? '';
    if (indent === 2) {
      current = { name: key, line: i + 1, fields: new Map() };
      entries.push(current);
    } else if (current && (indent === 4 || indent === 6)) {
      const value = match[3] ?? match[4] ?? match[5] ?? '';
      // `description: flutter` (sdk) vs the `description:` map; a nested key never overrides a four-space one.
      if (indent === 4 || !current.fields.has(key)) current.fields.set(key, value);
    }
  }
  return entries;
}
