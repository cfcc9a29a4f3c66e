// The catalogue of supported components (spec §2 /components): what the engine identifies
// as a named piece of software. Every binary signature is one entry (id = the signature's
// id, stable because signatures are reviewed data), and so is each component a package
// cataloger names by a fixed identity (the Go toolchain's standard library). Packages of
// an ecosystem (npm, PyPI, ...) are open-ended and are not entries of their own.
import { SIGNATURE_FAMILIES, allSignatures, type Signature } from '@binlens/engine';
import type { CodeType, Component } from '@binlens/engine/model';

export interface CatalogueEntry {
  readonly id: string;
  readonly name: string;
  readonly vendor: string;
  readonly codetype: CodeType;
  /** The signature family (`tls`, `network`, ...), or the ecosystem's family. */
  readonly tags: readonly string[];
  /** CPE 2.3 part, vendor and product the knowledge base's NVD ranges name it by. */
  readonly cpe: { readonly part: 'a' | 'o'; readonly vendor: string; readonly product: string } | null;
  /** The OSV package (ecosystem base and name) its advisories name it by. */
  readonly package: { readonly ecosystem: string; readonly name: string } | null;
  readonly purlType: string;
  readonly license: string | null;
  readonly identifiedBy: IdentifiedBy;
}

export interface IdentifiedBy {
  /** `signatures/<id>` or the cataloger's name (`go/buildinfo`), as the evidence's foundBy says. */
  readonly foundBy: string;
  readonly method: 'signature' | 'package-metadata';
  /** Version patterns of a signature (0: known by file name only, never given a version). */
  readonly patterns: number;
  /** File-name patterns (regular expressions on the base name). */
  readonly fileNames: readonly string[];
  /** Where the strings a signature was checked against come from (its samples' sources). */
  readonly sources: readonly string[];
}

/** The Go toolchain's standard library, which go/buildinfo reports for every Go executable. */
const GO_STDLIB: CatalogueEntry = {
  id: 'go-stdlib',
  name: 'stdlib',
  vendor: 'golang',
  codetype: 'GO',
  tags: ['languages'],
  cpe: { part: 'a', vendor: 'golang', product: 'go' },
  package: { ecosystem: 'Go', name: 'stdlib' },
  purlType: 'golang',
  license: 'BSD-3-Clause',
  identifiedBy: { foundBy: 'go/buildinfo', method: 'package-metadata', patterns: 0, fileNames: [], sources: ['The build information the Go toolchain writes into every Go executable'] },
};

let cached: { entries: readonly CatalogueEntry[]; byId: ReadonlyMap<string, CatalogueEntry> } | undefined;

/** Every entry, sorted by name then id. */
export function catalogueEntries(): readonly CatalogueEntry[] {
  return catalogue().entries;
}

export function catalogueEntry(id: string): CatalogueEntry | undefined {
  return catalogue().byId.get(id);
}

/**
 * The catalogue entry a scan's component is: the first signature in its evidence that is one,
 * or the fixed identity its cataloger gave it; null for a package of an ecosystem.
 */
export function catalogueIdOf(component: Pick<Component, 'name' | 'evidence'>): string | null {
  const { byId } = catalogue();
  for (const evidence of component.evidence) {
    if (evidence.foundBy.startsWith('signatures/')) {
      const id = evidence.foundBy.slice('signatures/'.length);
      if (byId.has(id)) return id;
    }
  }
  if (component.name === GO_STDLIB.name && component.evidence.some((e) => e.foundBy === GO_STDLIB.identifiedBy.foundBy)) return GO_STDLIB.id;
  return null;
}

function catalogue(): NonNullable<typeof cached> {
  if (!cached) {
    const families = familiesBySignature();
    const entries = [...allSignatures().map((s) => signatureEntry(s, families.get(s.id) ?? [])), GO_STDLIB]
      .sort((a, b) => a.name.localeCompare(b.name, 'en') || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
    cached = { entries, byId: new Map(entries.map((e) => [e.id, e])) };
  }
  return cached;
}

function signatureEntry(signature: Signature, tags: string[]): CatalogueEntry {
  return {
    id: signature.id,
    name: signature.name,
    vendor: signature.vendor,
    codetype: 'NA',
    tags,
    cpe: cpeOf(signature.cpe),
    package: null,
    purlType: signature.purl.type,
    license: signature.license ?? null,
    identifiedBy: {
      foundBy: `signatures/${signature.id}`,
      method: 'signature',
      patterns: signature.patterns?.length ?? 0,
      fileNames: signature.fileNames ?? [],
      sources: [...new Set((signature.samples ?? []).map((s) => s.source))],
    },
  };
}

/** `vendor:product` (an application) or `o:vendor:product` (an operating system), as signatures write it. */
function cpeOf(text: string | undefined): CatalogueEntry['cpe'] {
  const parts = (text ?? '').split(':');
  const [part, vendor, product] = parts.length === 3 ? parts : ['a', ...parts];
  if (!vendor || !product) return null;
  return { part: part === 'o' ? 'o' : 'a', vendor, product };
}

/** The families each signature is listed in (a signature id is unique across them). */
function familiesBySignature(): Map<string, string[]> {
  const families = new Map<string, string[]>();
  for (const family of SIGNATURE_FAMILIES) {
    for (const signature of family.signatures) families.set(signature.id, [...(families.get(signature.id) ?? []), family.family]);
  }
  return families;
}

