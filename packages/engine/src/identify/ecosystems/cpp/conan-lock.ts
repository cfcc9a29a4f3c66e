// Conan lock files. Conan 2 `conan.lock` (JSON `"version": "0.5"`): `requires`,
// `build_requires` and `python_requires` lists of references
// `zlib/1.3#b3b71bfe8dd07abc7b82ff2bd0eac021%1701245395.123`. Conan 1 lock
// (`graph_lock.nodes.*.ref`, `zlib/1.2.11@user/channel#rrev`). The root node of a
// Conan 1 graph (no `ref`) is the consumer project.
import type { CatalogFile, Cataloger, CatalogResult } from '../../types.ts';
import { makeComponent } from '../../component.ts';
import { emptyResult, malformed, metadataEvidence } from '../../evidence.ts';
import { isRecord, parseJson, stringField } from '../../parse/json.ts';
import { formatPurl } from '../../purl.ts';

const NAME = 'cpp/conan-lock';
// Samples: `zlib/1.3#b3b7…%1701245395.123`, `openssl/3.2.0@acme/stable#rrev`.
const REFERENCE = /^([^/@#\s]+)\/([^/@#%\s]+)(?:@([^/#\s]+)\/([^#\s]+))?(?:#.*)?$/;

export const conanLock: Cataloger = {
  name: NAME,
  version: 1,
  matches: (_path, innerPath) => innerPath === 'conan.lock' || innerPath.endsWith('/conan.lock'),
  catalog,
};

async function catalog(file: CatalogFile): Promise<CatalogResult> {
  const result = emptyResult();
  const parsed = parseJson(await file.read());
  if ('error' in parsed || !isRecord(parsed.value)) {
    malformed(result, file.path, 'error' in parsed ? `conan.lock: ${parsed.error}` : 'conan.lock is not a JSON object');
    return result;
  }
  const seen = new Set<string>();
  for (const reference of references(parsed.value)) {
    const ref = REFERENCE.exec(reference);
    if (!ref) {
      malformed(result, file.path, `reference "${reference}" is not name/version[@user/channel][#revision]`);
      continue;
    }
    const [, name = '', version = '', user, channel] = ref;
    if (seen.has(`${name}/${version}@${user ?? ''}`)) continue;
    seen.add(`${name}/${version}@${user ?? ''}`);
    result.components.push(
      makeComponent({
        name,
        version,
        codetype: 'NA',
        vendor: '',
        purl: formatPurl({ type: 'conan', name, version, qualifiers: { user, channel } }),
        evidence: [metadataEvidence(NAME, file.path, reference)],
      }),
    );
  }
  return result;
}

function references(root: Record<string, unknown>): string[] {
  const out: string[] = [];
  for (const key of ['requires', 'build_requires', 'python_requires']) {
    const list = root[key];
    if (Array.isArray(list)) out.push(...list.filter((r): r is string => typeof r === 'string'));
  }
  const nodes = isRecord(root.graph_lock) ? root.graph_lock.nodes : undefined;
  if (isRecord(nodes)) {
    for (const node of Object.values(nodes)) if (isRecord(node) && stringField(node, 'ref') !== '') out.push(stringField(node, 'ref'));
  }
  return out;
}
