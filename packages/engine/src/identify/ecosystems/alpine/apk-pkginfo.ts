// An Alpine package file (`.apk`, v2): abuild writes its metadata as `.PKGINFO` in the
// control tar, `key = value` lines (pkgname, pkgver, arch, origin, license, depend...).
// The unpacker (unpack/formats/package/apk) puts it at `<pkg>.apk/control.tar/.PKGINFO`.
// A package file carries no distro release: the purl has no distro qualifier.
import type { CatalogFile, Cataloger, CatalogResult } from '../../types.ts';
import { makeComponent } from '../../component.ts';
import { emptyResult, malformed, metadataEvidence } from '../../evidence.ts';
import { formatPurl } from '../../purl.ts';

const NAME = 'alpine/apk-pkginfo';
// Sample: `pkgver = 1.3.1-r0`, `license = Zlib`.
const LINE = /^([a-z_]+) = (.*)$/;

export const apkPkginfo: Cataloger = {
  name: NAME,
  version: 1,
  // Arch Linux packages have a `.PKGINFO` too, at the top of the package tar: only the control tar's is Alpine's.
  matches: (path, innerPath) => innerPath === '.PKGINFO' && path.length >= 2 && path[path.length - 2] === 'control.tar',
  catalog,
};

async function catalog(file: CatalogFile): Promise<CatalogResult> {
  const result = emptyResult();
  const { fields, badLines } = parsePkginfo((await file.read()).toString('utf8'));
  if (badLines.length > 0) malformed(result, file.path, `${badLines.length} unparsable line(s), first at line ${badLines[0]}`);
  const name = fields.get('pkgname') ?? '';
  const version = fields.get('pkgver') ?? '';
  if (name === '' || version === '') {
    malformed(result, file.path, `.PKGINFO without ${name === '' ? 'pkgname' : 'pkgver'}`);
    return result;
  }
  const origin = fields.get('origin');
  const license = fields.get('license') ?? '';
  result.components.push(
    makeComponent({
      name,
      version,
      codetype: 'DP',
      vendor: 'alpine',
      purl: formatPurl({ type: 'apk', namespace: 'alpine', name, version, qualifiers: { arch: fields.get('arch'), upstream: origin && origin !== name ? origin : undefined } }),
      licenses: license === '' ? [] : [license],
      evidence: [metadataEvidence(NAME, file.path, `pkgname = ${name}\npkgver = ${version}`)],
    }),
  );
  return result;
}

/** The first value of each key (depend/provides repeat; they are not read). */
function parsePkginfo(text: string): { fields: Map<string, string>; badLines: number[] } {
  const fields = new Map<string, string>();
  const badLines: number[] = [];
  text.split('\n').forEach((raw, i) => {
    const line = raw.replace(/\r$/, '');
    if (line.trim() === '' || line.startsWith('#')) return;
    const match = LINE.exec(line);
    if (!match) badLines.push(i + 1);
    else if (!fields.has(match[1] ?? '')) fields.set(match[1] ?? '', (match[2] ?? '').trim());
  });
  return { fields, badLines };
}
