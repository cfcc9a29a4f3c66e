// Bundler's Gemfile.lock: sections `GEM`, `GIT`, `PATH` each with a `specs:` list,
// where a resolved gem is a 4-space line `name (version)` (6-space lines are its
// dependencies' constraints). Platform suffixes (`nokogiri (1.16.2-x86_64-linux)`) are
// dropped from the version and kept as the purl `platform` qualifier.
import type { CatalogFile, Cataloger, CatalogResult } from '../../types.ts';
import { makeComponent } from '../../component.ts';
import { emptyResult, malformed, metadataEvidence } from '../../evidence.ts';
import { formatPurl } from '../../purl.ts';

const NAME = 'ruby/gemfile-lock';
// Sample: `    rack (3.0.9.1)`, `    nokogiri (1.16.2-x86_64-linux)`.
const SPEC = /^ {4}([^\s(]+) \(([^)]+)\)$/;
// A RubyGems version, then an optional platform: `1.16.2-x86_64-linux` → `1.16.2`, `x86_64-linux`.
const VERSION_PLATFORM = /^(\d[0-9A-Za-z.]*)(?:-(.+))?$/;

export const gemfileLock: Cataloger = {
  name: NAME,
  version: 1,
  matches: (_path, innerPath) => /(^|\/)(Gemfile\.lock|gems\.locked)$/.test(innerPath),
  catalog,
};

async function catalog(file: CatalogFile): Promise<CatalogResult> {
  const result = emptyResult();
  let inSpecs = false;
  let sawSection = false;
  (await file.read()).toString('utf8').split('\n').forEach((raw, i) => {
    const line = raw.replace(/\r$/, '');
    if (/^[A-Z]/.test(line)) {
      sawSection = true;
      inSpecs = false;
      return;
    }
    if (line === '  specs:') {
      inSpecs = true;
      return;
    }
    const match = inSpecs ? SPEC.exec(line) : null;
    if (!match) return;
    const name = match[1] ?? '';
    const vp = VERSION_PLATFORM.exec(match[2] ?? '');
    if (!vp) {
      malformed(result, file.path, `line ${i + 1}: no version in "${line.trim()}"`);
      return;
    }
    const version = vp[1] ?? '';
    result.components.push(
      makeComponent({
        name,
        version,
        codetype: 'RB',
        vendor: '',
        purl: formatPurl({ type: 'gem', name, version, qualifiers: { platform: vp[2] } }),
        evidence: [metadataEvidence(NAME, file.path, line.trim())],
      }),
    );
  });
  if (!sawSection) malformed(result, file.path, 'no GEM/GIT/PATH sections in Gemfile.lock');
  return result;
}
