// The licences one file declares: what the licence stage reads per file, shared by the stage
// and the scan's worker threads (file-job.ts), which read them while the tree is unpacked.
// A licence file (LICENSE, COPYING, NOTICE, Debian's copyright) is matched against reference
// texts or read as DEP-5 (the `Files: *` licence declared, the other paragraphs reported for
// their globs); any other text file is searched, in its bounded head, for a licence text
// (reported, not attributed); every text file's head for SPDX-License-Identifier tags.
import { posix } from 'node:path';
import type { LicenseFinding, Problem } from '../model/index.ts';
import { debianCopyright } from '../licenses/debian-copyright.ts';
import { matchLicenseText } from '../licenses/match-text.ts';
import { spdxIdentifiers } from '../licenses/spdx-identifier.ts';
import { type FileSource, openSource } from '../util/reader.ts';
import { internalProblem } from './context.ts';

export const LICENSE_PLUGIN = 'engine/licenses';
const MAX_LICENSE_FILE = 1024 * 1024;
const HEAD = 8192;
/** Other text files: a licence text is looked for in this much of a file that mentions one. */
const TEXT_HEAD = 64 * 1024;
// Words every licence text or notice carries: "Licensed under", "LICENCE", "Permission is hereby granted".
const LICENSE_WORDS = /licen[cs]e|permission is hereby granted|redistribution and use/i;
// LICENSE, LICENSE.txt, LICENCE-MIT, COPYING.LIB, NOTICE, copyright, UNLICENSE
const LICENSE_FILE = /^(licen[cs]e|copying|copyright|notice|unlicense|mit-license)([._-][^/]*)?$/i;

/** One file's reading. */
export interface FileLicenses {
  findings: LicenseFinding[];
  /** Indexes in `findings` of licence texts found inside some other file: reported, never attached. */
  unattributed: number[];
  problems: Problem[];
}

/** The file's first `length` bytes (all of them when it is shorter). */
export type HeadReader = (length: number) => Promise<Buffer>;

/** Reads the file through `head` when given (bytes already read), else opens it; a failure is a problem, never a throw. */
export async function readFileLicenses(source: FileSource, path: string[], size: number, head?: HeadReader): Promise<FileLicenses> {
  const out: FileLicenses = { findings: [], unattributed: [], problems: [] };
  try {
    if (head) await readWith(head, path, size, out);
    else {
      const reader = await openSource(source);
      try {
        await readWith((length) => reader.read(0, Math.min(reader.size, length)), path, reader.size, out);
      } finally {
        await reader.close();
      }
    }
  } catch (err) {
    return failedLicenseRead(path, err);
  }
  return out;
}

/** The outcome of a file that could not be read. */
export function failedLicenseRead(path: string[], err: unknown): FileLicenses {
  return { findings: [], unattributed: [], problems: [internalProblem(path, LICENSE_PLUGIN, err)] };
}

async function readWith(head: HeadReader, path: string[], size: number, out: FileLicenses): Promise<void> {
  const name = posix.basename(path.at(-1) ?? '');
  const isLicense = LICENSE_FILE.test(name) && size <= MAX_LICENSE_FILE;
  let bytes = await head(Math.min(size, isLicense ? MAX_LICENSE_FILE : HEAD));
  const mentionsLicense = !isLicense && !bytes.includes(0) && LICENSE_WORDS.test(bytes.toString('latin1'));
  if (mentionsLicense && size > HEAD) bytes = await head(Math.min(size, TEXT_HEAD));
  if (bytes.subarray(0, HEAD).includes(0)) return;
  const text = bytes.toString('utf8');
  const debian = isLicense ? debianCopyright(text) : undefined;
  if (debian) {
    out.findings.push({ path, expression: debian.declared, source: 'debian-copyright' });
    for (const p of debian.paragraphs) if (!p.files.includes('*')) out.findings.push({ path, expression: p.expression, source: 'debian-copyright', files: p.files });
  } else if (isLicense || mentionsLicense) {
    for (const m of matchLicenseText(text)) {
      if (!isLicense) out.unattributed.push(out.findings.length);
      out.findings.push({ path, expression: m.expression, source: 'license-text', score: m.score });
    }
  }
  for (const m of spdxIdentifiers(text.slice(0, HEAD))) out.findings.push({ path, expression: m.expression, source: 'spdx-identifier', line: m.line });
}
