// Debian machine-readable copyright files (DEP-5, copyright-format 1.0), read by their
// `Files:` paragraphs: the package's declared licence is the `Files: *` paragraph's (the
// first Files paragraph when none says `*`); the other paragraphs license only the files
// they name, so they are reported for those globs, never ANDed into the package's licence.
// `License:` short names are mapped to SPDX (GPL-2+ → GPL-2.0-or-later, Expat → MIT, ...).
// A file without the Format header is not DEP-5.
import { parseDeb822 } from '../identify/parse/deb822.ts';

// Format: https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/
const FORMAT = /^Format:\s*https?:\/\/(www\.)?debian\.org\/doc\/packaging-manuals\/copyright-format\/1\.0\/?/m;

const SHORT_NAMES: Record<string, string> = {
  expat: 'MIT',
  mit: 'MIT',
  'bsd-2-clause': 'BSD-2-Clause',
  'bsd-3-clause': 'BSD-3-Clause',
  'bsd-4-clause': 'BSD-4-Clause',
  'apache-2': 'Apache-2.0',
  'apache-2.0': 'Apache-2.0',
  artistic: 'Artistic-1.0',
  'artistic-1.0': 'Artistic-1.0',
  'artistic-2.0': 'Artistic-2.0',
  'mpl-1.1': 'MPL-1.1',
  'mpl-2.0': 'MPL-2.0',
  isc: 'ISC',
  zlib: 'Zlib',
  'public-domain': 'LicenseRef-public-domain',
  'psf-2': 'PSF-2.0',
  'python-2.0': 'Python-2.0',
  openssl: 'OpenSSL',
  ssleay: 'SSLeay',
  curl: 'curl',
  bzip2: 'bzip2-1.0.6',
  'bzip2-1.0.6': 'bzip2-1.0.6',
  cc0: 'CC0-1.0',
  'cc0-1.0': 'CC0-1.0',
  'bsl-1.0': 'BSL-1.0',
  x11: 'X11',
  'ofl-1.1': 'OFL-1.1',
  'oldap-2.8': 'OLDAP-2.8',
};

// GPL-2, GPL-2+, LGPL-2.1+, AGPL-3, GFDL-1.3+ : family, version, "+" for or-later.
const GNU = /^(a?gpl|lgpl|gfdl)-([0-9.]+)(\+?)$/;

export interface Dep5Paragraph {
  /** The `Files:` globs, as written (`*`, `src/zlib/*`, `debian/*`). */
  files: string[];
  expression: string;
}

export interface Dep5Licenses {
  /** The package's licence: the `Files: *` paragraph's. */
  declared: string;
  /** Every Files paragraph in file order, the declared one included. */
  paragraphs: Dep5Paragraph[];
}

/** The licences of a DEP-5 copyright file by Files paragraph, or undefined when it is not DEP-5. */
export function debianCopyright(text: string): Dep5Licenses | undefined {
  if (!FORMAT.test(text)) return undefined;
  const paragraphs: Dep5Paragraph[] = [];
  for (const p of parseDeb822(text).paragraphs) {
    const files = p.fields.get('files');
    const shortNames = p.fields.get('license')?.split('\n')[0]?.trim() ?? '';
    if (files === undefined || shortNames === '') continue;
    paragraphs.push({ files: files.split(/\s+/).filter(Boolean), expression: toSpdx(shortNames) });
  }
  const declared = (paragraphs.find((p) => p.files.includes('*')) ?? paragraphs[0])?.expression;
  return declared === undefined ? undefined : { declared, paragraphs };
}

/** The declared (`Files: *`) SPDX expression of a DEP-5 copyright file, or undefined when it is not DEP-5. */
export function debianCopyrightExpression(text: string): string | undefined {
  return debianCopyright(text)?.declared;
}

/** A Debian `License:` first line (`GPL-2+ or Artistic`, `LGPL-2.1+ with OpenSSL exception`) in SPDX. */
export function toSpdx(shortNames: string): string {
  return shortNames
    .trim()
    .split(/\s+or\s+|\s*\|\s*/i)
    .map((alt) =>
      alt
        .split(/\s+and\s+|\s*,\s*/i)
        .map((one) => {
          const [name = '', exception] = one.split(/\s+with\s+/i);
          const id = spdxId(name.trim());
          return exception ? `${id} WITH LicenseRef-${slug(exception.replace(/\s+exception$/i, ''))}-exception` : id;
        })
        .join(' AND '),
    )
    .join(' OR ');
}

function spdxId(name: string): string {
  const lower = name.toLowerCase();
  const gnu = GNU.exec(lower);
  if (gnu) {
    const [, family = '', version = '', plus] = gnu;
    const full = version.includes('.') ? version : `${version}.0`;
    return `${family.toUpperCase()}-${full}-${plus ? 'or-later' : 'only'}`;
  }
  return SHORT_NAMES[lower] ?? `LicenseRef-${slug(name)}`;
}

function slug(text: string): string {
  return text.trim().replace(/[^A-Za-z0-9.-]+/g, '-');
}
