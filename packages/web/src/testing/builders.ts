// Test data builders: realistic defaults, override only what a test is about.
import type { CatalogueComponent, ExecutableAttributes, Group, KnowledgeBaseSource, KnowledgeBaseStatus, Paged, Problem, ResultComponent, ResultVuln, Scan, ScanResult, ScanMetadata, ScanSummary, User } from '../lib/api-schemas.ts';
import type { ContainerImage, FileDetail, FileTreeEntry } from '../lib/api-schemas.ts';
import type { SalesScan } from '../lib/api-schemas.ts';

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

/** GET /rest/sales/scans/{id}/ of buildScan()'s file: the file and its findings, nothing of its group. */
export function buildSalesScan(overrides: Partial<SalesScan> = {}): SalesScan {
  return {
    id: 42,
    name: 'openwrt-23.05.bin',
    status: 'R',
    size: 7_340_032,
    sha1: 'a94a8fe5ccb19ba61c4c0873d391e987982fbbd3',
    sha256: '9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08',
    created: '2026-03-04T05:06:07Z',
    finished: '2026-03-04T05:09:00Z',
    component_count: 2,
    vulnerability_counts: { critical: 0, high: 0, medium: 0, low: 0, missing: 0 },
    verdict: 'pass',
    verdict_reason: null,
    ...overrides,
  };
}

export function buildComponent(overrides: Partial<ResultComponent> = {}): ResultComponent {
  return {
    uid: 'c-openssl',
    lib: 'openssl',
    version: '3.0.13',
    custom_version: null,
    detected_version: null,
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

export function buildResult(components: ResultComponent[], vulnerabilities: ScanResult['vulnerabilities'] = {}): ScanResult {
  return { components, vulnerabilities, licenses: [{ name: 'Apache-2.0' }], 'docker-images': [], knowledge_base: { state: 'ready', updated: '2026-01-01T03:20:00.000Z' } };
}

/** What result/ tells of one vulnerability: a high CVSS 3.1 score, no EPSS or KEV, unless overridden. */
export function buildResultVulnerability(overrides: Partial<ScanResult['vulnerabilities'][string]> = {}): ScanResult['vulnerabilities'][string] {
  return { vuln_id: 'CVE-2024-5535', summary: 'SSL_select_next_proto buffer overread', severity: 'HIGH', score: 7.5, score_version: '3.1', epss: null, kev: null, ...overrides };
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

/** GET /rest/scans/{id}/metadata/ of a small firmware scanned with the default limits; overrides change any part. */
export function buildScanMetadata(overrides: Partial<ScanMetadata> = {}): ScanMetadata {
  return {
    input: { name: 'router-fw-2.1.bin', size: 8_388_608, sha1: 'a'.repeat(40), sha256: 'b'.repeat(64), format: 'filesystem/squashfs' },
    created_at: '2026-03-01T10:00:00.000Z',
    started_at: '2026-03-01T10:00:02.000Z',
    finished_at: '2026-03-01T10:00:14.500Z',
    analysis_ms: 12_400,
    analysis_settings: {
      limits: { maxDepth: 16, maxFiles: 200_000, maxTotalBytes: 268_435_456, maxFileBytes: 17_179_869_184, maxCompressionRatio: 250, maxDecoderMemory: 536_870_912, timeMs: 1_800_000 },
      infoleak_decoy_filter: true,
      custom_patterns: [],
    },
    vulnerability_matching: { cvss3_fallback: true, include_bdsa_vulnerabilities: false },
    counts: { files: 1234, components: 56, licenses: 12, executables: 40, code_findings: 7, infoleaks: 3, mobile_apps: 0, docker_images: 0, kernel_configs: 1, errors: 0, warnings: 2, info: 1 },
    kernel_configs: [],
    knowledge_base: { state: 'ready', updated: '2026-01-01T03:20:00.000Z' },
    ...overrides,
  };
}

/** zlib as the component catalogue answers it. */
export function buildCatalogueComponent(overrides: Partial<CatalogueComponent> = {}): CatalogueComponent {
  return {
    id: 'zlib',
    url: '/rest/components/zlib/',
    name: 'zlib',
    lib: 'zlib',
    vendor: 'zlib',
    codetype: 'NA',
    tags: ['compression'],
    cpe: 'a:zlib:zlib',
    purl_type: 'generic',
    license: 'Zlib',
    latest_version: '1.3',
    vulnerability_count: 1234,
    scan_count: 2,
    has_coverity_scan: false,
    version: null,
    custom_version: null,
    name_override: null,
    is_stub: false,
    ...overrides,
  };
}

/** A plain file of a file system inside the input, as GET /rest/scans/{id}/files/ lists it: nothing found in it. */
export function buildFileEntry(overrides: Partial<FileTreeEntry> = {}): FileTreeEntry {
  return {
    name: 'passwd',
    path: ['rootfs.squashfs', 'etc/passwd'],
    type: 'file',
    is_container: false,
    has_children: false,
    child_count: 0,
    format: null,
    format_name: null,
    size: 1_234,
    sha1: 'a'.repeat(40),
    sha256: 'b'.repeat(64),
    link_target: null,
    layer: null,
    whiteout: null,
    components: [],
    component_count: 0,
    infoleaks: 0,
    missing_mitigations: null,
    ...overrides,
  };
}

/** A folder of a file system inside the input. */
export function buildFolderEntry(path: string[], children: number): FileTreeEntry {
  return buildFileEntry({ name: (path.at(-1) ?? '').split('/').at(-1) ?? '', path, type: 'folder', has_children: children > 0, child_count: children, size: null, sha1: null, sha256: null });
}

/** GET /rest/scans/{id}/files/detail/ of `entry`: no folder above it and nothing more found in it unless overridden. */
export function buildFileDetail(entry: FileTreeEntry, overrides: Partial<FileDetail> = {}): FileDetail {
  return { ...entry, ancestors: [], infoleak_items: [], executable: null, mobile_app: null, ...overrides };
}

/** A two-layer image as GET /rest/scans/{id}/layers/ lists it: a base, then a step that deleted one file. */
export function buildContainerImage(overrides: Partial<ContainerImage> = {}): ContainerImage {
  return {
    id: 'e'.repeat(64),
    repo_tags: ['acme/gateway:2.1'],
    path: [],
    layers: [
      { digest: '1'.repeat(64), created_by: 'ADD rootfs.tar / # buildkit', created: '2026-02-01T10:00:00Z', comment: 'buildkit.dockerfile.v0', files: 120, components: [{ uid: 'c-zlib', lib: 'zlib1g', version: '1:1.2.13.dfsg-1' }], deleted: 0, deleted_files: [] },
      { digest: '2'.repeat(64), created_by: 'RUN /bin/sh -c rm /etc/secret.txt # buildkit', created: '2026-02-01T10:01:00Z', comment: 'buildkit.dockerfile.v0', files: 3, components: [], deleted: 1, deleted_files: [['etc/secret.txt']] },
    ],
    ...overrides,
  };
}
