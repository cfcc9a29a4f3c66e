// .NET `*.deps.json` (written by the SDK beside every app and library): the
// `libraries` map `"Newtonsoft.Json/13.0.3": {"type": "package", ...}`. Only NuGet
// packages are reported: `project` entries are the application itself, `reference`
// entries are plain assembly references without a package version.
import type { CatalogFile, Cataloger, CatalogResult } from '../../types.ts';
import { makeComponent } from '../../component.ts';
import { emptyResult, malformed, metadataEvidence } from '../../evidence.ts';
import { isRecord, parseJson, stringField } from '../../parse/json.ts';
import { formatPurl } from '../../purl.ts';

const NAME = 'dotnet/deps-json';

export const depsJson: Cataloger = {
  name: NAME,
  version: 1,
  matches: (_path, innerPath) => innerPath.endsWith('.deps.json'),
  catalog,
};

async function catalog(file: CatalogFile): Promise<CatalogResult> {
  const result = emptyResult();
  const parsed = parseJson(await file.read());
  if ('error' in parsed || !isRecord(parsed.value) || !isRecord(parsed.value.libraries)) {
    malformed(result, file.path, 'error' in parsed ? `deps.json: ${parsed.error}` : 'deps.json has no "libraries" object');
    return result;
  }
  for (const [key, library] of Object.entries(parsed.value.libraries)) {
    if (!isRecord(library) || stringField(library, 'type') !== 'package') continue;
    // Sample key: `Microsoft.Extensions.Logging.Abstractions/8.0.0`.
    const slash = key.lastIndexOf('/');
    const name = key.slice(0, Math.max(0, slash));
    const version = key.slice(slash + 1);
    if (slash <= 0 || version === '') {
      malformed(result, file.path, `library key "${key}" is not Name/Version`);
      continue;
    }
    result.components.push(
      makeComponent({
        name,
        version,
        codetype: 'MS',
        vendor: '',
        purl: formatPurl({ type: 'nuget', name, version }),
        evidence: [metadataEvidence(NAME, file.path, `"${key}": {"type": "package"}`)],
      }),
    );
  }
  return result;
}
