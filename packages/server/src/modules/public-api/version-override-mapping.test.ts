import { describe, expect, it } from 'vitest';
import { AppError } from '../../lib/errors.ts';
import type { AdjustableComponent } from '../component-adjustments/scan-components.ts';
import { holdsObjects, toApiVersionOverride, toOverrideCreate, unknownObject } from './version-override-mapping.ts';

const A = 'a'.repeat(40);
const B = 'b'.repeat(40);
const C = 'c'.repeat(40);
const components: AdjustableComponent[] = [
  { uid: 'u1', name: 'OpenSSL', version: '1.1.1', hashes: new Set([A]) },
  { uid: 'u2', name: 'openssl', version: '1.1.1', hashes: new Set([B]) },
  { uid: 'u3', name: 'zlib', version: '1.2.13', hashes: new Set([C]) },
];

describe('toOverrideCreate', () => {
  const item = { component: 'openssl', version: '1.1.1w', objects: [A] };
  it('names the product for scope 1, the group for scope 2 and neither for scope 3', () => {
    expect(toOverrideCreate({ ...item, scope: 1, app_scope: 5, group_scope: null }, 5)).toEqual({
      scan: 5, component_name: 'openssl', hashes: [A], version: '1.1.1w', scope: 1, result_scope: 5,
    });
    expect(toOverrideCreate({ ...item, scope: 2, group_scope: 8 }, 6)).toEqual({ scan: 6, component_name: 'openssl', hashes: [A], version: '1.1.1w', scope: 2, group_scope: 8 });
    expect(toOverrideCreate({ ...item, scope: 3 }, 6)).toEqual({ scan: 6, component_name: 'openssl', hashes: [A], version: '1.1.1w', scope: 3 });
  });
});

describe('unknownObject and holdsObjects', () => {
  it('takes the files of every component of the name (any case), SHA-1s in any case', () => {
    expect(unknownObject(components, { component: 'openssl', objects: [A, B.toUpperCase()] })).toBeUndefined();
    expect(holdsObjects(components, { component: ' OPENSSL ', objects: [B] })).toBe(true);
  });

  it('names the first object that is not a file of the component', () => {
    expect(unknownObject(components, { component: 'openssl', objects: [A, C.toUpperCase(), 'd'.repeat(40)] })).toBe(C);
    expect(holdsObjects(components, { component: 'openssl', objects: [A, C] })).toBe(false);
  });

  it('refuses a component the product does not have', () => {
    expect(() => unknownObject(components, { component: 'curl', objects: [A] })).toThrow(new AppError('api_override_component_unknown'));
    expect(holdsObjects(components, { component: 'curl', objects: [A] })).toBe(false);
  });
});

describe('toApiVersionOverride', () => {
  it('answers the request\'s names beside the id, who made it and when', () => {
    expect(toApiVersionOverride({
      id: 4, url: '/rest/version-override/4/', component_name: 'openssl', hashes: [A], version: '1.1.1w', scope: 1, group_scope: null, result_scope: 5, user: 2,
      created: '2026-01-02T03:04:05.000Z',
    })).toEqual({ id: 4, component: 'openssl', version: '1.1.1w', objects: [A], scope: 1, app_scope: 5, group_scope: null, user: 2, created: '2026-01-02T03:04:05.000Z' });
  });
});
