// PyPI API tokens: `pypi-` + a base64url macaroon whose first bytes encode the location
// "pypi.org" (or test.pypi.org); the macaroon prefix is checked, not just the shape.
import { token } from '../checks.ts';
import type { InfoleakDetector } from '../types.ts';

export const PYPI_TOKEN: InfoleakDetector = {
  name: 'pypi-token',
  kind: 'cloud_provider_keys',
  version: 1,
  keywords: ['pypi-ag'],
  // pypi-AgEIcHlwaS5vcmcCJDk… ("AgEIcHlwaS5vcmc" is the macaroon header with location pypi.org)
  pattern: /\bpypi-(AgEIcHlwaS5vcmc|AgENdGVzdC5weXBpLm9yZw)[0-9A-Za-z_-]{50,}/g,
  secret: true,
  validate: (m) => {
    const head = Buffer.from(m[0].slice(5, 40), 'base64url');
    if (head[0] !== 2 || head[1] !== 1) return undefined;
    return token(m[0], { index: m[1] === 'AgEIcHlwaS5vcmc' ? 'pypi.org' : 'test.pypi.org' });
  },
  samples: {
    // A made-up macaroon body behind the real header; never a real token.
    positive: ['password = pypi-AgEIcHlwaS5vcmcCJGQ3ZjFhYzVmLTk4YjItNDhkNy1iMWQ5LTlmNWE3YzZlZDA0ZgACKlsz'],
    negative: ['pypi-AgEIcHlwaS5vcmc', 'pypi-token-here'],
  },
};
