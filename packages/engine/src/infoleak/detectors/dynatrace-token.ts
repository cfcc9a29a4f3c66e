// Dynatrace API tokens: dt0c01. + 24-character id . 64-character secret.
import { token } from '../checks.ts';
import type { InfoleakDetector } from '../types.ts';

export const DYNATRACE_TOKEN: InfoleakDetector = {
  name: 'dynatrace-token',
  kind: 'cloud_provider_keys',
  version: 1,
  keywords: ['dt0c01.'],
  // dt0c01.AUIQ64QZGXZM9PFYB9387FS2.XWJ0YGZGJVK900ZN2X8WVX6QWS73…
  pattern: /\bdt0c01\.[0-9A-Z]{24}\.[0-9A-Z]{64}\b/g,
  secret: true,
  validate: (m) => token(m[0]),
  samples: {
    // Made-up values of the right shape (seeded random), never real credentials.
    positive: ['DT_API_TOKEN=dt0c01.AUIQ64QZGXZM9PFYB9387FS2.XWJ0YGZGJVK900ZN2X8WVX6QWS73XCB7Y15Y3XLF3RFYOZ6PRTEP03G9NTBPT7P1', 'DT_API_TOKEN=dt0c01.5GTCKD7RO0GUL93XAZJLBBI6.GEXWS5VOLT3TXQIQLBBNQR2HPW36WNMTR5XHQUOCEHG71286WQ3EIVJ5H3RKC56W'],
    negative: ['DT_API_TOKEN=dt0c01.xxxxxxxxxxxxxxxxxxxxxxxx.xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx', 'dt0c01.X7QRX5YCPUOQD5DUABQ7CVOO'],
  },
};
