// A Debian binary package paragraph (from dpkg's status or a .deb's control) → component.
import type { Component, Distro, Evidence } from '../../model/index.ts';
import { makeComponent } from '../component.ts';
import { formatPurl } from '../purl.ts';
import { type Paragraph, parseSourceField } from './deb822.ts';

/** Distros whose packages are purl type `deb`; anything else is named `debian`. */
const DEB_NAMESPACES = new Set(['debian', 'ubuntu', 'raspbian', 'kali', 'linuxmint', 'pop', 'devuan']);

export interface DebianPackageInput {
  paragraph: Paragraph;
  distro: Distro | undefined;
  foundBy: string;
  /** Extended path of the file that is the evidence. */
  evidencePath: string[];
  evidenceText: string;
  evidenceOffset?: number;
}

/** The component, or a message saying which required field is missing. */
export function debianComponent(input: DebianPackageInput): Component | string {
  const { fields } = input.paragraph;
  const name = fields.get('package') ?? '';
  const version = fields.get('version') ?? '';
  if (name === '') return 'paragraph without a Package field';
  if (version === '') return `package ${name} has no Version field`;
  const arch = fields.get('architecture');
  const namespace = input.distro && DEB_NAMESPACES.has(input.distro.name) ? input.distro.name : 'debian';
  const source = fields.get('source') ? parseSourceField(fields.get('source') ?? '') : undefined;
  // syft's convention: `upstream=glibc`, or `glibc@2.36-9` when the source version differs
  // from the binary's (binNMUs: `Source: zlib (1:1.2.13.dfsg-1)` on version `...+b1`).
  let upstream: string | undefined;
  if (source) {
    const otherVersion = source.version !== undefined && source.version !== version;
    if (source.name !== name || otherVersion) upstream = otherVersion ? `${source.name}@${source.version}` : source.name;
  }
  const evidence: Evidence = {
    method: 'package-metadata',
    foundBy: input.foundBy,
    path: input.evidencePath,
    text: input.evidenceText,
  };
  if (input.evidenceOffset !== undefined) evidence.offset = input.evidenceOffset;
  return makeComponent({
    name,
    version,
    codetype: 'DP',
    vendor: namespace,
    purl: formatPurl({
      type: 'deb',
      namespace,
      name,
      version,
      qualifiers: {
        arch,
        distro: input.distro?.release ? `${input.distro.name}-${input.distro.release}` : undefined,
        upstream,
      },
    }),
    licenses: licenseFields(input.paragraph),
    distro: input.distro,
    evidence: [evidence],
  });
}

/** dpkg has no licence field; some vendors add `License:`. Split on commas, sample `GPL-2+, LGPL-2.1+`. */
function licenseFields(paragraph: Paragraph): string[] {
  const value = paragraph.fields.get('license');
  if (!value) return [];
  return value.split(/,\s*/).map((s) => s.trim()).filter((s) => s !== '');
}
