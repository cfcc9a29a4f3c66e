// A shared library's own name (ELF DT_SONAME, Mach-O LC_ID_DYLIB), e.g. `libssl.so.3`,
// supports a component already found in that library: by a version string
// (signature) or through the package that owns the file (ownership turns such hits
// into the package's evidence). It is only evidence: a soname alone never makes a
// component, and it never carries a version.
import type { Component, FileEntry } from '../model/index.ts';
import { allSignatures } from '../signatures/registry.ts';

export const SONAME_FOUND_BY = 'identify/soname';
const SIGNATURE_PREFIX = 'signatures/';

/**
 * Adds `soname` evidence to every component with signature or file-name evidence in a
 * library whose soname that signature's `fileNames` accept (`libssl.so.3` for openssl).
 */
export function addSonameEvidence(components: readonly Component[], files: readonly FileEntry[]): Component[] {
  const sonames = new Map<string, string>();
  for (const f of files) if (f.executable?.soname) sonames.set(JSON.stringify(f.path), f.executable.soname);
  if (sonames.size === 0) return [...components];
  const fileNames = signatureFileNames();
  return components.map((component) => {
    const added = new Map<string, Component['evidence'][number]>();
    for (const e of component.evidence) {
      const soname = sonames.get(JSON.stringify(e.path));
      if (soname === undefined || !e.foundBy.startsWith(SIGNATURE_PREFIX)) continue;
      const names = fileNames.get(e.foundBy.slice(SIGNATURE_PREFIX.length)) ?? [];
      const present = component.evidence.some((x) => x.method === 'soname' && JSON.stringify(x.path) === JSON.stringify(e.path));
      if (!present && names.some((re) => re.test(soname))) added.set(JSON.stringify(e.path), { method: 'soname', foundBy: SONAME_FOUND_BY, path: e.path, text: soname });
    }
    return added.size === 0 ? component : { ...component, evidence: [...component.evidence, ...added.values()] };
  });
}

let cache: Map<string, RegExp[]> | undefined;

/** Signature id → its file-name regexes (compiled once). */
function signatureFileNames(): Map<string, RegExp[]> {
  cache ??= new Map(allSignatures().map((s) => [s.id, (s.fileNames ?? []).map((source) => new RegExp(source))]));
  return cache;
}
