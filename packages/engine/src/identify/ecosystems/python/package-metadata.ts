// Installed Python distributions: `<name>-<version>.dist-info/METADATA` (wheels, pip),
// `<name>.egg-info/PKG-INFO` or a bare `<name>.egg-info` file (setuptools), and
// `EGG-INFO/PKG-INFO` inside eggs. Core metadata (packaging.python.org, "Core metadata
// specifications"): RFC 822 headers up to the first blank line, then the description.
import type { CatalogFile, Cataloger, CatalogResult } from '../../types.ts';
import { makeComponent } from '../../component.ts';
import { emptyResult, malformed, metadataEvidence } from '../../evidence.ts';
import { formatPurl } from '../../purl.ts';

const NAME = 'python/package-metadata';
// Samples: `site-packages/requests-2.31.0.dist-info/METADATA`, `six.egg-info/PKG-INFO`,
// `dist-packages/pyserial-3.5.egg-info` (a file), `EGG-INFO/PKG-INFO`.
const METADATA_PATH = /(^|\/)([^/]+\.dist-info\/METADATA|[^/]+\.egg-info\/PKG-INFO|[^/]+\.egg-info|EGG-INFO\/PKG-INFO)$/;
// Sample: `Classifier: License :: OSI Approved :: Apache Software License`.
const LICENSE_CLASSIFIER = /^License :: (?:OSI Approved :: )?(.+)$/;
// Sample header line: `Name: requests`; continuation lines start with whitespace.
const HEADER = /^([A-Za-z0-9-]+):\s?(.*)$/;

export const pythonPackageMetadata: Cataloger = {
  name: NAME,
  version: 1,
  matches: (_path, innerPath) => METADATA_PATH.test(innerPath),
  catalog,
};

async function catalog(file: CatalogFile): Promise<CatalogResult> {
  const result = emptyResult();
  const headers = parseHeaders((await file.read()).toString('utf8'));
  const name = headers.get('name')?.[0] ?? '';
  const version = headers.get('version')?.[0] ?? '';
  if (name === '' || version === '') {
    malformed(result, file.path, `core metadata without ${name === '' ? 'Name' : 'Version'}`);
    return result;
  }
  result.components.push(
    makeComponent({
      name,
      version,
      codetype: 'PY',
      vendor: '',
      // purl spec: pypi names are lower-cased with `_` replaced by `-`.
      purl: formatPurl({ type: 'pypi', name: name.toLowerCase().replaceAll('_', '-'), version }),
      licenses: licenses(headers),
      evidence: [metadataEvidence(NAME, file.path, `Name: ${name}\nVersion: ${version}`)],
    }),
  );
  return result;
}

/** Header fields lower-cased, each with all its values (Classifier repeats). */
function parseHeaders(text: string): Map<string, string[]> {
  const out = new Map<string, string[]>();
  let last: string[] | undefined;
  for (const raw of text.split('\n')) {
    const line = raw.replace(/\r$/, '');
    if (line.trim() === '') break;
    if (/^\s/.test(line) && last) {
      last[last.length - 1] += `\n${line.trim()}`;
      continue;
    }
    const match = HEADER.exec(line);
    if (!match) continue;
    const key = (match[1] ?? '').toLowerCase();
    last = out.get(key) ?? [];
    last.push((match[2] ?? '').trim());
    out.set(key, last);
  }
  return out;
}

/** License-Expression (metadata 2.4) first, then a one-line License, then licence classifiers. */
function licenses(headers: Map<string, string[]>): string[] {
  const expression = headers.get('license-expression')?.[0];
  if (expression) return [expression];
  const license = headers.get('license')?.[0] ?? '';
  // A whole licence text pasted into License is not a name.
  if (license !== '' && license !== 'UNKNOWN' && !license.includes('\n') && license.length <= 100) return [license];
  const classifiers = (headers.get('classifier') ?? []).flatMap((c) => LICENSE_CLASSIFIER.exec(c)?.[1] ?? []);
  return [...new Set(classifiers)];
}
