// Java archives: which file the evidence points at, the manifest syntax, and the
// name/version a jar's file name carries.
import type { CatalogFile } from '../types.ts';

// Sample: `commons-lang3-3.14.0.jar`, `x.war`, `plugin.hpi`.
const ARCHIVE_NAME = /\.(jar|war|ear|aar|hpi|jpi|par|sar|kar|nar|rar)$/i;

/**
 * The evidence of `META-INF/...` at the top of an unpacked archive is the archive
 * itself (`['app.war', 'WEB-INF/lib/a.jar']`); anything else is the file.
 */
export function javaEvidencePath(file: CatalogFile): string[] {
  return archiveFileName(file) === undefined ? file.path : file.path.slice(0, -1);
}

/** The archive's file name, when the file sits at the top of a Java archive. */
export function archiveFileName(file: CatalogFile): string | undefined {
  return file.path.length >= 1 && file.innerPath.startsWith('META-INF/') && ARCHIVE_NAME.test(file.containerName) ? file.containerName : undefined;
}

/** `commons-lang3-3.14.0.jar` → {name: 'commons-lang3', version: '3.14.0'}; `guava.jar` → {name: 'guava'}. */
export function splitArchiveName(fileName: string): { name: string; version?: string } {
  const base = fileName.replace(ARCHIVE_NAME, '');
  // The version starts at the first `-<digit>`; sample `guava-31.1-jre`, `spring-core-6.1.3`.
  const match = /^(.+?)-(\d[\w.+-]*)$/.exec(base);
  return match ? { name: match[1] ?? base, version: match[2] } : { name: base };
}

/** The main section of a MANIFEST.MF: `Key: value` lines, 72-byte wrapping with leading-space continuations. */
export function parseManifest(text: string): Map<string, string> {
  const out = new Map<string, string>();
  let last: string | undefined;
  for (const raw of text.split('\n')) {
    const line = raw.replace(/\r$/, '');
    if (line === '') break;
    if (line.startsWith(' ') && last !== undefined) {
      out.set(last, `${out.get(last) ?? ''}${line.slice(1)}`);
      continue;
    }
    const colon = line.indexOf(': ');
    if (colon <= 0) continue;
    last = line.slice(0, colon).toLowerCase();
    out.set(last, line.slice(colon + 2).trim());
  }
  return out;
}

/** `.properties` key=value lines (pom.properties is always this simple). */
export function parseProperties(text: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (line === '' || line.startsWith('#') || line.startsWith('!')) continue;
    const match = /^([^=:\s]+)\s*[=:]\s*(.*)$/.exec(line);
    if (match) out.set(match[1] ?? '', (match[2] ?? '').trim());
  }
  return out;
}
