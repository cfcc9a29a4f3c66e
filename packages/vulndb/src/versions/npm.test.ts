import { describe, expect, it } from 'vitest';
import { npm } from './npm.ts';
import { inOsvRange } from './range.ts';
import { schemeForEcosystem } from './registry.ts';
import type { Ordering } from './types.ts';

// semver.org §11's precedence chain and real npm releases; a leading `v` as npm accepts it.
const cases: [string, string, Ordering][] = [
  ['1.0.0-alpha', '1.0.0-alpha.1', -1],
  ['1.0.0-alpha.1', '1.0.0-alpha.beta', -1],
  ['1.0.0-alpha.beta', '1.0.0-beta', -1],
  ['1.0.0-beta.2', '1.0.0-beta.11', -1],
  ['1.0.0-rc.1', '1.0.0', -1],
  ['1.0.0+20130313144700', '1.0.0', 0],
  ['4.17.20', '4.17.21', -1],
  ['v4.17.21', '4.17.21', 0],
  ['v1.2.3', 'v1.10.0', -1],
  ['v2.0.0', '1.99.99', 1],
  ['18.3.0-canary-a870b2d54-20240314', '18.3.0', -1],
  ['1.0.0-Alpha', '1.0.0-alpha', -1],
];

describe('npm.compare (node-semver)', () => {
  it.each(cases)('%s vs %s -> %i', (a, b, want) => {
    expect(npm.compare(a, b)).toBe(want);
    expect(npm.compare(b, a)).toBe(want === 0 ? 0 : -want);
  });
});

describe('npm.valid (node-semver strict parse)', () => {
  it.each([
    ['v1.0.0', true],
    ['=1.0.0', false],
    [' 1.0.0 ', true],
    ['1.0.0-alpha.beta+exp.sha.5114f85', true],
    ['1.0', false],
    ['01.0.0', false],
    ['1.0.0-01', false],
    ['x1.0.0', false],
    ['', false],
  ] as const)('%s -> %s', (v, want) => {
    expect(npm.valid(v)).toBe(want);
  });
});

describe('npm ranges', () => {
  it('the npm ecosystem uses node-semver; OSV events with v-prefixed versions evaluate', () => {
    expect(schemeForEcosystem('npm')?.name).toBe('npm');
    const events = [{ introduced: '0' }, { fixed: '4.17.21' }];
    expect(inOsvRange('v4.17.20', events, npm)).toBe(true);
    expect(inOsvRange('v4.17.21', events, npm)).toBe(false);
    expect(inOsvRange('4.17.21-rc.1', events, npm)).toBe(true);
  });
});
