// Debian control-file syntax (deb822, RFC 822-like): paragraphs of `Field: value`
// lines, continuation lines starting with a space or tab, paragraphs separated by
// blank lines. Used by dpkg's status database and by a package's `control` file.

export interface Paragraph {
  /** Field names lower-cased (`package`, `version`); values with continuation lines joined by `\n`. */
  fields: Map<string, string>;
  /** Byte offset of the paragraph's first line in the file. */
  offset: number;
}

export interface Deb822 {
  paragraphs: Paragraph[];
  /** Lines that are neither fields nor continuations, 1-based line numbers. */
  badLines: number[];
}

// A field line, sample `Source: glibc (2.36-9+deb12u7)`; names are printable ASCII without `:`.
const FIELD = /^([!-9;-~][!-9;-~]*):[ \t]*(.*)$/;

export function parseDeb822(text: string): Deb822 {
  const paragraphs: Paragraph[] = [];
  const badLines: number[] = [];
  let current: Paragraph | undefined;
  let lastField: string | undefined;
  let offset = 0;
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const line = (lines[i] ?? '').replace(/\r$/, '');
    const lineOffset = offset;
    offset += Buffer.byteLength(lines[i] ?? '') + 1;
    if (line.trim() === '') {
      current = undefined;
      lastField = undefined;
      continue;
    }
    if (line.startsWith('#')) continue; // comments are allowed in control files
    if ((line.startsWith(' ') || line.startsWith('\t')) && current && lastField) {
      const value = line.trim() === '.' ? '' : line.trim();
      current.fields.set(lastField, `${current.fields.get(lastField) ?? ''}\n${value}`);
      continue;
    }
    const match = FIELD.exec(line);
    if (!match) {
      badLines.push(i + 1);
      continue;
    }
    if (!current) {
      current = { fields: new Map(), offset: lineOffset };
      paragraphs.push(current);
    }
    lastField = (match[1] ?? '').toLowerCase();
    current.fields.set(lastField, (match[2] ?? '').trim());
  }
  return { paragraphs, badLines };
}

/** `glibc (2.36-9+deb12u7)` → {name: 'glibc', version: '2.36-9+deb12u7'}; `zlib` → {name: 'zlib'}. */
export function parseSourceField(value: string): { name: string; version?: string } {
  // Sample: `glibc (2.36-9+deb12u7)`.
  const match = /^(\S+)\s*\(([^)]+)\)\s*$/.exec(value.trim());
  if (match) return { name: match[1] ?? '', version: (match[2] ?? '').trim() };
  return { name: value.trim() };
}
