// Quay robot account tokens: 64 upper-case letters and digits, used with a robot name
// `namespace+robot`. A token alone looks like any upper-case run, so it is reported only with
// quay in its surroundings and a robot name or the word robot/token near it.
import { token } from '../checks.ts';
import type { InfoleakDetector } from '../types.ts';
import { asciiClass, runStarts } from '../starts.ts';

const NEAR = 300;
const UPPER_OR_DIGIT = asciiClass((c) => (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x5a));

export const QUAY_ROBOT_TOKEN: InfoleakDetector = {
  name: 'quay-robot-token',
  kind: 'cloud_provider_keys',
  version: 1,
  keywords: ['quay'],
  // docker login -u="acme+deployer" -p="46DTVBZ1I4WQKHP91WQ74IWHV8XQQR59R08AWMGR4ZKPJCX1O0PTOSCUTYR8ZFNI" quay.io
  pattern: /(?<![A-Za-z0-9])[A-Z0-9]{64}(?![A-Za-z0-9])/g,
  // The lookbehind puts a match at the start of a run of 64 or more upper-case letters and digits.
  starts: (text) => runStarts(text, UPPER_OR_DIGIT, 64),
  secret: true,
  validate: (m) => {
    // Both letters and digits: hex digests are lower-case, and all-letter runs are words or base32.
    if (!/[A-Z]/.test(m[0]) || !/[0-9]/.test(m[0]) || /^[0-9A-F]+$/.test(m[0])) return undefined;
    const around = m.input.slice(Math.max(0, m.index - NEAR), m.index + m[0].length + NEAR);
    if (!/quay/i.test(around)) return undefined;
    const robot = /\b([a-z0-9][a-z0-9_]{0,254}\+[a-z0-9][a-z0-9_]{0,254})\b/.exec(around)?.[1];
    if (!robot && !/robot|token/i.test(around)) return undefined;
    return token(m[0], robot ? { robot } : undefined);
  },
  samples: {
    // A made-up token of the right shape (random), never a real credential.
    positive: ['docker login -u="acme+deployer" -p="46DTVBZ1I4WQKHP91WQ74IWHV8XQQR59R08AWMGR4ZKPJCX1O0PTOSCUTYR8ZFNI" quay.io', 'QUAY_ROBOT_TOKEN=46DTVBZ1I4WQKHP91WQ74IWHV8XQQR59R08AWMGR4ZKPJCX1O0PTOSCUTYR8ZFNI'],
    negative: ['46DTVBZ1I4WQKHP91WQ74IWHV8XQQR59R08AWMGR4ZKPJCX1O0PTOSCUTYR8ZFNI', 'quay.io digest 8F14E45FCEEA167A5A36DEDD4BEA2543B3D8E1F28F14E45FCEEA167A5A36DEDD token', 'quay robot ABCDEFGHIJKLMNOPQRSTUVWXYZABCDEFGHIJKLMNOPQRSTUVWXYZABCDEFGHIJKL'],
  },
};
