// Stage "licences" (part of BOM postprocessing): licence files (LICENSE, COPYING, NOTICE,
// Debian's copyright) matched against reference texts or read as DEP-5 (the `Files: *`
// licence declared, the other paragraphs reported for their globs), licence texts in the
// bounded head of any other text file (reported, not attributed), and
// SPDX-License-Identifier tags in the head of text files. A licence file is attached to the
// component that obviously owns it: Debian's usr/share/doc/<pkg>/copyright to package <pkg>
// of the same root; a file beside a component's metadata (package.json, *.dist-info) or in
// a jar's META-INF to that component.
import { posix } from 'node:path';
import type { Component, LicenseFinding, Problem } from '../model/index.ts';
import { debianCopyright } from '../licenses/debian-copyright.ts';
import { matchLicenseText } from '../licenses/match-text.ts';
import { spdxIdentifiers } from '../licenses/spdx-identifier.ts';
import { openSource } from '../util/reader.ts';
import { type ScanContext, internalProblem } from './context.ts';

export const LICENSE_PLUGIN = 'engine/licenses';
const MAX_LICENSE_FILE = 1024 * 1024;
const HEAD = 8192;
/** Other text files: a licence text is looked for in this much of a file that mentions one. */
const TEXT_HEAD = 64 * 1024;
// Words every licence text or notice carries: "Licensed under", "LICENCE", "Permission is hereby granted".
const LICENSE_WORDS = /licen[cs]e|permission is hereby granted|redistribution and use/i;
// LICENSE, LICENSE.txt, LICENCE-MIT, COPYING.LIB, NOTICE, copyright, UNLICENSE
const LICENSE_FILE = /^(licen[cs]e|copying|copyright|notice|unlicense|mit-license)([._-][^/]*)?$/i;
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

/**
 * The stage's reading of the files, which needs no component: a scan does it while it waits
 * for other work (the signature threads), and attaches the findings once the components are known.
 * The files' formats must be settled (after the analyse stage).
 */
export async function readLicenses(ctx: ScanContext): Promise<LicenseReading> {
  const files = ctx.tree.files.filter((f) => f.diskPath !== undefined && f.entry.linkTarget === undefined && f.entry.format === undefined && f.entry.size > 0);
  const findings: LicenseFinding[] = [];
  const unattributed = new Set<LicenseFinding>();
  const problems: Problem[] = [];
  for (const file of files) {
    ctx.signal.throwIfAborted();
    const path = file.entry.path;
    const name = posix.basename(path.at(-1) ?? '');
    const isLicense = LICENSE_FILE.test(name) && file.entry.size <= MAX_LICENSE_FILE;
    try {
      const reader = await openSource(file);
      let bytes: Buffer;
      let mentionsLicense = false;
      try {
        bytes = await reader.read(0, Math.min(reader.size, isLicense ? MAX_LICENSE_FILE : HEAD));
        mentionsLicense = !isLicense && !bytes.includes(0) && LICENSE_WORDS.test(bytes.toString('latin1'));
        if (mentionsLicense && reader.size > HEAD) bytes = await reader.read(0, Math.min(reader.size, TEXT_HEAD));
      } finally {
        await reader.close();
      }
      if (bytes.subarray(0, HEAD).includes(0)) continue;
      const text = bytes.toString('utf8');
      const debian = isLicense ? debianCopyright(text) : undefined;
      if (debian) {
        findings.push({ path, expression: debian.declared, source: 'debian-copyright' });
        for (const p of debian.paragraphs) if (!p.files.includes('*')) findings.push({ path, expression: p.expression, source: 'debian-copyright', files: p.files });
      } else if (isLicense || mentionsLicense) {
        for (const m of matchLicenseText(text)) {
          const finding: LicenseFinding = { path, expression: m.expression, source: 'license-text', score: m.score };
          findings.push(finding);
          if (!isLicense) unattributed.add(finding);
        }
      }
      for (const m of spdxIdentifiers(text.slice(0, HEAD))) findings.push({ path, expression: m.expression, source: 'spdx-identifier', line: m.line });
    } catch (err) {
      if (ctx.signal.aborted) throw err;
      problems.push(internalProblem(path, LICENSE_PLUGIN, err));
    }
  }
  return { findings, unattributed, problems };
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
