// Stage "licences" (part of BOM postprocessing): what each file declares (license-file.ts:
// licence files, DEP-5 copyright files, licence texts and SPDX tags in other text files),
// and each licence file attached to the component that obviously owns it: Debian's
// usr/share/doc/<pkg>/copyright to package <pkg> of the same root; a file beside a
// component's metadata (package.json, *.dist-info) or in a jar's META-INF to that component.
import { posix } from 'node:path';
import type { Component, LicenseFinding, Problem } from '../model/index.ts';
import type { ScanContext } from './context.ts';
import { type FileLicenses, readFileLicenses } from './license-file.ts';
import type { TreeFile } from './tree.ts';

export { LICENSE_PLUGIN } from './license-file.ts';
const DEBIAN_DOC = /^(?:.*\/)?usr\/share\/doc\/([^/]+)\/copyright$/;

export async function licenseStage(ctx: ScanContext, components: Component[]): Promise<LicenseFinding[]> {
  const read = await readLicenses(ctx);
  ctx.problems.push(...read.problems);
  return attachLicenses(read, components);
}

/** What the files say, before it is attached to components (readLicenses). */
export interface LicenseReading {
  findings: LicenseFinding[];
  /** Licence texts inside other files: reported, never attached. */
  unattributed: Set<LicenseFinding>;
  /** For the stage to record where it stands. */
  problems: Problem[];
}

/** The files the stage reads: every file of no format (text and unknown blobs). */
export function isLicenseCandidate(f: TreeFile): boolean {
  return f.diskPath !== undefined && f.entry.linkTarget === undefined && f.entry.format === undefined && f.entry.size > 0;
}

/**
 * The stage's reading of the files, which needs no component: a scan does it while it waits
 * for other work, and attaches the findings once the components are known. The files'
 * formats must be settled (after the analyse stage). `ahead`: files already read (in the
 * scan's worker threads), not read again.
 */
export async function readLicenses(ctx: ScanContext, ahead?: ReadonlyMap<TreeFile, FileLicenses>): Promise<LicenseReading> {
  const reading: LicenseReading = { findings: [], unattributed: new Set(), problems: [] };
  for (const file of ctx.tree.files.filter(isLicenseCandidate)) {
    ctx.signal.throwIfAborted();
    const read = ahead?.get(file) ?? (await readFileLicenses(file, file.entry.path, file.entry.size));
    ctx.signal.throwIfAborted();
    const unattributed = new Set(read.unattributed);
    read.findings.forEach((finding, i) => {
      reading.findings.push(finding);
      if (unattributed.has(i)) reading.unattributed.add(finding);
    });
    reading.problems.push(...read.problems);
  }
  return reading;
}

/** The findings of readLicenses, each package licence attached to the components that own its file. */
export function attachLicenses({ findings, unattributed }: LicenseReading, components: Component[]): LicenseFinding[] {
  // The package's licence only: not a DEP-5 paragraph for some files, not a text inside some other file.
  for (const finding of findings) if (finding.source !== 'spdx-identifier' && finding.files === undefined && !unattributed.has(finding)) attach(finding, components);
  return findings;
}

function attach(finding: LicenseFinding, components: Component[]): void {
  const owners = components.filter((c) => owns(c, finding.path));
  for (const c of owners) {
    if (!c.licenses.includes(finding.expression)) c.licenses.push(finding.expression);
    finding.components = [...(finding.components ?? []), c.id];
  }
}

function owns(c: Component, path: string[]): boolean {
  const last = path.at(-1) ?? '';
  const container = path.slice(0, -1);
  const debianPackage = DEBIAN_DOC.exec(last)?.[1];
  return c.evidence.some((e) => {
    if (e.method !== 'package-metadata') return false;
    if (debianPackage !== undefined) {
      // dpkg status of the same root, or the .deb the file came out of.
      return c.codetype === 'DP' && c.name === debianPackage && (same(e.path.slice(0, -1), container) || startsWith(path, e.path));
    }
    // A jar's own META-INF/LICENSE; a LICENSE beside package.json / METADATA.
    if (same(e.path, container)) return /^(META-INF\/)?[^/]+$/.test(last);
    return c.codetype !== 'DP' && same(e.path.slice(0, -1), container) && posix.dirname(e.path.at(-1) ?? '') === posix.dirname(last);
  });
}

function same(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((x, i) => x === b[i]);
}

function startsWith(path: readonly string[], prefix: readonly string[]): boolean {
  return prefix.length < path.length && prefix.every((x, i) => x === path[i]);
}
