// Google Cloud service-account key files: a flat JSON object with "type": "service_account"
// and a "private_key". Reported once per file with the key id, account and project.
import type { InfoleakDetector } from '../types.ts';

export const GCP_SERVICE_ACCOUNT: InfoleakDetector = {
  name: 'gcp-service-account',
  kind: 'google_cloud_keys',
  version: 1,
  keywords: ['service_account'],
  // { "type": "service_account", "project_id": "p", "private_key_id": "…", "private_key": "-----BEGIN PRIVATE KEY-----\n…", "client_email": "…" }
  pattern: /\{[^{}]{0,200}"type"\s*:\s*"service_account"[^{}]{0,8000}\}/g,
  secret: true,
  validate: (m) => {
    let json: Record<string, unknown>;
    try {
      json = JSON.parse(m[0]) as Record<string, unknown>;
    } catch {
      return undefined;
    }
    const str = (key: string): string => (typeof json[key] === 'string' ? json[key] : '');
    if (!str('private_key').includes('PRIVATE KEY') || !str('private_key_id')) return undefined;
    return { value: str('private_key_id'), details: { client_email: str('client_email'), project_id: str('project_id') } };
  },
  samples: {
    // A made-up key file: the id and key body are not real.
    positive: [
      '{\n  "type": "service_account",\n  "project_id": "billing-prod",\n  "private_key_id": "3f9c2a7e41d8b6055c1e9f2a7b3d4c5e6f708192",\n  "private_key": "-----BEGIN PRIVATE KEY-----\\nMIIEvQIBADANBgkqhkiG9w0BAQEFAASC\\n-----END PRIVATE KEY-----\\n",\n  "client_email": "exporter@billing-prod.iam.gserviceaccount.com",\n  "client_id": "104857392018374650192"\n}',
    ],
    negative: ['{"type": "service_account", "project_id": "p"}', '{"type": "authorized_user", "client_secret": "x"}'],
  },
};
