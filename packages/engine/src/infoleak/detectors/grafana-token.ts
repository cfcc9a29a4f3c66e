// Grafana tokens: service-account tokens `glsa_` + 32 base62 + `_` + 8 hex, the hex being the
// CRC32 (IEEE, little-endian bytes) of everything before the last `_`; Grafana Cloud tokens
// `glc_` + base64 JSON ({"o": org, "n": name, "k": key, "m": region}); and the older API keys,
// base64 JSON {"k": key, "n": name, "id": org}, which therefore start `eyJrIjoi`.
import { crc32 } from 'node:zlib';
import { jsonPart, token } from '../checks.ts';
import type { InfoleakDetector } from '../types.ts';

/** The 8-hex checksum Grafana appends to `glsa_<secret>`. */
export function grafanaChecksum(key: string): string {
  const bytes = Buffer.alloc(4);
  bytes.writeUInt32LE(crc32(key) >>> 0);
  return bytes.toString('hex');
}

export const GRAFANA_TOKEN: InfoleakDetector = {
  name: 'grafana-token',
  kind: 'cloud_provider_keys',
  version: 2,
  keywords: ['glsa_', 'glc_', 'eyjrijoi'],
  // glsa_ZP0sEmT3XeRFTRvTIQiYqZDwieg0lGhD_xxxxxxxx ; glc_eyJvIjoiMTIzIiwibiI6… ; eyJrIjoiaFdVemozbG9STjc0aUdX…
  pattern: /\b(?:(glsa_[0-9A-Za-z]{32})_([0-9a-f]{8})|glc_([A-Za-z0-9+/]{32,400}={0,2})|(eyJrIjoi[A-Za-z0-9+/]{40,200}={0,2}))(?![0-9A-Za-z+/=_])/g,
  secret: true,
  validate: (m) => {
    if (m[1] !== undefined) return grafanaChecksum(m[1]) === m[2] ? token(m[0], { type: 'service-account' }) : undefined;
    if (m[3] !== undefined) {
      const payload = jsonPart(m[3]);
      return payload && 'o' in payload && 'k' in payload ? token(m[0], { type: 'cloud', org: String(payload.o) }) : undefined;
    }
    const payload = jsonPart(m[4]);
    return payload && typeof payload.k === 'string' && 'n' in payload && 'id' in payload ? token(m[0], { type: 'api-key', name: String(payload.n), org: String(payload.id) }) : undefined;
  },
  samples: {
    // Made-up tokens of the right shape; never real credentials.
    positive: [
      `GF_TOKEN=glsa_ZP0sEmT3XeRFTRvTIQiYqZDwieg0lGhD_${grafanaChecksum('glsa_ZP0sEmT3XeRFTRvTIQiYqZDwieg0lGhD')}`,
      `GRAFANA_CLOUD_TOKEN=glc_${Buffer.from('{"o":"918273","n":"metrics-push","k":"Kx3Lm9Qr7Tz2Wv5Yb8Nc1Pd","m":{"r":"prod-eu-west-0"}}').toString('base64')}`,
      `Authorization: Bearer ${Buffer.from('{"k":"hWUzj3loRN74iGWpFwFDbpaqwbevuMKE","n":"provisioning","id":1}').toString('base64')}`,
    ],
    negative: [
      'glsa_short_1f2e3d4c',
      'glsa_ZP0sEmT3XeRFTRvTIQiYqZDwieg0lGhD_1f2e3d4c',
      `glc_${Buffer.from('{"note":"not a grafana token payload"}').toString('base64')}`,
      `https://app.powerbi.com/view?r=${Buffer.from('{"k":"a6c197b1-348b-4529-8ad2-6e20de9900de","t":"72f988bf"}').toString('base64')}`,
    ],
  },
};
