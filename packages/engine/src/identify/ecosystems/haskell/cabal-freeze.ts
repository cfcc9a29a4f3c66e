// cabal-install's `cabal.project.freeze` (`cabal freeze`): the `constraints:` field pins
// every package of the plan as `any.<name> ==<version>` (cabal 3; cabal 2 wrote
// `<name> ==<version>`), one per continuation line. Flag lines (`aeson -cffi`) pin nothing.
import type { CatalogFile, Cataloger, CatalogResult } from '../../types.ts';
import { makeComponent } from '../../component.ts';
import { emptyResult, malformed, metadataEvidence } from '../../evidence.ts';
import { formatPurl } from '../../purl.ts';

const NAME = 'haskell/cabal-freeze';
// Sample: `constraints: any.Cabal ==3.10.1.0,` then `             any.aeson ==2.2.1.0,`.
const PIN = /^(?:any\.)?([A-Za-z0-9][A-Za-z0-9-]*)\s*==\s*([0-9]+(?:\.[0-9]+)*)$/;

export const cabalFreeze: Cataloger = {
  name: NAME,
  version: 1,
  matches: (_path, innerPath) => innerPath === 'cabal.project.freeze' || innerPath.endsWith('/cabal.project.freeze'),
  catalog,
};

async function catalog(file: CatalogFile): Promise<CatalogResult> {
  const result = emptyResult();
  const constraints = constraintsField((await file.read()).toString('utf8'));
  if (constraints === undefined) {
    malformed(result, file.path, 'no constraints: field in cabal.project.freeze');
    return result;
  }
  for (const item of constraints) {
    const pin = PIN.exec(item);
    if (!pin) continue;
    const name = pin[1] ?? '';
    const version = pin[2] ?? '';
    result.components.push(
      makeComponent({
        name,
        version,
        codetype: 'NA',
        vendor: '',
        purl: formatPurl({ type: 'hackage', name, version }),
        evidence: [metadataEvidence(NAME, file.path, `constraints: ${item}`)],
      }),
    );
  }
  return result;
}

/** The comma-separated items of the `constraints:` field (its first line and the indented ones after it). */
function constraintsField(text: string): string[] | undefined {
  const lines = text.split('\n').map((l) => l.replace(/\r$/, ''));
  const start = lines.findIndex((l) => /^constraints:/i.test(l));
  if (start < 0) return undefined;
  const parts = [(lines[start] ?? '').slice('constraints:'.length)];
  for (let i = start + 1; i < lines.length && /^\s+\S/.test(lines[i] ?? ''); i++) parts.push(lines[i] ?? '');
  return parts
    .join(',')
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '');
}
