// Swift Package Manager pins, `Package.resolved`: version 1 (`object.pins[]` with
// `package`, `repositoryURL`, `state`), versions 2 and 3 (`pins[]` with `identity`, `kind`,
// `location`, `state`; 3 adds `originHash`). A pin on a branch has no `version`: its
// revision is what was resolved, so it is the version (exact, never a guess).
import type { Component } from '../../../model/index.ts';
import type { CatalogFile, Cataloger, CatalogResult } from '../../types.ts';
import { makeComponent } from '../../component.ts';
import { emptyResult, malformed, metadataEvidence } from '../../evidence.ts';
import { isRecord, parseJson, stringField } from '../../parse/json.ts';
import { formatPurl } from '../../purl.ts';

const NAME = 'swift/package-resolved';

export const packageResolved: Cataloger = {
  name: NAME,
  version: 1,
  matches: (_path, innerPath) => innerPath === 'Package.resolved' || innerPath.endsWith('/Package.resolved'),
  catalog,
};

async function catalog(file: CatalogFile): Promise<CatalogResult> {
  const result = emptyResult();
  const parsed = parseJson(await file.read());
  if ('error' in parsed || !isRecord(parsed.value)) {
    malformed(result, file.path, 'error' in parsed ? parsed.error : 'Package.resolved is not a JSON object');
    return result;
  }
  const doc = parsed.value;
  const pins = Array.isArray(doc.pins) ? doc.pins : isRecord(doc.object) && Array.isArray(doc.object.pins) ? doc.object.pins : undefined;
  if (!pins) {
    malformed(result, file.path, `Package.resolved (version ${String(doc.version)}) without pins`);
    return result;
  }
  for (const [i, pin] of pins.entries()) {
    const built = isRecord(pin) ? pinComponent(pin, file.path) : 'not an object';
    if (typeof built === 'string') malformed(result, file.path, `pin ${i}: ${built}`);
    else result.components.push(built);
  }
  return result;
}

function pinComponent(pin: Record<string, unknown>, path: string[]): Component | string {
  const location = stringField(pin, 'location') || stringField(pin, 'repositoryURL');
  const identity = stringField(pin, 'identity') || stringField(pin, 'package');
  const state = isRecord(pin.state) ? pin.state : {};
  const version = stringField(state, 'version') || stringField(state, 'revision');
  // Registry pins are located by `scope.name` (SE-0292), source control pins by URL.
  const coordinates = pin.kind === 'registry' ? registryCoordinates(location || identity) : repositoryCoordinates(location);
  if (!coordinates || version === '') return `no ${coordinates ? 'version or revision' : 'usable location'} (${identity || location || 'unnamed'})`;
  return makeComponent({
    name: coordinates.name,
    version,
    codetype: 'MA',
    vendor: '',
    purl: formatPurl({ type: 'swift', namespace: coordinates.namespace, name: coordinates.name, version }),
    evidence: [metadataEvidence(NAME, path, `"${identity}" ${location} ${version}`)],
  });
}

/**
 * purl spec (swift): namespace = host and owner, name = repository. Samples:
 * `https://github.com/apple/swift-nio.git` → `github.com/apple` + `swift-nio`;
 * `git@github.com:apple/swift-log.git` → `github.com/apple` + `swift-log`.
 */
export function repositoryCoordinates(url: string): { namespace: string; name: string } | undefined {
  const plain = url
    .trim()
    .replace(/^[a-z][a-z0-9+.-]*:\/\//i, '')
    .replace(/^[^@/]+@/, '')
    // A port (`host:22/`) is dropped; an scp-like `host:owner/repo` becomes a path.
    .replace(/^([^/:]+):(\d+\/)?/, '$1/')
    .replace(/\/+$/, '')
    .replace(/\.git$/, '');
  const parts = plain.split('/').filter((p) => p !== '');
  const name = parts.pop();
  if (name === undefined || parts.length === 0) return undefined;
  return { namespace: parts.join('/'), name };
}

/** Sample: `mona.LinkedList` → namespace `mona`, name `LinkedList`. */
function registryCoordinates(id: string): { namespace: string; name: string } | undefined {
  const dot = id.indexOf('.');
  return dot > 0 && dot < id.length - 1 ? { namespace: id.slice(0, dot), name: id.slice(dot + 1) } : undefined;
}
