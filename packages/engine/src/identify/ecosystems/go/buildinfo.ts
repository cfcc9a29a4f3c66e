// Go binaries: module build info (see parse/go-buildinfo.ts). Components: the main
// module (`mod` line), every dependency (`dep`, or its `=>` replacement), and the Go
// toolchain as `stdlib` (syft's and OSV's name for the standard library). A main
// module built from a work tree says `(devel)`: that is no version, so none is reported.
import type { Component } from '../../../model/index.ts';
import type { CatalogFile, Cataloger, CatalogResult } from '../../types.ts';
import { makeComponent } from '../../component.ts';
import { formatCpe } from '../../cpe.ts';
import { emptyResult, malformed } from '../../evidence.ts';
import { readBuildInfo } from '../../parse/go-buildinfo.ts';
import { formatPurl } from '../../purl.ts';

const NAME = 'go/buildinfo';
// Toolchain versions, samples `go1.22.1`, `go1.21rc2`, `go1.20.14 X:boringcrypto`.
const GO_VERSION = /^go(\d+\.\d+(?:\.\d+)?(?:(?:rc|beta)\d+)?)\b/;

export const goBuildinfo: Cataloger = {
  name: NAME,
  version: 1,
  matches: (_path, _innerPath, format) => format?.startsWith('executable/') === true,
  reads: 'ranges',
  catalog,
};

async function catalog(file: CatalogFile): Promise<CatalogResult> {
  const result = emptyResult();
  const info = await readBuildInfo(file);
  if (typeof info === 'string') {
    // Most executables are not Go programs; only a damaged blob is worth a problem.
    if (info !== 'no Go build info') malformed(result, file.path, info);
    return result;
  }
  const component = (name: string, version: string, text: string): Component =>
    goComponent(name, version, text, file.path, info.offset);
  const toolchain = GO_VERSION.exec(info.goVersion)?.[1];
  if (toolchain) {
    result.components.push(
      makeComponent({
        ...fields('stdlib', toolchain),
        cpes: [formatCpe('golang', 'go', toolchain)],
        evidence: [{ method: 'package-metadata', foundBy: NAME, path: file.path, offset: info.offset, text: info.goVersion }],
      }),
    );
  }
  // Sample lines: `mod\texample.com/hello\t(devel)\t`, `dep\tgithub.com/google/uuid\tv1.6.0\th1:...`,
  // `=>\t../uuid\t(devel)\t` (a replacement of the line before).
  const lines = info.modInfo.split('\n').map((l) => l.split('\t'));
  for (const [i, [kind, path, version]] of lines.entries()) {
    if ((kind !== 'mod' && kind !== 'dep') || !path) continue;
    const replaced = lines[i + 1]?.[0] === '=>' ? lines[i + 1] : undefined;
    const effective = replaced?.[2] ?? version ?? '';
    // A local replacement (`=> ../x`) has no version of its own.
    const real = effective === '(devel)' || (replaced !== undefined && (replaced[1] ?? '').startsWith('.')) ? '' : effective;
    result.components.push(component(path, real, lines[i]?.slice(0, 3).join(' ') ?? path));
  }
  if (!lines.some(([k]) => k === 'mod') && info.modInfo.trim() !== '') malformed(result, file.path, 'Go module info without a mod line');
  return result;
}

function fields(name: string, version: string) {
  const slash = name.lastIndexOf('/');
  return {
    name,
    version,
    codetype: 'GO' as const,
    vendor: '',
    purl: formatPurl({ type: 'golang', namespace: slash > 0 ? name.slice(0, slash) : undefined, name: name.slice(slash + 1), version: version || undefined }),
  };
}

function goComponent(name: string, version: string, text: string, path: string[], offset: number): Component {
  return makeComponent({ ...fields(name, version), evidence: [{ method: 'package-metadata', foundBy: NAME, path, offset, text }] });
}
