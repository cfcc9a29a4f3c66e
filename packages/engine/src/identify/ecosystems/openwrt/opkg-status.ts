// opkg's database of installed packages (OpenWrt, Yocto): `usr/lib/opkg/status`,
// deb822 paragraphs with `Status: install user installed`. opkg status files often
// lack Version for the kernel pseudo-package; such entries are reported, not invented.
import type { Distro } from '../../../model/index.ts';
import type { CatalogFile, Cataloger, CatalogResult } from '../../types.ts';
import { makeComponent } from '../../component.ts';
import { emptyResult, malformed, metadataEvidence } from '../../evidence.ts';
import { type Paragraph, parseDeb822 } from '../../parse/deb822.ts';
import { distroQualifier, findDistro } from '../../parse/distro.ts';
import { formatPurl } from '../../purl.ts';

const NAME = 'openwrt/opkg-status';
// Samples: `usr/lib/opkg/status`, `var/lib/opkg/status` (Yocto), `rootfs/usr/lib/opkg/status`.
const STATUS_PATH = /(^|\/)(usr|var)\/lib\/opkg\/status$/;

export const opkgStatus: Cataloger = {
  name: NAME,
  version: 1,
  matches: (_path, innerPath) => STATUS_PATH.test(innerPath),
  catalog,
};

async function catalog(file: CatalogFile): Promise<CatalogResult> {
  const result = emptyResult();
  const parsed = parseDeb822((await file.read()).toString('utf8'));
  if (parsed.badLines.length > 0) malformed(result, file.path, `${parsed.badLines.length} unparsable line(s), first at line ${parsed.badLines[0]}`);
  const dbDir = /(^|\/)var\/lib\/opkg\//.test(file.innerPath) ? 'var/lib/opkg/' : 'usr/lib/opkg/';
  const distro = (await findDistro(file, dbDir)) ?? { name: 'openwrt', release: '' };
  for (const paragraph of parsed.paragraphs) {
    // Sample `Status: install user installed`; `... not-installed` and half-installed are absent.
    const status = (paragraph.fields.get('status') ?? '').split(/\s+/);
    if (status[2] !== 'installed') continue;
    const built = opkgComponent(paragraph, distro, file.path);
    if (typeof built === 'string') malformed(result, file.path, `${built} (byte ${paragraph.offset})`);
    else result.components.push(built);
  }
  return result;
}

function opkgComponent(paragraph: Paragraph, distro: Distro, path: string[]) {
  const { fields } = paragraph;
  const name = fields.get('package') ?? '';
  const version = fields.get('version') ?? '';
  if (name === '') return 'paragraph without a Package field';
  if (version === '') return `package ${name} has no Version field`;
  const license = fields.get('license') ?? '';
  return makeComponent({
    name,
    version,
    codetype: 'DP',
    vendor: distro.name,
    purl: formatPurl({
      type: 'opkg',
      namespace: distro.name,
      name,
      version,
      qualifiers: { arch: fields.get('architecture'), distro: distroQualifier(distro) },
    }),
    licenses: license === '' ? [] : [license],
    distro,
    evidence: [metadataEvidence(NAME, path, `Package: ${name}`, paragraph.offset)],
  });
}
