// Azure shared access signatures: a query string with the service version (sv=YYYY-MM-DD) and
// the signature (sig=, URL-encoded base64 of an HMAC-SHA256, so exactly 32 bytes), in any
// order, as in blob/queue/table URLs and connection strings (SharedAccessSignature=…).
import { looksFake } from '../checks.ts';
import type { InfoleakDetector } from '../types.ts';

export const AZURE_SAS_TOKEN: InfoleakDetector = {
  name: 'azure-sas-token',
  kind: 'cloud_provider_keys',
  version: 1,
  keywords: ['sig='],
  // https://acct.blob.core.windows.net/c/f.bin?sp=r&st=2024-05-01T08:00:00Z&se=2024-05-02T08:00:00Z&spr=https&sv=2022-11-02&sr=b&sig=k4aB31Oh…%3D
  pattern: /(?<![A-Za-z0-9_])(?:[a-z]{2,5}=[^&\s"'<>;=]{0,200}&){0,15}sig=[A-Za-z0-9%+/=]{40,100}(?:&[a-z]{2,5}=[^&\s"'<>;=]{0,200}){0,15}/g,
  secret: true,
  validate: (m) => {
    const params = new URLSearchParams(m[0]);
    const version = params.get('sv');
    const sig = params.get('sig') ?? '';
    if (!version || !/^\d{4}-\d{2}-\d{2}$/.test(version) || Buffer.from(sig, 'base64').length !== 32) return undefined;
    const details: Record<string, string> = { version };
    for (const [key, name] of [['sp', 'permissions'], ['se', 'expiry'], ['sr', 'resource'], ['srt', 'resourceTypes'], ['ss', 'services']] as const) {
      const value = params.get(key);
      if (value) details[name] = value;
    }
    return { value: m[0], details, ...(looksFake(sig) ? { decoy: true } : {}) };
  },
  samples: {
    // Made-up signature of the right shape (32 random bytes), never a real credential.
    positive: [
      'https://corpdata.blob.core.windows.net/backups/db.bak?sp=r&st=2024-05-01T08:00:00Z&se=2024-05-02T08:00:00Z&spr=https&sv=2022-11-02&sr=b&sig=k4aB31OhwnPhTNqQry%2B%2FD00oEx9LvbKPxSSGZJG0mxQ%3D',
      'BlobEndpoint=https://corpdata.blob.core.windows.net/;SharedAccessSignature=sv=2021-06-08&ss=b&srt=sco&sp=rwdlac&se=2026-01-01T00:00:00Z&sig=k4aB31OhwnPhTNqQry%2B%2FD00oEx9LvbKPxSSGZJG0mxQ%3D',
    ],
    negative: ['https://example.net/page?sig=k4aB31OhwnPhTNqQry%2B%2FD00oEx9LvbKPxSSGZJG0mxQ%3D', 'sv=2022-11-02&sig=c2hvcnQgc2lnbmF0dXJlIGhlcmU%3D', 'sv=2022-11-02&sr=b&sig=XXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXX%3D'],
  },
};
