// Shorthands shared by catalogers.
import type { Evidence } from '../model/index.ts';
import type { CatalogResult } from './types.ts';

export function metadataEvidence(foundBy: string, path: string[], text: string, offset?: number): Evidence {
  const evidence: Evidence = { method: 'package-metadata', foundBy, path, text };
  if (offset !== undefined) evidence.offset = offset;
  return evidence;
}

export function emptyResult(): CatalogResult {
  return { components: [], problems: [] };
}

/** Adds a `malformed` warning located at `path`. */
export function malformed(result: CatalogResult, path: string[], message: string): void {
  result.problems.push({ level: 'warning', location: path, code: 'malformed', message });
}

/** `name@version` scoped npm names → purl parts. Sample `@babel/core` → namespace `@babel`, name `core`. */
export function npmNameParts(name: string): { namespace?: string; name: string } {
  const scoped = /^(@[^/]+)\/(.+)$/.exec(name);
  return scoped ? { namespace: scoped[1], name: scoped[2] ?? name } : { name };
}
