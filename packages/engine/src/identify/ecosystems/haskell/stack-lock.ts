// Stack's `stack.yaml.lock` (Stack 2): under `packages:`, each `- completed:` block names
// what was resolved, `hackage: <name>-<version>@sha256:<hash>,<size>` for Hackage, or
// `name:` + `version:` for git and archive packages. `snapshots:` (the resolver) follows.
import type { CatalogFile, Cataloger, CatalogResult } from '../../types.ts';
import { makeComponent } from '../../component.ts';
import { emptyResult, malformed, metadataEvidence } from '../../evidence.ts';
import { formatPurl } from '../../purl.ts';

const NAME = 'haskell/stack-lock';
// Samples: `    hackage: acme-missiles-0.3@sha256:2ba6…d1,613`, `    name: servant`, `    version: 0.20.1`.
const FIELD = /^( *)(?:- )?([a-z-]+):\s*(.*?)\s*$/;
// Sample: `acme-missiles-0.3@sha256:2ba6…` → `acme-missiles`, `0.3`.
const HACKAGE_ID = /^([A-Za-z0-9][A-Za-z0-9-]*)-([0-9]+(?:\.[0-9]+)*)(?:@.*)?$/;

export const stackLock: Cataloger = {
  name: NAME,
  version: 1,
  matches: (_path, innerPath) => innerPath === 'stack.yaml.lock' || innerPath.endsWith('/stack.yaml.lock'),
  catalog,
};

interface Resolved {
  name: string;
  version: string;
  text: string;
}

async function catalog(file: CatalogFile): Promise<CatalogResult> {
  const result = emptyResult();
  const blocks = completedBlocks((await file.read()).toString('utf8'));
  if (blocks === undefined) {
    malformed(result, file.path, 'no packages: list in stack.yaml.lock');
    return result;
  }
  for (const fields of blocks) {
    const resolved = resolvedPackage(fields);
    if (!resolved) continue;
    result.components.push(
      makeComponent({
        name: resolved.name,
        version: resolved.version,
        codetype: 'NA',
        vendor: '',
        purl: formatPurl({ type: 'hackage', name: resolved.name, version: resolved.version }),
        evidence: [metadataEvidence(NAME, file.path, resolved.text)],
      }),
    );
  }
  return result;
}

function resolvedPackage(fields: Map<string, string>): Resolved | undefined {
  const hackage = fields.get('hackage');
  const id = hackage === undefined ? undefined : HACKAGE_ID.exec(hackage);
  if (id) return { name: id[1] ?? '', version: id[2] ?? '', text: `hackage: ${hackage ?? ''}` };
  const name = fields.get('name');
  const version = fields.get('version');
  if (name && version) return { name, version, text: `name: ${name} version: ${version}${fields.has('git') ? ` git: ${fields.get('git') ?? ''}` : ''}` };
  return undefined;
}

/** The scalar fields of each `completed:` block of the `packages:` list. */
function completedBlocks(text: string): Map<string, string>[] | undefined {
  const lines = text.split('\n').map((l) => l.replace(/\r$/, ''));
  const start = lines.findIndex((l) => /^packages:/.test(l));
  if (start < 0) return undefined;
  const blocks: Map<string, string>[] = [];
  let current: Map<string, string> | undefined;
  let blockIndent = -1;
  for (let i = start + 1; i < lines.length; i++) {
    const line = lines[i] ?? '';
    if (line.trim() === '' || line.trimStart().startsWith('#')) continue;
    if (!/^[ -]/.test(line)) break; // the next top-level key
    const field = FIELD.exec(line);
    if (!field) continue;
    const indent = (field[1] ?? '').length + (line.trimStart().startsWith('- ') ? 2 : 0);
    const key = field[2] ?? '';
    if (key === 'completed') {
      current = new Map();
      blocks.push(current);
      blockIndent = indent;
    } else if (current && indent > blockIndent) {
      if (!current.has(key)) current.set(key, (field[3] ?? '').replace(/^"(.*)"$/, '$1'));
    } else {
      current = undefined;
    }
  }
  return blocks;
}
