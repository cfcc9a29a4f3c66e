// Azure Container Registry access keys in Microsoft's identifiable format: 52 base64 characters
// with the +ACR signature at 42-45 followed by A-D (the checksum itself is not public enough to
// check). The registry (<name>.azurecr.io) is named when it appears near the key.
import { token } from '../checks.ts';
import type { InfoleakDetector } from '../types.ts';

const NEAR = 300;

export const AZURE_CONTAINER_REGISTRY_KEY: InfoleakDetector = {
  name: 'azure-container-registry-key',
  kind: 'cloud_provider_keys',
  version: 1,
  keywords: ['+acr'],
  // docker login corpacr.azurecr.io -u corpacr -p ai8B3laaJSzjh7CbtUyIBdUDTGlBJb2pTYR+BQCmj++ACRAOdKFl
  pattern: /(?<![A-Za-z0-9+/])[A-Za-z0-9+/]{42}\+ACR[A-D][A-Za-z0-9+/]{5}(?![A-Za-z0-9+/=])/g,
  secret: true,
  validate: (m) => {
    const around = m.input.slice(Math.max(0, m.index - NEAR), m.index + m[0].length + NEAR);
    const registry = /\b([a-z0-9]{5,50}\.azurecr\.(?:io|cn|us))\b/i.exec(around)?.[1];
    return token(m[0], registry ? { registry: registry.toLowerCase() } : undefined);
  },
  samples: {
    // A made-up key of the right shape (random), never a real credential.
    positive: ['docker login corpacr.azurecr.io -u corpacr -p ai8B3laaJSzjh7CbtUyIBdUDTGlBJb2pTYR+BQCmj++ACRAOdKFl'],
    negative: ['ai8B3laaJSzjh7CbtUyIBdUDTGlBJb2pTYR+BQCmj++ACRZOdKFl', 'prefix ai8B3laaJSzjh7CbtUyIBdUDTGlBJb2pTYR+BQCmj++ACRAOdKFlmore', '+ACR alone'],
  },
};
