// Erlang rebar3's `rebar.lock`: Erlang terms. Since rebar3 3.5 `{"1.2.0", [Locks]}.` then
// `[{pkg_hash, …}]`; before, the bare list `[Locks].`. A Hex lock is
// `{<<"app">>, {pkg, <<"package">>, <<"version">>}, Level}` (the package name can differ
// from the application's); git locks name a commit, not a release, and are left out.
import type { CatalogFile, Cataloger, CatalogResult } from '../../types.ts';
import { makeComponent } from '../../component.ts';
import { emptyResult, malformed, metadataEvidence } from '../../evidence.ts';
import { formatPurl } from '../../purl.ts';

const NAME = 'erlang/rebar-lock';
// Sample: `{<<"certifi">>,{pkg,<<"certifi">>,<<"2.12.0">>},1}`.
const PKG_LOCK = /\{<<"([^"]+)">>,\s*\{pkg,\s*<<"([^"]+)">>,\s*<<"([^"]+)">>(?:,\s*[^}]*)?\},\s*(\d+)\}/g;
// Sample: `{"1.2.0",` (versioned) or `[{<<"` (rebar3 before 3.5).
const LOCK_START = /^\s*(\{"[0-9.]+",|\[)/;

export const rebarLock: Cataloger = {
  name: NAME,
  version: 1,
  matches: (_path, innerPath) => innerPath === 'rebar.lock' || innerPath.endsWith('/rebar.lock'),
  catalog,
};

async function catalog(file: CatalogFile): Promise<CatalogResult> {
  const result = emptyResult();
  const text = (await file.read()).toString('utf8');
  if (!LOCK_START.test(text)) {
    malformed(result, file.path, 'rebar.lock does not start with a lock list');
    return result;
  }
  // The `pkg_hash` lists after the locks hold hashes only; stop there.
  const locks = text.split(/\{pkg_hash(?:_ext)?,/)[0] ?? '';
  const seen = new Set<string>();
  for (const match of locks.matchAll(PKG_LOCK)) {
    const name = match[2] ?? '';
    const version = match[3] ?? '';
    if (seen.has(`${name}@${version}`)) continue;
    seen.add(`${name}@${version}`);
    result.components.push(
      makeComponent({
        name,
        version,
        codetype: 'NA',
        vendor: '',
        purl: formatPurl({ type: 'hex', name: name.toLowerCase(), version }),
        evidence: [metadataEvidence(NAME, file.path, match[0], Buffer.byteLength(text.slice(0, match.index)))],
      }),
    );
  }
  return result;
}
