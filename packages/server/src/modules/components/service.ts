// The component catalogue: each entry with what the knowledge base knows of it (latest
// version, vulnerabilities) and how many of the viewer's scans hold it; and, for the
// vulnerability page, the viewer's components a vulnerability affects.
import type { Identification } from '@binlens/engine/model';
import type { KnowledgeBase } from '@binlens/vulndb';
import { AppError } from '../../lib/errors.ts';
import type { PageRequest } from '../../lib/paging.ts';
import { type AdjustmentsSource, evaluateScan } from '../scans/evaluation.ts';
import type { Viewer } from '../users/viewer.ts';
import { type CatalogueEntry, catalogueEntries, catalogueEntry } from './catalogue.ts';
import { type CatalogueFacts, catalogueFacts, type ComponentVulnerability, componentKnowledge } from './knowledge.ts';
import type { ComponentsRepository } from './repository.ts';
import type { ScanIndexRepository } from './scan-index-repository.ts';
import type { Component, ComponentDetails, ComponentListQuery, ComponentOrdering, ComponentVulnerabilityOrdering } from './schemas.ts';

export interface ComponentFilter {
  q?: string | undefined;
  ordering?: ComponentOrdering | undefined;
  tag?: string | undefined;
  codetype?: ComponentListQuery['codetype'];
}

export interface ComponentVulnerabilityFilter {
  q?: string | undefined;
  ordering?: ComponentVulnerabilityOrdering | undefined;
}

/** A component of one of the viewer's scans that a vulnerability affects. */
export interface AffectedComponent {
  scan_id: number;
  scan_name: string;
  group_id: number;
  group_name: string;
  component: string;
  version: string;
  exact: boolean;
}

export interface ComponentsService {
  list(viewer: Viewer, filter: ComponentFilter, page: PageRequest): Promise<{ results: Component[]; count: number }>;
  /** 404 for an id the catalogue does not hold. */
  get(viewer: Viewer, id: string): Promise<ComponentDetails>;
  tags(): { name: string; count: number }[];
  vulnerabilities(id: string, filter: ComponentVulnerabilityFilter, page: PageRequest): Promise<{ latestVersion: string | null; results: ComponentVulnerability[]; count: number }>;
  /** There is no Coverity data: always 404, with its own detail for an entry that exists. */
  coverityScan(id: string): Promise<never>;
  /**
   * The viewer's ready scans' components whose evaluation lists one of `vulnIds` (a
   * vulnerability and its aliases), newest scans first; `truncated` when more scans were
   * candidates than are evaluated per request.
   */
  affectedBy(viewer: Viewer, vulnIds: readonly string[]): Promise<{ results: AffectedComponent[]; truncated: boolean }>;
}

export interface ComponentsServiceDeps {
  components: ComponentsRepository;
  index: ScanIndexRepository;
  knowledgeBase: KnowledgeBase;
  /** Each scan's overrides, ignores and triages, as its own result applies them. */
  adjustments: AdjustmentsSource;
}

/** Scans a vulnerability page evaluates at most, and candidate components it reads at most. */
const AFFECTED_SCANS = 50;
const CANDIDATE_COMPONENTS = 2000;
/** Scans of one component its details list. */
const SCANS_LISTED = 100;
/** Entries whose vulnerabilities are kept between pages. */
const KNOWLEDGE_CACHE = 16;

export function createComponentsService(deps: ComponentsServiceDeps): ComponentsService {
  const kb = deps.knowledgeBase;
  let facts: { version: string; value: Promise<Map<string, CatalogueFacts>> } | undefined;
  const knowledge = new Map<string, ReturnType<typeof componentKnowledge>>();

  /** The facts of every entry for the live knowledge base, computed once per import. */
  async function currentFacts(): Promise<Map<string, CatalogueFacts>> {
    const version = await deps.components.knowledgeBaseVersion();
    if (facts?.version !== version) {
      const value = catalogueFacts(kb, catalogueEntries());
      facts = { version, value };
      value.catch(() => {
        if (facts?.value === value) facts = undefined;
      });
    }
    return facts.value;
  }

  async function knowledgeOf(entry: CatalogueEntry): ReturnType<typeof componentKnowledge> {
    const key = `${await deps.components.knowledgeBaseVersion()}\u0000${entry.id}`;
    let value = knowledge.get(key);
    if (!value) {
      value = componentKnowledge(kb, entry);
      knowledge.set(key, value);
      if (knowledge.size > KNOWLEDGE_CACHE) knowledge.delete(knowledge.keys().next().value ?? key);
      const settled = value;
      settled.catch(() => knowledge.delete(key));
    }
    return value;
  }

  function entryOf(id: string): CatalogueEntry {
    const entry = catalogueEntry(id);
    if (!entry) throw new AppError('not_found');
    return entry;
  }

  return {
    async list(viewer, filter, page) {
      await deps.index.ensureIndexed();
      const [known, usage] = await Promise.all([currentFacts(), deps.index.usage(viewer)]);
      const q = filter.q?.trim().toLowerCase() ?? '';
      const rows = catalogueEntries()
        .filter((e) => (filter.tag === undefined || e.tags.includes(filter.tag)) && (filter.codetype === undefined || e.codetype === filter.codetype))
        .filter((e) => q === '' || [e.name, e.vendor, e.id, e.cpe?.product ?? ''].some((text) => text.toLowerCase().includes(q)))
        .map((e) => toComponent(e, known.get(e.id), usage.get(e.id) ?? 0));
      rows.sort(componentOrder(filter.ordering ?? 'name'));
      return { results: rows.slice(page.offset, page.offset + page.limit), count: rows.length };
    },

    async get(viewer, id) {
      const entry = entryOf(id);
      await deps.index.ensureIndexed();
      const [known, usage, versions, scans] = await Promise.all([
        currentFacts(), deps.index.usage(viewer), deps.index.versions(viewer, id), deps.index.scansWith(viewer, id, SCANS_LISTED),
      ]);
      return {
        ...toComponent(entry, known.get(id), usage.get(id) ?? 0),
        identified_by: {
          found_by: entry.identifiedBy.foundBy,
          method: entry.identifiedBy.method,
          patterns: entry.identifiedBy.patterns,
          file_names: [...entry.identifiedBy.fileNames],
          sources: [...entry.identifiedBy.sources],
        },
        versions_in_account: versions.sort((a, b) => b.scans - a.scans || a.version.localeCompare(b.version, 'en', { numeric: true })),
        scans_in_account: scans.map((s) => ({ scan_id: s.scanId, scan_name: s.scanName, group_id: s.groupId, group_name: s.groupName, version: s.version })),
      };
    },

    tags() {
      const counts = new Map<string, number>();
      for (const entry of catalogueEntries()) for (const tag of entry.tags) counts.set(tag, (counts.get(tag) ?? 0) + 1);
      return [...counts].map(([name, count]) => ({ name, count })).sort((a, b) => a.name.localeCompare(b.name));
    },

    async vulnerabilities(id, filter, page) {
      const { latestVersion, vulnerabilities } = await knowledgeOf(entryOf(id));
      const q = filter.q?.trim().toLowerCase() ?? '';
      const rows = vulnerabilities.filter((v) => q === '' || v.vuln_id.toLowerCase().includes(q) || v.summary.toLowerCase().includes(q));
      const ordering = filter.ordering ?? '-score';
      // The knowledge has them most severe first; other orderings sort a copy.
      const sorted = ordering === '-score' ? rows : [...rows].sort(vulnerabilityOrder(ordering));
      return { latestVersion, results: sorted.slice(page.offset, page.offset + page.limit), count: sorted.length };
    },

    async coverityScan(id) {
      entryOf(id);
      throw new AppError('coverity_scan_missing');
    },

    async affectedBy(viewer, vulnIds) {
      const wanted = new Set(vulnIds.map((id) => id.toUpperCase()));
      await deps.index.ensureIndexed();
      const candidates = await deps.index.candidates(viewer, await deps.components.nameKeysOf(vulnIds), CANDIDATE_COMPONENTS);
      const scanIds = [...new Set(candidates.map((c) => c.scanId))];
      const evaluated = scanIds.slice(0, AFFECTED_SCANS);
      const cores = await deps.index.cores(evaluated);
      const results: AffectedComponent[] = [];
      for (const scanId of evaluated) {
        const core = cores.get(scanId);
        const rows = candidates.filter((c) => c.scanId === scanId);
        if (!core) continue;
        const uids = new Set(rows.map((r) => r.uid));
        // Matching is per component: the candidates alone evaluate as they do within the whole scan.
        const part: Identification = { ...core, components: core.components.filter((c) => uids.has(c.id)) };
        const { evaluation } = await evaluateScan(part, kb, await deps.adjustments.forScan(scanId));
        for (const row of rows) {
          const vuln = (evaluation.components[row.uid] ?? []).find((v) => wanted.has(v.vuln_id.toUpperCase()));
          if (vuln) {
            results.push({ scan_id: scanId, scan_name: row.scanName, group_id: row.groupId, group_name: row.groupName, component: row.name, version: row.version, exact: vuln.exact });
          }
        }
      }
      return { results, truncated: scanIds.length > AFFECTED_SCANS || candidates.length >= CANDIDATE_COMPONENTS };
    },
  };
}

function toComponent(entry: CatalogueEntry, facts: CatalogueFacts | undefined, scans: number): Component {
  return {
    id: entry.id,
    url: `/rest/components/${entry.id}/`,
    name: entry.name,
    lib: entry.name,
    vendor: entry.vendor,
    codetype: entry.codetype,
    tags: [...entry.tags],
    cpe: entry.cpe ? `${entry.cpe.part}:${entry.cpe.vendor}:${entry.cpe.product}` : null,
    purl_type: entry.purlType,
    license: entry.license,
    latest_version: facts?.latestVersion ?? null,
    vulnerability_count: facts?.vulnerabilities ?? 0,
    scan_count: scans,
    has_coverity_scan: false,
    version: null,
    custom_version: null,
    name_override: null,
    is_stub: false,
  };
}

function componentOrder(ordering: ComponentOrdering): (a: Component, b: Component) => number {
  const descending = ordering.startsWith('-') ? -1 : 1;
  const field = ordering.replace(/^-/, '');
  const byName = (a: Component, b: Component) => a.name.localeCompare(b.name, 'en') || a.id.localeCompare(b.id);
  const value = (c: Component): number | string => {
    if (field === 'vulnerabilities') return c.vulnerability_count;
    if (field === 'scans') return c.scan_count;
    if (field === 'vendor') return c.vendor.toLowerCase();
    return c.name.toLowerCase();
  };
  return (a, b) => {
    const x = value(a);
    const y = value(b);
    const primary = typeof x === 'number' && typeof y === 'number' ? x - y : String(x).localeCompare(String(y), 'en');
    return descending * primary || byName(a, b);
  };
}

function vulnerabilityOrder(ordering: ComponentVulnerabilityOrdering): (a: ComponentVulnerability, b: ComponentVulnerability) => number {
  const descending = ordering.startsWith('-') ? -1 : 1;
  const byId = (a: ComponentVulnerability, b: ComponentVulnerability) => a.vuln_id.localeCompare(b.vuln_id, 'en', { numeric: true });
  if (ordering.endsWith('vuln_id')) return (a, b) => descending * byId(a, b);
  const value = (v: ComponentVulnerability): number => (ordering.endsWith('epss') ? (v.epss?.score ?? -1) : (v.score ?? -1));
  return (a, b) => descending * (value(a) - value(b)) || byId(a, b);
}
