// Test data for triages: realistic defaults, override only what a test is about.
import type { Triage } from '../lib/api-schemas.ts';

/** A triage of openssl 3.0.13's CVE-2024-5535 as not affecting application 42, made by user 1. */
export function buildTriage(overrides: Partial<Triage> = {}): Triage {
  const id = overrides.id ?? 11;
  return {
    id,
    url: `/rest/triages/${id}/`,
    scan_id: 42,
    component_name: 'openssl',
    mapped_component_id: null,
    component_version: '3.0.13',
    version_range: null,
    vuln_id: 'CVE-2024-5535',
    description: 'NPN is not used by any service on the device.',
    rationale: 'NA',
    scope: 'R',
    triaged_obj: null,
    group_scope: null,
    result_scope: 42,
    application_name: null,
    adjusted_severity: null,
    environmental_vector: null,
    adjusted_score: null,
    user: 1,
    created: '2026-03-05T08:00:00Z',
    modified: '2026-03-05T08:00:00Z',
    ...overrides,
  };
}
