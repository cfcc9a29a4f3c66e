// The `control` file of a Debian binary package (.deb = ar of debian-binary,
// control.tar.*, data.tar.*): the package itself is a component. Its evidence
// points at the .deb, the file a user would recognise and whose hash identifies it.
import type { CatalogFile, Cataloger, CatalogResult } from '../../types.ts';
import { parseDeb822 } from '../../parse/deb822.ts';
import { debianComponent } from '../../parse/debian-package.ts';

const NAME = 'debian/deb-control';
// The ar member holding the control file, samples `control.tar.xz`, `control.tar.zst`, `control.tar`.
const CONTROL_TAR = /^control\.tar(\.(gz|xz|zst|bz2|lzma))?$/;

export const debControl: Cataloger = {
  name: NAME,
  version: 1,
  matches: (path, innerPath) => innerPath === 'control' && path.length >= 2 && CONTROL_TAR.test(path[path.length - 2] ?? ''),
  catalog,
};

async function catalog(file: CatalogFile): Promise<CatalogResult> {
  const result: CatalogResult = { components: [], problems: [] };
  const debPath = file.path.slice(0, file.path.findIndex((p) => CONTROL_TAR.test(p)));
  const parsed = parseDeb822((await file.read()).toString('utf8'));
  const paragraph = parsed.paragraphs[0];
  if (parsed.badLines.length > 0 || paragraph === undefined) {
    const message = paragraph ? `unparsable line ${parsed.badLines[0]}` : 'no fields';
    result.problems.push({ level: 'warning', location: file.path, code: 'malformed', message });
    if (!paragraph) return result;
  }
  const built = debianComponent({
    paragraph,
    distro: undefined,
    foundBy: NAME,
    evidencePath: debPath,
    evidenceText: `${file.path.slice(debPath.length).join('/')}: Package: ${paragraph.fields.get('package') ?? ''}`,
  });
  if (typeof built === 'string') result.problems.push({ level: 'warning', location: file.path, code: 'malformed', message: built });
  else result.components.push(built);
  return result;
}
