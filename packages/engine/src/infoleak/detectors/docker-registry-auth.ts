// Docker / Podman registry credentials in config.json or auth.json:
// {"auths": {"<registry>": {"auth": "<base64 of user:password>"}}}. The base64 must decode to
// user:password; the registry is the key of the enclosing object. Quay robot accounts
// (`org+robot` users) and GitHub-hosted registries are named in the details.
import { looksFake } from '../checks.ts';
import type { InfoleakDetector } from '../types.ts';

const NEAR = 400;

export const DOCKER_REGISTRY_AUTH: InfoleakDetector = {
  name: 'docker-registry-auth',
  kind: 'http_credentials',
  version: 1,
  keywords: ['"auths"'],
  // "auths": { "registry.corp.net": { "auth": "Y2k6UzNjcjN0UHc=" } }
  pattern: /"auth"\s*:\s*"([A-Za-z0-9+/]{8,1000}={0,2})"/g,
  secret: true,
  validate: (m) => {
    const before = m.input.slice(Math.max(0, m.index - NEAR), m.index);
    if (!m.input.slice(0, m.index).includes('"auths"')) return undefined;
    const decoded = Buffer.from(m[1] ?? '', 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    if (colon < 1 || colon === decoded.length - 1 || !/^[\x20-\x7e]+$/.test(decoded)) return undefined;
    const user = decoded.slice(0, colon);
    const password = decoded.slice(colon + 1);
    // The registry: the last `"name": {` opened before the auth value.
    const registry = [...before.matchAll(/"([^"\n]+)"\s*:\s*\{/g)].at(-1)?.[1] ?? '';
    const type = user.includes('+') ? 'robot-account' : /ghcr\.io|docker\.pkg\.github\.com/.test(registry) ? 'github-token' : 'password';
    return { value: m[1] ?? '', details: { registry, user, type }, ...(looksFake(password) || password === 'password' ? { decoy: true } : {}) };
  },
  samples: {
    path: 'config.json',
    positive: [
      `{\n  "auths": {\n    "registry.corp.net:5000": {\n      "auth": "${Buffer.from('ci-bot:Kq8!vR3mZx').toString('base64')}"\n    }\n  }\n}`,
      `{"auths":{"quay.io":{"auth":"${Buffer.from('acme+deployer:46DTVBZ1I4WQKHP91WQ74IWHV8XQQR59R08AWMGR4ZKPJCX1O0PTOSCUTYR8ZFNI').toString('base64')}","email":""}}}`,
    ],
    negative: [`{"auths":{"registry.corp.net":{"auth":"${Buffer.from('nocolonhere').toString('base64')}"}}}`, `{"auth": "${Buffer.from('ci-bot:Kq8!vR3mZx').toString('base64')}"}`, `{"auths":{"r.corp.net":{"auth":"${Buffer.from('user:changeme').toString('base64')}"}}}`],
  },
};
