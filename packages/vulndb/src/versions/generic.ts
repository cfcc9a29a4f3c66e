import { compareGenericTokens, tokenizeGeneric, type GenericToken } from './generic-tokens.ts';
import { defineScheme } from './fallback.ts';

// A native version as printed by a binary: starts with a digit (after an
// optional "v") and uses only letters, digits and . - _ + ~.
// Samples: "1.0.2za", "6.1-rc3", "2023.01", "v1.36.1", "5.10.0-28+deb12u1".
const GENERIC_RE = /^v?\d[0-9A-Za-z.\-_+~]*$/;

function parseGeneric(v: string): readonly GenericToken[] | null {
  const text = v.trim();
  return GENERIC_RE.test(text) ? tokenizeGeneric(text) : null;
}

/**
 * The generic native scheme for versions extracted from binaries (OSV's
 * "generic" ecosystem here): natural order with OpenSSL letter releases as
 * post-releases and rc/beta/alpha/dev words as pre-releases. Trailing zeros
 * of the leading numbers do not count, so 6.1 equals 6.1.0.
 */
export const generic = defineScheme('generic', parseGeneric, compareGenericTokens);
