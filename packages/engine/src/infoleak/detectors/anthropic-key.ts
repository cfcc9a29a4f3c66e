// Anthropic API keys: sk-ant-api03- (or admin01-) + 93 base64url characters + AA.
import { token } from '../checks.ts';
import type { InfoleakDetector } from '../types.ts';

export const ANTHROPIC_KEY: InfoleakDetector = {
  name: 'anthropic-key',
  kind: 'cloud_provider_keys',
  version: 1,
  keywords: ['sk-ant-'],
  // sk-ant-api03-oSVhsBu-hBIb-oB6pnUaPJeMv9CiR8ymIqDa5s4OuwTKq2C…
  pattern: /\bsk-ant-(api03|admin01)-[0-9A-Za-z_-]{93}AA(?![0-9A-Za-z_-])/g,
  secret: true,
  validate: (m) => token(m[0], { type: m[1] === 'admin01' ? 'admin' : 'api' }),
  samples: {
    // Made-up values of the right shape (seeded random), never real credentials.
    positive: ['ANTHROPIC_API_KEY=sk-ant-api03-oSVhsBu-hBIb-oB6pnUaPJeMv9CiR8ymIqDa5s4OuwTKq2CAV70XhsMu4BzT1RspYLE3s2o3cqVTYawtdR_gf5VVdeefoAA', 'ANTHROPIC_API_KEY=sk-ant-api03-XJIEzQy4ap2bfKX-Ssn5-w_rB1WuhY15GyxXRF52bj7JdNol9HzWHauvxWMATnVT_sS0ExcX2DVwKcmH_l1lIQt5iGLKdAA'],
    negative: ['ANTHROPIC_API_KEY=sk-ant-api03-xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxAA', 'sk-ant-api03-short'],
  },
};
