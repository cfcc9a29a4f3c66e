// Azure DevOps personal access tokens. The current format (2024) is Microsoft's 84-character
// common annotated key: 52 random base62 characters, JQQJ at 52, a date (year from A = 2024,
// month A-L) at 58-59, reserved fields, the AZDO provider signature at 76 and, at 80, a
// checksum: Marvin32 (seed "Default0") over the 60 bytes the first 80 characters decode to,
// written as base64 of its first three bytes (checked) or in base62 (not checked here). The
// legacy format is 52 lower-case base32 characters hiding a CRC32 of the other 28 bytes, XORed
// with a seed for user or application tokens; only checksum-valid ones are reported, and only
// in files that mention Azure DevOps or a PAT.
import { crc32 } from 'node:zlib';
import { base32Bytes, marvin32, token } from '../checks.ts';
import type { Detected, InfoleakDetector } from '../types.ts';
import { asciiClass, isAlphanumeric, runStarts } from '../starts.ts';

const ALPHANUMERIC = asciiClass(isAlphanumeric);

// "Default0" read as a big-endian 64-bit number: the seed of Microsoft's common annotated keys.
const CASK_SEED = 0x44656661756c7430n;
// The year character counts from A = 2024 in base64 digit order (A-Z, a-z, 0-9).
const BASE64_ORDER = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const LEGACY_SEEDS: Record<string, number> = { user: 0xe0b9692d, application: 0x1019f92e };

export const AZURE_DEVOPS_PAT: InfoleakDetector = {
  name: 'azure-devops-pat',
  kind: 'cloud_provider_keys',
  version: 1,
  keywords: ['azdo', 'azure', 'devops', 'visualstudio', 'vsts', 'pat'],
  // pY0SYvmt9RKCtlcpnmenk2nSXagSbUaJwMVB04E998aP6uabvnTZJQQJ99BLACAAAAAAAAAAAAASAZDO… ; 7rvecnydoesq5rb4xvbzhuxgdwr2boz4ho2oueigundiz7a473sq
  pattern: /(?<![0-9A-Za-z+/])(?:[0-9A-Za-z]{52}JQQJ[0-9A-Za-z]{2}([0-9A-Za-z])([A-L])[0-9A-Za-z]{16}AZDO[0-9A-Za-z]{4}|[2-7a-z]{52})(?![0-9A-Za-z+/])/g,
  // Both forms open a run of at least 52 letters and digits (the lookbehind: at its start).
  starts: (text) => runStarts(text, ALPHANUMERIC, 52),
  secret: true,
  validate: (m) => (m[1] === undefined ? legacy(m[0]) : annotated(m[0], m[1], m[2] ?? 'A')),
  samples: {
    // Made-up tokens: random bodies with the checksum each format requires.
    positive: [`AZURE_DEVOPS_EXT_PAT=${annotatedSample('pY0SYvmt9RKCtlcpnmenk2nSXagSbUaJwMVB04E998aP6uabvnTZ')}`, `azure devops token: ${legacySample('7rvecnydoesq5rb4xvbzhuxgdwr2boz4ho2oueigundiz7a473sq')}`],
    negative: [
      'azure devops token: 7rvecnydoesq5rb4xvbzhuxgdwr2boz4ho2oueigundiz7a473sq',
      `AZURE_DEVOPS_EXT_PAT=${annotatedSample('pY0SYvmt9RKCtlcpnmenk2nSXagSbUaJwMVB04E998aP6uabvnTZ').replace('AZDO', 'AZFU')}`,
      'pat = abcdefghijklmnopqrstuvwxyzabcdefghijklmnopqrstuvwxyz',
    ],
  },
};

function annotated(value: string, year: string, month: string): Detected {
  const body = Buffer.from(value.slice(0, 80), 'base64');
  const sum = Buffer.alloc(4);
  sum.writeUInt32LE(marvin32(body, CASK_SEED));
  const checksum = sum.subarray(0, 3).toString('base64') === value.slice(80) ? 'valid' : 'not-verified';
  const created = `${2024 + BASE64_ORDER.indexOf(year)}-${String(month.charCodeAt(0) - 64).padStart(2, '0')}`;
  return token(value, { format: 'annotated', created, checksum });
}

function legacy(value: string): Detected | undefined {
  const type = legacyType(value);
  return type ? token(value, { format: 'legacy', type }) : undefined;
}

/** user / application when the embedded checksum matches one of the two seeds. */
function legacyType(value: string): string | undefined {
  const bytes = base32Bytes(value);
  if (bytes?.length !== 32) return undefined;
  const body = Buffer.concat([bytes.subarray(0, 2), bytes.subarray(3, 7), bytes.subarray(9, 22), bytes.subarray(23, 32)]);
  const stored = ((bytes[2] ?? 0) << 24) | ((bytes[7] ?? 0) << 16) | ((bytes[8] ?? 0) << 8) | (bytes[22] ?? 0);
  const computed = crc32(body) >>> 0;
  return Object.entries(LEGACY_SEEDS).find(([, seed]) => ((computed ^ seed) >>> 0) === stored >>> 0)?.[0];
}

/** A sample annotated token: the given 52 characters, the fixed fields, and its base64 checksum. */
function annotatedSample(random: string): string {
  const head = `${random}JQQJ99BLACAAAAAAAAAAAAASAZDO`;
  const sum = Buffer.alloc(4);
  sum.writeUInt32LE(marvin32(Buffer.from(head, 'base64'), CASK_SEED));
  return head + sum.subarray(0, 3).toString('base64');
}

/** A sample legacy token: the 32 bytes the given text decodes to, with a user-seed checksum written in. */
function legacySample(text: string): string {
  const bytes = base32Bytes(text) ?? Buffer.alloc(32);
  const body = Buffer.concat([bytes.subarray(0, 2), bytes.subarray(3, 7), bytes.subarray(9, 22), bytes.subarray(23, 32)]);
  const sum = ((crc32(body) >>> 0) ^ (LEGACY_SEEDS.user ?? 0)) >>> 0;
  [bytes[2], bytes[7], bytes[8], bytes[22]] = [sum >>> 24, (sum >>> 16) & 0xff, (sum >>> 8) & 0xff, sum & 0xff];
  let bits = '';
  for (const b of bytes) bits += b.toString(2).padStart(8, '0');
  bits = bits.padEnd(260, '0');
  let out = '';
  for (let i = 0; i < 260; i += 5) out += 'abcdefghijklmnopqrstuvwxyz234567'[parseInt(bits.slice(i, i + 5), 2)];
  return out;
}
