// CocoaPods Podfile.lock (YAML as CocoaPods writes it): the `PODS:` list,
// `  - Alamofire (5.8.1)` or `  - Firebase/Analytics (10.18.0):` (a subspec, reported
// as its pod `Firebase`), with dependency lines indented deeper. Code type MA: pods
// are libraries of iOS and macOS applications.
import type { CatalogFile, Cataloger, CatalogResult } from '../../types.ts';
import { makeComponent } from '../../component.ts';
import { emptyResult, malformed, metadataEvidence } from '../../evidence.ts';
import { formatPurl } from '../../purl.ts';

const NAME = 'cocoapods/podfile-lock';
// Samples: `  - Alamofire (5.8.1)`, `  - "GoogleUtilities/Environment (7.12.0)":`.
const POD = /^ {2}- "?([^\s"(]+) \(([^)\s]+)\)"?:?\s*$/;

export const podfileLock: Cataloger = {
  name: NAME,
  version: 1,
  matches: (_path, innerPath) => innerPath === 'Podfile.lock' || innerPath.endsWith('/Podfile.lock'),
  catalog,
};

async function catalog(file: CatalogFile): Promise<CatalogResult> {
  const result = emptyResult();
  const lines = (await file.read()).toString('utf8').split('\n');
  if (!lines.some((l) => l.trimEnd() === 'PODS:')) {
    malformed(result, file.path, 'no PODS: section in Podfile.lock');
    return result;
  }
  const seen = new Set<string>();
  let inPods = false;
  lines.forEach((raw, i) => {
    const line = raw.replace(/\r$/, '');
    if (/^\S/.test(line)) inPods = line.trimEnd() === 'PODS:';
    const pod = inPods ? POD.exec(line) : null;
    if (!pod) return;
    const name = (pod[1] ?? '').split('/')[0] ?? '';
    const version = pod[2] ?? '';
    if (seen.has(`${name}@${version}`)) return;
    seen.add(`${name}@${version}`);
    result.components.push(
      makeComponent({
        name,
        version,
        codetype: 'MA',
        vendor: '',
        purl: formatPurl({ type: 'cocoapods', name, version }),
        evidence: [metadataEvidence(NAME, file.path, `line ${i + 1}: ${line.trim()}`)],
      }),
    );
  });
  return result;
}
