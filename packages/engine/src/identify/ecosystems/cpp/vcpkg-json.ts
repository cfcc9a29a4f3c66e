// vcpkg manifests (`vcpkg.json`). A dependency's `version>=` is a minimum, not what was
// built, so only `overrides` (exact pins: `version`, `version-semver`, `version-date`,
// `version-string`, with `port-version` as `#n`) give a version; other dependencies
// are reported with version '' (declared, version unknown), never a guessed one.
import type { CatalogFile, Cataloger, CatalogResult } from '../../types.ts';
import { makeComponent } from '../../component.ts';
import { emptyResult, malformed, metadataEvidence } from '../../evidence.ts';
import { isRecord, parseJson, stringField } from '../../parse/json.ts';
import { formatPurl } from '../../purl.ts';

const NAME = 'cpp/vcpkg-json';
const VERSION_KEYS = ['version', 'version-semver', 'version-date', 'version-string'];

export const vcpkgJson: Cataloger = {
  name: NAME,
  version: 1,
  matches: (_path, innerPath) => innerPath === 'vcpkg.json' || innerPath.endsWith('/vcpkg.json'),
  catalog,
};

async function catalog(file: CatalogFile): Promise<CatalogResult> {
  const result = emptyResult();
  const parsed = parseJson(await file.read());
  if ('error' in parsed || !isRecord(parsed.value)) {
    malformed(result, file.path, 'error' in parsed ? `vcpkg.json: ${parsed.error}` : 'vcpkg.json is not a JSON object');
    return result;
  }
  const pinned = new Map<string, string>();
  const overrides = parsed.value.overrides;
  for (const o of Array.isArray(overrides) ? overrides : []) {
    if (!isRecord(o)) continue;
    const version = VERSION_KEYS.map((k) => stringField(o, k)).find((v) => v !== '') ?? '';
    const port = typeof o['port-version'] === 'number' && o['port-version'] > 0 ? `#${o['port-version']}` : '';
    if (stringField(o, 'name') !== '' && version !== '') pinned.set(stringField(o, 'name'), version + port);
  }
  const names = new Set<string>(pinned.keys());
  const dependencies = parsed.value.dependencies;
  for (const d of Array.isArray(dependencies) ? dependencies : []) {
    const name = typeof d === 'string' ? d : isRecord(d) ? stringField(d, 'name') : '';
    if (name !== '') names.add(name);
  }
  for (const name of [...names].sort()) {
    const version = pinned.get(name) ?? '';
    result.components.push(
      makeComponent({
        name,
        version,
        codetype: 'NA',
        vendor: '',
        purl: formatPurl({ type: 'generic', namespace: 'vcpkg', name, version: version || undefined }),
        evidence: [metadataEvidence(NAME, file.path, version ? `overrides: {"name": "${name}", "version": "${version}"}` : `dependencies: "${name}"`)],
      }),
    );
  }
  return result;
}
