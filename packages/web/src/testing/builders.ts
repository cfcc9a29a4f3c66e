// Test data builders: realistic defaults, override only what a test is about.
import type { ExecutableAttributes, Group, KnowledgeBaseSource, KnowledgeBaseStatus, Paged, Problem, ResultComponent, ResultVuln, Scan, ScanResult, ScanSummary, User } from '../lib/api-schemas.ts';

export function buildUser(overrides: Partial<User> = {}): User {
  return {
    id: 1,
    email: 'ada@example.com',
    username: 'ada',
    display_local_time: false,
    container_default_view: 'tree',
    otp_active: false,
    roles: ['U'],
    permissions: [],
    ...overrides,
  };
}

export function buildGroup(overrides: Partial<Group> = {}): Group {
  return {
    id: 7,
    name: 'Routers',
    description: 'Home router firmware',
    parent: null,
    search_path: '7',
    favourite: false,
    user_permissions: ['view_appcheckgroup'],
    application_template: [],
    ...overrides,
  };
}

export function buildScan(overrides: Partial<Scan> = {}): Scan {
  return {
    id: 42,
    url: '/rest/scans/42/',
    group: 7,
    group_name: 'Routers',
    name: 'openwrt-23.05.bin',
    size: 7_340_032,
    sha1: 'a94a8fe5ccb19ba61c4c0873d391e987982fbbd3',
    status: 'R',
    progress: null,
    error: null,
    created: '2026-03-04T05:06:07Z',
    finished: '2026-03-04T05:09:00Z',
    cvss3_fallback: true,
    include_bdsa_vulnerabilities: false,
    component_count: 2,
    vulnerability_counts: { critical: 0, high: 0, medium: 0, low: 0, missing: 0 },
    verdict: 'pass',
    verdict_reason: null,
    binary_removed: false,
    ...overrides,
  };
}

export function buildComponent(overrides: Partial<ResultComponent> = {}): ResultComponent {
  return {
    uid: 'c-openssl',
    lib: 'openssl',
    version: '3.0.13',
    custom_version: null,
    codetype: 'NA',
    vendorlib: 'openssl',
    vendor: 'openssl',
    distro: null,
    component_id: null,
    purl: 'pkg:generic/openssl@3.0.13',
    cpes: [],
    objects: [
      {
        sha1: 'da39a3ee5e6b4b0d3255bfef95601890afd80709',
        exe_flags: [],
        matching_methods: ['signature'],
        extended_fullpath: ['openwrt-23.05.bin', 'rootfs.squashfs', 'usr/lib/libcrypto.so.3'],
        docker: null,
      },
    ],
    vulns: [],
    ignored_component_ids: [],
    license: ['Apache-2.0'],
    license_overrides: [],
    name_override: null,
    tags: [],
    upgrade: { nearest_fix: null, latest_known: null },
    ...overrides,
  };
}


/** One vulnerability of a component, matched exactly by an OSV record unless overridden. */
export function buildVuln(overrides: Partial<ResultVuln> = {}): ResultVuln {
  const vulnId = overrides.vuln_id ?? 'CVE-2024-5535';
  const exact = overrides.exact ?? true;
  return {
    vuln_id: vulnId,
    exact,
    triages: [],
    unresolved_triages: [],
    matched_by: [
      {
        source: 'osv-purl',
        record: vulnId,
        exact,
        criteria: 'pkg:generic/openssl',
        range: '>=3.0.0 <3.0.14',
        fixed: '3.0.14',
      },
    ],
    ...overrides,
  };
}

export function buildResult(components: ResultComponent[]): ScanResult {
  return { components, licenses: [{ name: 'Apache-2.0' }], 'docker-images': [], knowledge_base: { state: 'ready', updated: '2026-01-01T03:20:00.000Z' } };
}

/** The knowledge base as GET /rest/knowledge-base/ answers it: ready, every source with data, unless overridden. */
export function buildKnowledgeBase(overrides: Partial<KnowledgeBaseStatus> = {}): KnowledgeBaseStatus {
  const source = (name: string, records: number): KnowledgeBaseSource => ({
    name, state: 'ready', records, last_success: '2026-01-01T03:20:00.000Z', feed_date: '2026-01-01T00:00:00.000Z', last_error: null, next_attempt: null, progress: null,
  });
  return {
    state: 'ready',
    updated: '2026-01-01T03:20:00.000Z',
    automatic_sync: true,
    sources: [source('alpine', 412), source('debian', 30_211), source('epss', 291_877), source('kev', 1_289), source('nvd', 301_554), source('osv', 95_012), source('ubuntu', 42_310)],
    bundle: { state: 'none', last_success: null, feed_date: null, last_error: null },
    ...overrides,
  };
}

export function buildProblem(overrides: Partial<Problem> = {}): Problem {
  return {
    level: 'error',
    location: ['openwrt-23.05.bin', 'kernel.bin'],
    plugin: 'filesystem/squashfs',
    code: 'truncated',
    message: 'SquashFS image ends before its declared size',
    ...overrides,
  };
}

/** An ELF executable with every mitigation its machine can have, as GET /rest/scans/{id}/executable-attributes/ lists it. */
export function buildExecutable(overrides: Partial<ExecutableAttributes> = {}): ExecutableAttributes {
  return {
    path: ['openwrt-23.05.bin', 'rootfs.squashfs', 'usr/sbin/dropbear'],
    format: 'elf',
    machine: 'x86-64',
    bits: 64,
    endianness: 'little',
    type: 'executable',
    attributes: {
      nx: true, pie: true, relro: 'full', canary: true, fortify: true, fortified: 4, fortifiable: 6,
      rpath: [], runpath: [], stripped: true, cet_ibt: true, cet_shstk: true, rwx_segments: false, textrel: false,
    },
    missing: [],
    ...overrides,
  };
}

export function paged<T>(results: T[]): Paged<T> {
  return { count: results.length, results, links: { next: null, previous: null } };
}

/** GET /rest/scans/{id}/scan_summary/ of an evaluated scan with nothing found; overrides change any part. */
export function buildScanSummary(overrides: Partial<ScanSummary> = {}): ScanSummary {
  return {
    verdict: 'pass',
    verdict_reason: null,
    components: 0,
    vulnerabilities: { critical: 0, high: 0, medium: 0, low: 0, missing: 0 },
    kev: 0,
    epss_above_10_percent: 0,
    licenses: [{ policy: 'RE', count: 0 }, { policy: 'RU', count: 0 }, { policy: 'PE', count: 0 }, { policy: 'unknown', count: 0 }],
    infoleaks: [],
    executables: { count: 0, missing: [] },
    mobile_apps: 0,
    knowledge_base: { state: 'ready', updated: '2026-01-01T03:20:00.000Z' },
    ...overrides,
  };
}
