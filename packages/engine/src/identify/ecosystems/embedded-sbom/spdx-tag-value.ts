// SPDX 2 tag-value documents shipped inside the input (`*.spdx`, starting `SPDXVersion:`):
// a package runs from its `PackageName:` to the next `PackageName:`, `FileName:` or
// `SnippetSPDXID:`; `ExternalRef: PACKAGE-MANAGER purl <purl>` and `ExternalRef: SECURITY
// cpe23Type <cpe>` give its identity; `<text>…</text>` values may span lines.
import type { CatalogFile, Cataloger, CatalogResult } from '../../types.ts';
import { emptyResult, malformed } from '../../evidence.ts';
import { MAX_SBOM_PACKAGES, NOT_PACKAGES, type SbomPackage, declaredLicense, sbomComponent } from '../../parse/sbom-component.ts';

const NAME = 'embedded-sbom/spdx-tag-value';
// Samples: `sbom.spdx`, `usr/share/doc/app/app-1.2.spdx`; not Bitnami's `.spdx-<app>.spdx` (JSON).
const SPDX_PATH = /(^|\/)(?!\.spdx-)[^/]+\.spdx$/;
// Sample: `PackageVersion: 1.2.4-r2`.
const TAG = /^([A-Za-z][A-Za-z0-9]*):\s?(.*)$/;
// Sample: `ExternalRef: PACKAGE-MANAGER purl pkg:apk/alpine/musl@1.2.4-r2?arch=x86_64`.
const EXTERNAL_REF = /^(\S+)\s+(\S+)\s+(\S+)/;
const ELEMENT_STARTS = new Set(['PackageName', 'FileName', 'SnippetSPDXID']);

export const spdxTagValue: Cataloger = {
  name: NAME,
  version: 1,
  matches: (_path, innerPath) => innerPath.endsWith('.spdx') && SPDX_PATH.test(innerPath),
  catalog,
};

interface Element {
  tags: Map<string, string[]>;
  offset: number;
}

async function catalog(file: CatalogFile): Promise<CatalogResult> {
  const result = emptyResult();
  const text = (await file.read()).toString('utf8');
  if (!/^\s*(#[^\n]*\n\s*)*SPDXVersion:/.test(text)) {
    malformed(result, file.path, 'not an SPDX tag-value document (no SPDXVersion: first)');
    return result;
  }
  const { elements, documentName } = readElements(text);
  const packages = elements.filter((e) => e.tags.has('PackageName'));
  if (packages.length > MAX_SBOM_PACKAGES) malformed(result, file.path, `${packages.length} packages; the first ${MAX_SBOM_PACKAGES} read`);
  for (const element of packages.slice(0, MAX_SBOM_PACKAGES)) {
    const p = tagValuePackage(element, documentName);
    if (p === undefined) malformed(result, file.path, `PackageName without a value at byte ${element.offset}`);
    else if (p !== 'skip') result.components.push(sbomComponent(NAME, file.path, p));
  }
  return result;
}

function tagValuePackage(element: Element, documentName: string): SbomPackage | 'skip' | undefined {
  const first = (tag: string) => element.tags.get(tag)?.[0] ?? '';
  const name = first('PackageName');
  if (name === '') return undefined;
  if (NOT_PACKAGES.has(first('PrimaryPackagePurpose'))) return 'skip';
  const refs = (element.tags.get('ExternalRef') ?? []).map((r) => EXTERNAL_REF.exec(r)).filter((r) => r !== null);
  const locators = (type: string) => refs.filter((r) => r[2] === type).map((r) => r[3] ?? '');
  const license = declaredLicense(first('PackageLicenseDeclared')) ?? declaredLicense(first('PackageLicenseConcluded'));
  const version = first('PackageVersion');
  return {
    name,
    version,
    purl: locators('purl')[0] ?? '',
    cpes: [...locators('cpe23Type'), ...locators('cpe22Type')],
    licenses: license === undefined ? [] : [license],
    text: `PackageName: ${name}${version ? `\nPackageVersion: ${version}` : ''}${documentName ? `\n(SPDX document "${documentName}")` : ''}`,
    offset: element.offset,
  };
}

/** The document's elements in order (the first holds the document's own tags), multi-line `<text>` values joined. */
function readElements(text: string): { elements: Element[]; documentName: string } {
  const elements: Element[] = [{ tags: new Map(), offset: 0 }];
  const lines = text.split('\n');
  let offset = 0;
  for (let i = 0; i < lines.length; i++) {
    const lineOffset = offset;
    let line = (lines[i] ?? '').replace(/\r$/, '');
    offset += Buffer.byteLength(lines[i] ?? '') + 1;
    const tag = TAG.exec(line);
    if (!tag) continue;
    let value = (tag[2] ?? '').trim();
    if (value.startsWith('<text>')) {
      // Sample: `PackageCopyrightText: <text>Copyright 2005-2020 Rich Felker` … `</text>`.
      while (!line.includes('</text>') && i + 1 < lines.length) {
        i++;
        line = lines[i] ?? '';
        offset += Buffer.byteLength(line) + 1;
        value += `\n${line.replace(/\r$/, '')}`;
      }
      value = value.replace(/^<text>/, '').replace(/<\/text>.*$/s, '').trim();
    }
    const key = tag[1] ?? '';
    if (ELEMENT_STARTS.has(key)) elements.push({ tags: new Map(), offset: lineOffset });
    const current = elements[elements.length - 1] ?? { tags: new Map<string, string[]>(), offset: 0 };
    const list = current.tags.get(key);
    if (list) list.push(value);
    else current.tags.set(key, [value]);
  }
  return { elements, documentName: elements[0]?.tags.get('DocumentName')?.[0] ?? '' };
}
