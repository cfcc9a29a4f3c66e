import { describe, expect, it } from 'vitest';
import { normalisePath, withoutApiTrailingSlash } from './route-path.ts';

describe('route paths', () => {
  it('drops the trailing slash of /api/ paths only, keeping the query', () => {
    expect([
      withoutApiTrailingSlash('/api/groups/'),
      withoutApiTrailingSlash('/api/groups'),
      withoutApiTrailingSlash('/api/product/7/?format=cyclonedx/json'),
      withoutApiTrailingSlash('/api/triage/vulnerability//?vuln_id=CVE-2021-23337'),
      withoutApiTrailingSlash('/api/'),
      withoutApiTrailingSlash('/rest/scans/'),
      withoutApiTrailingSlash('/product/7/'),
    ]).toEqual([
      '/api/groups',
      '/api/groups',
      '/api/product/7?format=cyclonedx/json',
      '/api/triage/vulnerability?vuln_id=CVE-2021-23337',
      '/api/',
      '/rest/scans/',
      '/product/7/',
    ]);
  });

  it('reads an API path behind percent-encoding and dot segments', () => {
    expect(normalisePath('/%72est//a/../users/me/?x=1')).toBe('/rest/users/me/');
  });
});
