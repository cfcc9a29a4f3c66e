// Declared licences as found (`MIT`, `GPL-2.0-or-later AND MIT`, `GPL2`, `Apache
// License 2.0`) sorted into what SBOM formats can say: an SPDX expression made only
// of listed identifiers, or a free-text name.
import { SPDX } from '@cyclonedx/cyclonedx-library';

/** `value` when every identifier in it is on the SPDX licence list; undefined otherwise. */
export function spdxExpression(value: string): string | undefined {
  // Sample tokens of `(GPL-2.0-or-later WITH Classpath-exception-2.0) OR MIT`.
  const tokens = value.split(/[\s()]+/).filter((t) => t !== '');
  if (tokens.length === 0) return undefined;
  let expectId = true;
  for (const token of tokens) {
    if (expectId) {
      if (!SPDX.isSupportedSpdxId(token)) return undefined;
      expectId = false;
    } else if (token === 'AND' || token === 'OR' || token === 'WITH') expectId = true;
    else return undefined;
  }
  return expectId ? undefined : value.trim();
}

/** Whether an SPDX expression has operators (`MIT` is an id, `MIT OR Apache-2.0` an expression). */
export function isCompound(expression: string): boolean {
  return /\s(AND|OR|WITH)\s/.test(expression);
}

/**
 * `LicenseRef-` id for a free-text licence name: letters, digits, `.` and `-` only, with a
 * short hash so that two names that sanitise alike stay apart. Sample `GPL v2` → `LicenseRef-GPL-v2-…`.
 */
export function licenseRef(name: string, hash: (s: string) => string): string {
  const safe = name.replace(/[^A-Za-z0-9.-]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 40);
  return `LicenseRef-${safe === '' ? 'unnamed' : safe}-${hash(name).slice(0, 8)}`;
}
