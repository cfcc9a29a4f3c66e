// pnpm-lock.yaml, lockfile versions 5 to 9, read line by line (pnpm writes a fixed
// YAML layout): the keys of the top-level `packages:` map, two-space indented.
// v5 `/name/1.2.3:`, v6 `/name@1.2.3:` or `/@scope/name@1.2.3(peer@2.0.0):`, v9
// `name@1.2.3:` (v9 repeats them under `snapshots:`, which is not read). Keys whose
// version is not a version (`link:`, `file:`, tarball URLs) name no registry release.
import type { CatalogFile, Cataloger, CatalogResult } from '../../types.ts';
import { makeComponent } from '../../component.ts';
import { emptyResult, malformed, metadataEvidence, npmNameParts } from '../../evidence.ts';
import { formatPurl } from '../../purl.ts';

const NAME = 'javascript/pnpm-lock';
// Samples: `  /debug@4.3.4:`, `  '@babel/core@7.23.0':`, `  /ms/2.1.2:`, `  /react-dom@18.2.0(react@18.2.0):`.
const KEY = /^ {2}['"]?([^\s'"][^'"]*?)['"]?:\s*$/;
// Sample: `1.2.3`, `4.0.0-beta.1`, `2.1.2_debug@4.3.4` (v5 peer suffix, cut below).
const VERSION = /^\d+\.\d+\.\d+(?:[-+][0-9A-Za-z.+-]*)?$/;

export const pnpmLock: Cataloger = {
  name: NAME,
  version: 1,
  matches: (_path, innerPath) => innerPath === 'pnpm-lock.yaml' || innerPath.endsWith('/pnpm-lock.yaml'),
  catalog,
};

async function catalog(file: CatalogFile): Promise<CatalogResult> {
  const result = emptyResult();
  const lines = (await file.read()).toString('utf8').split('\n');
  if (!lines.some((l) => l.startsWith('lockfileVersion:'))) {
    malformed(result, file.path, 'no lockfileVersion in pnpm-lock.yaml');
    return result;
  }
  const seen = new Set<string>();
  let inPackages = false;
  lines.forEach((raw, i) => {
    const line = raw.replace(/\r$/, '');
    if (/^\S/.test(line)) inPackages = line.trimEnd() === 'packages:';
    const key = inPackages ? KEY.exec(line) : null;
    if (!key) return;
    const parsed = parseKey(key[1] ?? '');
    if (!parsed) {
      malformed(result, file.path, `line ${i + 1}: cannot read package key "${key[1] ?? ''}"`);
      return;
    }
    if (!VERSION.test(parsed.version) || seen.has(`${parsed.name}@${parsed.version}`)) return;
    seen.add(`${parsed.name}@${parsed.version}`);
    result.components.push(
      makeComponent({
        name: parsed.name,
        version: parsed.version,
        codetype: 'JS',
        vendor: '',
        purl: formatPurl({ type: 'npm', ...npmNameParts(parsed.name), version: parsed.version }),
        evidence: [metadataEvidence(NAME, file.path, `line ${i + 1}: ${line.trim()}`)],
      }),
    );
  });
  return result;
}

/** `/@scope/name@1.2.3(peer@1.0.0)` → name `@scope/name`, version `1.2.3`; v5 `/name/1.2.3_peer@1` too. */
function parseKey(key: string): { name: string; version: string } | undefined {
  const bare = key.replace(/^\//, '').replace(/\(.*$/, '');
  const at = bare.lastIndexOf('@');
  if (at > 0) return { name: bare.slice(0, at), version: bare.slice(at + 1) };
  const slash = bare.lastIndexOf('/');
  if (slash <= 0) return undefined;
  return { name: bare.slice(0, slash), version: (bare.slice(slash + 1).split('_')[0] ?? '') };
}
