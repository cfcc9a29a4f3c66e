// Conda environments: `<prefix>/conda-meta/<name>-<version>-<build>.json`, one JSON record
// per installed package as conda writes it on install (name, version, build, channel,
// subdir, license, fn, files). The `files` (relative to the prefix) are the package's own.
import type { CatalogFile, Cataloger, CatalogResult } from '../../types.ts';
import { makeComponent } from '../../component.ts';
import { emptyResult, malformed, metadataEvidence } from '../../evidence.ts';
import { isRecord, parseJson, stringField } from '../../parse/json.ts';
import { formatPurl } from '../../purl.ts';

const NAME = 'conda/conda-meta';
// Samples: `opt/conda/conda-meta/zlib-1.2.13-h5eee18b_0.json`, `conda-meta/python-3.11.7-h955ad1f_0.json`.
const META_PATH = /(^|\/)conda-meta\/[^/]+\.json$/;
/** Owned-file lists beyond this are cut: ownership is a hint, not an inventory. */
const MAX_FILES = 50_000;

export const condaMeta: Cataloger = {
  name: NAME,
  version: 1,
  matches: (_path, innerPath) => META_PATH.test(innerPath),
  catalog,
};

async function catalog(file: CatalogFile): Promise<CatalogResult> {
  const result = emptyResult();
  const parsed = parseJson(await file.read());
  if ('error' in parsed || !isRecord(parsed.value)) {
    malformed(result, file.path, 'error' in parsed ? parsed.error : 'conda-meta record is not a JSON object');
    return result;
  }
  const record = parsed.value;
  const name = stringField(record, 'name');
  const version = stringField(record, 'version');
  if (name === '' || version === '') {
    malformed(result, file.path, `conda-meta record without ${name === '' ? 'name' : 'version'}`);
    return result;
  }
  const build = stringField(record, 'build');
  const subdir = stringField(record, 'subdir');
  const license = stringField(record, 'license');
  const component = makeComponent({
    name,
    version,
    codetype: 'DP',
    vendor: '',
    purl: formatPurl({
      type: 'conda',
      name,
      version,
      qualifiers: { build, channel: channelName(stringField(record, 'channel'), subdir), subdir, type: packageType(stringField(record, 'fn')) },
    }),
    licenses: license === '' ? [] : [license],
    evidence: [metadataEvidence(NAME, file.path, `"name": "${name}", "version": "${version}", "build": "${build}"`)],
  });
  result.components.push(component);
  const files = Array.isArray(record.files) ? record.files.filter((f): f is string => typeof f === 'string').slice(0, MAX_FILES) : [];
  const root = file.innerPath.slice(0, file.innerPath.lastIndexOf('conda-meta/'));
  if (files.length > 0) result.owned = [{ component, root, files }];
  return result;
}

/**
 * purl `channel` is the channel's name: conda records the channel URL (with or without
 * the subdir), or its name alone. Samples: `https://conda.anaconda.org/conda-forge/linux-64`
 * → `conda-forge`, `https://repo.anaconda.com/pkgs/main` → `main`, `defaults` → `defaults`.
 */
function channelName(channel: string, subdir: string): string {
  const parts = channel.replace(/\/+$/, '').split('/');
  if (subdir !== '' && parts.length > 1 && parts[parts.length - 1] === subdir) parts.pop();
  return parts[parts.length - 1] ?? '';
}

/** Sample: `zlib-1.2.13-h5eee18b_0.conda` → `conda`, `six-1.16.0-pyhd3eb1b0_1.tar.bz2` → `tar.bz2`. */
function packageType(fn: string): string | undefined {
  if (fn.endsWith('.conda')) return 'conda';
  if (fn.endsWith('.tar.bz2')) return 'tar.bz2';
  return undefined;
}
