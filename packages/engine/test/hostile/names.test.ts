// Path traversal and odd member names in tar, zip, cpio and ar, scanned for real inside a
// box: each case's files and problems exactly, nothing created outside the work dir.
import { describe, expect, it } from 'vitest';
import { escapeText } from '../../src/util/escape-text.ts';
import { confinedScan, withBox, type ConfinedOutcome } from './confined-scan.ts';
import { buildArchive, canHold, FORMATS, oddNameMembers, traversalMembers, type Format } from './generators.ts';

const LONG = `${'long-'.repeat(799)}name`;

/** The same for every format that can hold the case: refused names are `unsafe-path`, links stay data. */
const TRAVERSAL: Record<string, Omit<ConfinedOutcome, 'escaped'>> = {
  'dotdot': { files: ['ok.txt'], problems: ['unsafe-path ../escaped-dotdot'] },
  'inner-dotdot': { files: ['ok.txt'], problems: ['unsafe-path a/../../escaped-inner'] },
  'absolute': { files: ['ok.txt'], problems: ['unsafe-path <box>/escaped-absolute'] },
  // Locations are escaped as the CLI prints them: a backslash shows doubled.
  'windows': { files: ['ok.txt'], problems: ['unsafe-path ..\\\\escaped-backslash', 'unsafe-path C:\\\\escaped-drive'] },
  // The link is recorded, never created: the file "through" it is a member like any other.
  'symlink-then-file': { files: ['lnk -> <box>', 'lnk/escaped-through-link', 'ok.txt'], problems: [] },
  'symlink-dotdot-then-file': { files: ['ok.txt', 'up -> ../..', 'up/escaped-through-up'], problems: [] },
  'hardlink-outside': { files: ['hl -> ../../../etc/passwd', 'hl-abs -> /etc/shadow', 'ok.txt'], problems: [] },
};

/**
 * Odd names come out escaped (`\n`, `\e`, `\x07`, `\u{202e}`), invalid UTF-8 as U+FFFD (one per
 * bad byte), names differing by case or normalisation as separate files; `.` and the empty
 * name are the container itself (skipped), `..` and NUL are `unsafe-path`.
 */
const ODD_FILES = [
  '\\e[31mred\\e[0m\\e]0;title\\x07',
  'README',
  'bad\ufffd\ufffd.t',
  'cafe\u0301',
  'caf\u00e9',
  'evil\\u{202e}txt.exe',
  '<4,000-byte name>',
  'new\\nline',
  'readme',
  's\ufffd\ufffd\ufffd.t',
  'tab\\there',
];
const ODD: Record<Format, Omit<ConfinedOutcome, 'escaped'>> = {
  tar: { files: ODD_FILES, problems: ['malformed .', 'unsafe-path ..', 'malformed ', 'unsafe-path nul\\\\0byte'] },
  zip: { files: ODD_FILES, problems: ['malformed .', 'unsafe-path ..', 'malformed ', 'unsafe-path nul\\\\0byte'] },
  cpio: { files: ODD_FILES, problems: ['malformed .', 'unsafe-path ..', 'malformed '] },
  ar: { files: ODD_FILES, problems: ['malformed .', 'unsafe-path ..'] },
};

async function run(format: Format, caseId: string, members: (box: string) => Parameters<typeof buildArchive>[1]): Promise<ConfinedOutcome> {
  return withBox(async (box) => {
    const out = await confinedScan(box, `${caseId}.${format}`, buildArchive(format, members(box)));
    const tidy = (s: string): string => s.replaceAll(box, '<box>').replace(LONG, '<4,000-byte name>');
    return { files: out.files.map(tidy), problems: out.problems.map(tidy), escaped: out.escaped };
  });
}

describe('hostile member paths', () => {
  for (const format of FORMATS) {
    for (const [caseId, expected] of Object.entries(TRAVERSAL)) {
      if (!canHold(format, traversalMembers('/box')[caseId] ?? [])) continue;
      it(`${format}: ${caseId}`, async () => {
        const out = await run(format, caseId, (box) => [...(traversalMembers(box)[caseId] ?? []), { name: 'ok.txt', data: 'ok' }]);
        expect(out).toEqual({ ...expected, escaped: [] });
      });
    }
  }

  it.each(FORMATS)('%s: odd names', async (format) => {
    const out = await run(format, 'odd-names', () => oddNameMembers(format));
    expect(out).toEqual({ ...ODD[format], escaped: [] });
    // What `binlens unpack --list` prints of them holds no raw control character.
    for (const line of out.files) expect(escapeText(line), line).toBe(line.replaceAll('\\', '\\\\'));
  });
});
