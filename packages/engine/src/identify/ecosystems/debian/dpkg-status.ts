// dpkg's database of installed packages: `var/lib/dpkg/status` (one paragraph per
// package) and, in distroless images, `var/lib/dpkg/status.d/<package>`. The
// distro comes from os-release in the same tree. Each package's installed files come
// from `var/lib/dpkg/info/<package>[:<arch>].list` (status.d images ship none).
import type { Distro } from '../../../model/index.ts';
import type { CatalogFile, Cataloger, CatalogResult } from '../../types.ts';
import { parseDeb822 } from '../../parse/deb822.ts';
import { debianComponent } from '../../parse/debian-package.ts';
import { distroFromOsRelease } from '../../parse/os-release.ts';

const NAME = 'debian/dpkg-status';
// Samples: `var/lib/dpkg/status`, `rootfs/var/lib/dpkg/status.d/base-files` (not `....md5sums`).
const STATUS_PATH = /(^|\/)var\/lib\/dpkg\/(status|status\.d\/[^/]+)$/;

export const dpkgStatus: Cataloger = {
  name: NAME,
  version: 2,
  matches: (_path, innerPath) => STATUS_PATH.test(innerPath) && !innerPath.endsWith('.md5sums'),
  catalog,
};

async function catalog(file: CatalogFile): Promise<CatalogResult> {
  const result: CatalogResult = { components: [], problems: [] };
  const problem = (message: string): void => {
    result.problems.push({ level: 'warning', location: file.path, code: 'malformed', message });
  };
  const parsed = parseDeb822((await file.read()).toString('utf8'));
  if (parsed.badLines.length > 0) {
    problem(`${parsed.badLines.length} unparsable line(s), first at line ${parsed.badLines[0]}`);
  }
  const distro = await findDistro(file);
  const root = file.innerPath.slice(0, file.innerPath.lastIndexOf('var/lib/dpkg/'));
  for (const paragraph of parsed.paragraphs) {
    // Only what is installed: `deinstall ok config-files` and half-installed packages are not present.
    const status = (paragraph.fields.get('status') ?? '').split(/\s+/).join(' ');
    if (status !== 'install ok installed') continue;
    const name = paragraph.fields.get('package') ?? '';
    const built = debianComponent({
      paragraph,
      distro,
      foundBy: NAME,
      evidencePath: file.path,
      evidenceText: `Package: ${name}`,
      evidenceOffset: paragraph.offset,
    });
    if (typeof built === 'string') {
      problem(`${built} (byte ${paragraph.offset})`);
      continue;
    }
    result.components.push(built);
    const files = await installedFiles(file, root, name, paragraph.fields.get('architecture') ?? '');
    if (files.length > 0) (result.owned ??= []).push({ component: built, root, files });
  }
  return result;
}

/** Lines of `<package>.list` or, for Multi-Arch: same packages, `<package>:<arch>.list`. */
async function installedFiles(file: CatalogFile, root: string, name: string, arch: string): Promise<string[]> {
  const info = `${root}var/lib/dpkg/info/`;
  const list = (await file.readSibling(`${info}${name}.list`)) ?? (await file.readSibling(`${info}${name}:${arch}.list`));
  return list ? list.toString('utf8').split('\n').filter((l) => l.startsWith('/')) : [];
}

async function findDistro(file: CatalogFile): Promise<Distro | undefined> {
  const root = file.innerPath.slice(0, file.innerPath.lastIndexOf('var/lib/dpkg/'));
  const osRelease = (await file.readSibling(`${root}etc/os-release`)) ?? (await file.readSibling(`${root}usr/lib/os-release`));
  return osRelease ? distroFromOsRelease(osRelease.toString('utf8')) : undefined;
}
