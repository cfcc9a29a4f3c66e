// os-release(5): `KEY=value` lines, values optionally quoted with shell escapes.
import type { Distro } from '../../model/index.ts';

// Sample: `VERSION_ID="12"`, `ID=debian`, `PRETTY_NAME='Debian GNU/Linux 12 (bookworm)'`.
const LINE = /^([A-Z0-9_]+)=(.*)$/;

export function parseOsRelease(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const raw of text.split('\n')) {
    const match = LINE.exec(raw.trim());
    if (!match) continue;
    out[match[1] ?? ''] = unquote(match[2] ?? '');
  }
  return out;
}

/** The distro named by an os-release file, or undefined when it has no ID. */
export function distroFromOsRelease(text: string): Distro | undefined {
  const fields = parseOsRelease(text);
  if (!fields.ID) return undefined;
  return { name: fields.ID.toLowerCase(), release: fields.VERSION_ID ?? '' };
}

function unquote(value: string): string {
  const v = value.trim();
  const quote = v[0];
  if ((quote === '"' || quote === "'") && v.endsWith(quote) && v.length >= 2) {
    const inner = v.slice(1, -1);
    // Shell escapes inside double quotes, sample `"Debian \"bookworm\""`.
    return quote === '"' ? inner.replace(/\\([\\"$`])/g, '$1') : inner;
  }
  return v;
}
