// SPDX 2.3 tag-value, the specification's own text format (`.spdx`): the document the JSON
// writer writes (`buildSpdxDocument`), field for field, as `Tag: value` lines in the order of
// the specification's clauses: document creation information, each package, the extracted
// licences, then the relationships. `#` lines are section headings, which readers skip.
//
// A free-text field (comments, source info, copyright, extracted text) that spans lines goes
// in `<text>…</text>`; tag-value has no escape for `</text>` inside one, so it is written
// `&lt;/text>`. A single-line field (names, versions) cannot carry a line break: each is
// written as a space, and `<text>` or `</text>` in it as `&lt;text>` or `&lt;/text>`, so no
// value found in a scanned file can start a tag or a text block of its own.
import type { Identification } from '../../model/index.ts';
import type { SbomOptions, SbomWriter } from '../common.ts';
import { type SpdxDocument, type SpdxPackage, buildSpdxDocument } from './spdx.ts';

export const spdxTagValueWriter: SbomWriter = {
  name: 'spdx-tag-value',
  mediaType: 'text/spdx',
  write: writeSpdxTagValue,
};

export function writeSpdxTagValue(identification: Identification, options?: SbomOptions): string {
  return serialize(buildSpdxDocument(identification, options));
}

/** Values that are words of the format rather than text (copyright). */
const KEYWORDS = new Set(['NOASSERTION', 'NONE']);

function serialize(doc: SpdxDocument): string {
  const out: string[] = [];
  const line = (tag: string, value: string) => out.push(`${tag}: ${singleLine(value)}`);
  const text = (tag: string, value: string) => out.push(`${tag}: ${KEYWORDS.has(value) ? value : freeText(value)}`);

  out.push('## Document Information');
  line('SPDXVersion', doc.spdxVersion);
  line('DataLicense', doc.dataLicense);
  line('SPDXID', doc.SPDXID);
  line('DocumentName', doc.name);
  line('DocumentNamespace', doc.documentNamespace);
  if (doc.comment !== undefined) text('DocumentComment', doc.comment);
  out.push('', '## Creation Information');
  for (const creator of doc.creationInfo.creators) line('Creator', creator);
  line('Created', doc.creationInfo.created);
  for (const pkg of doc.packages) {
    out.push('', '## Package Information');
    writePackage(pkg, line, text);
  }
  for (const info of doc.hasExtractedLicensingInfos ?? []) {
    out.push('', '## Other Licensing Information');
    line('LicenseID', info.licenseId);
    text('ExtractedText', info.extractedText);
    line('LicenseName', info.name);
  }
  out.push('', '## Relationships');
  for (const r of doc.relationships) line('Relationship', `${r.spdxElementId} ${r.relationshipType} ${r.relatedSpdxElement}`);
  return `${out.join('\n')}\n`;
}

type Writes = (tag: string, value: string) => void;

/** Clause 7's order: name and id, version, supplier, download, checksums, source, licences, copyright, references, purpose. */
function writePackage(pkg: SpdxPackage, line: Writes, text: Writes): void {
  line('PackageName', pkg.name);
  line('SPDXID', pkg.SPDXID);
  if (pkg.versionInfo !== undefined) line('PackageVersion', pkg.versionInfo);
  if (pkg.supplier !== undefined) line('PackageSupplier', pkg.supplier);
  line('PackageDownloadLocation', pkg.downloadLocation);
  line('FilesAnalyzed', String(pkg.filesAnalyzed));
  for (const checksum of pkg.checksums ?? []) line('PackageChecksum', `${checksum.algorithm}: ${checksum.checksumValue}`);
  if (pkg.sourceInfo !== undefined) text('PackageSourceInfo', pkg.sourceInfo);
  line('PackageLicenseConcluded', pkg.licenseConcluded);
  line('PackageLicenseDeclared', pkg.licenseDeclared);
  text('PackageCopyrightText', pkg.copyrightText);
  for (const ref of pkg.externalRefs ?? []) {
    line('ExternalRef', `${ref.referenceCategory} ${ref.referenceType} ${ref.referenceLocator}`);
    if (ref.comment !== undefined) text('ExternalRefComment', ref.comment);
  }
  if (pkg.primaryPackagePurpose !== undefined) line('PrimaryPackagePurpose', pkg.primaryPackagePurpose);
}

function singleLine(value: string): string {
  return value.replace(/[^\S\r\n]*[\r\n]+\s*/g, ' ').replace(/<(\/?)text>/gi, '&lt;$1text>');
}

function freeText(value: string): string {
  if (!/[\r\n]|<\/?text>/i.test(value)) return value;
  return `<text>${value.replace(/<\/text>/gi, '&lt;/text>')}</text>`;
}
