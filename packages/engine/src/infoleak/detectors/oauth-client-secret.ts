// OAuth client secrets in configuration: client_secret (JSON, YAML, properties, env) next to
// a client_id. Google's client_secret.json, Spring `client-secret`, `OAUTH_CLIENT_SECRET=`.
import { looksFake } from '../checks.ts';
import type { InfoleakDetector } from '../types.ts';

export const OAUTH_CLIENT_SECRET: InfoleakDetector = {
  name: 'oauth-client-secret',
  kind: 'oauths',
  version: 1,
  keywords: ['client_secret', 'client-secret', 'clientsecret'],
  // {"installed":{"client_id":"8141…apps.googleusercontent.com","client_secret":"k3Rz9qLw2Tn8vXp5YbH7"}}
  pattern: /\b(?:oauth_?)?client[_-]?secret["']?\s*[:=]\s*["']?([A-Za-z0-9_~.+/-]{10,128})/gi,
  secret: true,
  validate: (m) => {
    const value = m[1] ?? '';
    const around = m.input.slice(Math.max(0, m.index - 400), m.index + m[0].length + 400);
    const clientId = /client[_-]?id["']?\s*[:=]\s*["']?([A-Za-z0-9_.@-]{4,128})/i.exec(around)?.[1];
    if (!clientId) return undefined;
    return { value, details: { client_id: clientId }, ...(looksFake(value) ? { decoy: true } : {}) };
  },
  samples: {
    positive: [
      '{"installed":{"client_id":"81419283-q3b7.apps.googleusercontent.com","client_secret":"k3Rz9qLw2Tn8vXp5YbH7","redirect_uris":["http://localhost"]}}',
      'spring.security.oauth2.client.registration.corp.client-id=portal\nspring.security.oauth2.client.registration.corp.client-secret=Wm5Zr7Tn4Lp0Yc3V',
    ],
    negative: ['client_secret: k3Rz9qLw2Tn8vXp5YbH7 (no client id)', '{"client_id": "portal-web", "client_secret": "YOUR_CLIENT_SECRET"}'],
  },
};
