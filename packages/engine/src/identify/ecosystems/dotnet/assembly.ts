// .NET assemblies (`*.dll`, `*.exe` with a CLI header): the Assembly table's name and
// version (parse/dotnet-metadata.ts) and the version resource's strings
// (parse/pe-version-resource.ts). The NuGet package version is what the build stamps
// as AssemblyInformationalVersion (the resource's ProductVersion, build metadata after
// `+` dropped), else FileVersion; AssemblyVersion is often pinned (`13.0.0.0` for every
// Newtonsoft.Json 13.x), so it is the last resort. Native PE files give nothing.
import type { CatalogFile, Cataloger, CatalogResult } from '../../types.ts';
import { makeComponent } from '../../component.ts';
import { emptyResult, malformed, metadataEvidence } from '../../evidence.ts';
import { readAssemblyIdentity } from '../../parse/dotnet-metadata.ts';
import { readPeLayout } from '../../parse/pe-layout.ts';
import { readVersionStrings } from '../../parse/pe-version-resource.ts';
import { formatPurl } from '../../purl.ts';

const NAME = 'dotnet/assembly';
// A NuGet/SemVer version, build metadata dropped: `13.0.3+0a2e291c` → `13.0.3`, `8.0.0-rc.2.23479.6`.
const PRODUCT_VERSION = /^(\d+(?:\.\d+){1,3}(?:-[0-9A-Za-z.-]+)?)(?:\+.*)?$/;

export const dotnetAssembly: Cataloger = {
  name: NAME,
  version: 1,
  matches: (_path, _innerPath, format) => format === 'executable/pe',
  reads: 'ranges',
  catalog,
};

async function catalog(file: CatalogFile): Promise<CatalogResult> {
  const result = emptyResult();
  const read = (offset: number, length: number): Promise<Buffer> => file.readRange(offset, length);
  const pe = await readPeLayout(read);
  if (typeof pe === 'string') {
    malformed(result, file.path, pe);
    return result;
  }
  const identity = await readAssemblyIdentity(read, pe);
  if (identity === undefined) return result;
  if (typeof identity === 'string') {
    malformed(result, file.path, `.NET metadata: ${identity}`);
    return result;
  }
  const strings = await readVersionStrings(read, pe);
  const productVersion = strings.get('ProductVersion') ?? '';
  const fileVersion = strings.get('FileVersion') ?? '';
  const version = PRODUCT_VERSION.exec(productVersion)?.[1] ?? (PRODUCT_VERSION.exec(fileVersion) ? fileVersion : identity.version);
  const text = [`Assembly ${identity.name} ${identity.version}`, productVersion && `ProductVersion ${productVersion}`, fileVersion && `FileVersion ${fileVersion}`].filter(Boolean).join('; ');
  result.components.push(
    makeComponent({
      name: identity.name,
      version,
      codetype: 'MS',
      vendor: '',
      purl: formatPurl({ type: 'nuget', name: identity.name, version }),
      evidence: [metadataEvidence(NAME, file.path, text)],
    }),
  );
  return result;
}
