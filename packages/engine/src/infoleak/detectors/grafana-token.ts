// Grafana tokens: service-account tokens `glsa_` + 32 base62 + `_` + 8 hex, and Grafana Cloud
// tokens `glc_` + base64 JSON ({"o": org, "n": name, "k": key, "m": region}) checked by decoding.
import { jsonPart, token } from '../checks.ts';
import type { InfoleakDetector } from '../types.ts';

export const GRAFANA_TOKEN: InfoleakDetector = {
  name: 'grafana-token',
  kind: 'cloud_provider_keys',
  version: 1,
  keywords: ['glsa_', 'glc_'],
  // glsa_Zq8rT2wLk5Nb7Vc1Xd4Fg6Hj9Mp3Qs0A_1f2e3d4c ; glc_eyJvIjoiMTIzIiwibiI6Im1ldHJpY3MiLCJrIjoi…
  pattern: /\b(?:glsa_[0-9A-Za-z]{32}_[0-9a-f]{8}|glc_([A-Za-z0-9+/]{32,400}={0,2}))(?![0-9A-Za-z+/=_])/g,
  secret: true,
  validate: (m) => {
    if (m[1] === undefined) return token(m[0], { type: 'service-account' });
    const payload = jsonPart(m[1]);
    return payload && 'o' in payload && 'k' in payload ? token(m[0], { type: 'cloud', org: String(payload.o) }) : undefined;
  },
  samples: {
    // Made-up tokens of the right shape; never real credentials.
    positive: ['GF_TOKEN=glsa_Zq8rT2wLk5Nb7Vc1Xd4Fg6Hj9Mp3Qs0A_1f2e3d4c', `GRAFANA_CLOUD_TOKEN=glc_${Buffer.from('{"o":"918273","n":"metrics-push","k":"Kx3Lm9Qr7Tz2Wv5Yb8Nc1Pd","m":{"r":"prod-eu-west-0"}}').toString('base64')}`],
    negative: ['glsa_short_1f2e3d4c', `glc_${Buffer.from('{"note":"not a grafana token payload"}').toString('base64')}`],
  },
};
