// The public /api/ product calls (public-api.md §2.2) over the /rest/ services: the result of
// §3 made from the scan and its evaluation of now, the SBOM exports, and rename, removal,
// abort, rescan, custom data and infoleaks through the services /rest/ uses (so their checks,
// audit events and caches hold). The route guard has resolved the product for the caller.
import type { LicensePolicyOverrides } from '@binlens/engine';
import { type KnowledgeBase, withVulns } from '@binlens/vulndb';
import type { Engine } from '../../engine/engine.ts';
import type { TriageDto } from '../adjustments/triage-dto.ts';
import { AppError } from '../../lib/errors.ts';
import type { PageRequest } from '../../lib/paging.ts';
import { pageOf } from '../../lib/paging.ts';
import { siteUrl } from '../../lib/site-url.ts';
import type { ScanCustomDataService } from '../scan-custom-data/service.ts';
import type { ScanAnalysisService } from '../scans/analysis-service.ts';
import type { ScanControlService } from '../scans/control-service.ts';
import type { ScanEvaluations } from '../scans/evaluation.ts';
import type { ScansRepository } from '../scans/repository.ts';
import type { SbomFormat, ScanSbomService } from '../scans/sbom-service.ts';
import type { Viewer } from '../users/viewer.ts';
import { bdioDocument } from './bdio.ts';
import type { ProductEntry } from './ingest.schemas.ts';
import { reportUrl, toProductEntry } from './product-entry.ts';
import type { ProductsRepository } from './products-repository.ts';
import type { ProductInfoleak, ProductResult } from './products.schemas.ts';
import { type AnalysisInput, type ProductAnalysis, productAnalysis, productResult } from './result-model.ts';

/** `?format=` of GET /api/product/{id}/: the /rest/ SBOM formats, or BDIO. */
export type ProductExportFormat = 'spdx' | 'cyclonedx' | 'cyclonedx/json' | 'cyclonedx/xml' | 'bdio';

const SBOM_FORMAT: Record<Exclude<ProductExportFormat, 'bdio'>, SbomFormat> = {
  spdx: 'spdx-json',
  cyclonedx: 'cyclonedx-json',
  'cyclonedx/json': 'cyclonedx-json',
  'cyclonedx/xml': 'cyclonedx-xml',
};

export interface ProductDocument {
  body: string;
  mediaType: string;
}

export interface ProductsService {
  /** The newest scan of the file with this lower-case SHA1 the viewer sees (product-ref.ts). */
  bySha1(viewer: Viewer, sha1: string): Promise<number | undefined>;
  /** `origin`: the address the request came to; BINLENS_PUBLIC_URL wins over it in report_url. */
  result(viewer: Viewer, id: number, origin: string): Promise<ProductResult>;
  export(viewer: Viewer, id: number, format: ProductExportFormat, origin: string): Promise<ProductDocument>;
  rename(viewer: Viewer, id: number, name: string): Promise<ProductEntry>;
  remove(viewer: Viewer, id: number): Promise<void>;
  removeBinary(viewer: Viewer, id: number): Promise<void>;
  abort(viewer: Viewer, id: number): Promise<void>;
  rescan(viewer: Viewer, id: number): Promise<void>;
  /** Sets (empty value: removes) each key, then answers the whole custom data; `mayWrite`: upload_application on the group. */
  customData(viewer: Viewer, id: number, entries: ReadonlyMap<string, string>, mayWrite: boolean): Promise<Record<string, string>>;
  /** A page of the scan's infoleaks as /rest/ shows them to this viewer; `mayReveal`: change_appcheckgroup on the group. */
  infoleaks(viewer: Viewer, id: number, page: PageRequest, mayReveal: boolean): Promise<{ count: number; next: string | null; infoleaks: ProductInfoleak[] }>;
}

export interface ProductsServiceDeps {
  products: ProductsRepository;
  scans: Pick<ScansRepository, 'findVisible' | 'findResultCore' | 'findIdentification'>;
  evaluations: ScanEvaluations;
  engine: Pick<Engine, 'toScanResult'>;
  knowledgeBase: Pick<KnowledgeBase, 'records'>;
  policyOverrides: () => Promise<LicensePolicyOverrides>;
  control: Pick<ScanControlService, 'update' | 'remove' | 'removeBinary' | 'abort' | 'rescan'>;
  sbom: Pick<ScanSbomService, 'sbom'>;
  customData: Pick<ScanCustomDataService, 'list' | 'create' | 'update' | 'remove'>;
  analysis: Pick<ScanAnalysisService, 'infoleaks'>;
  /** The server's version, which the BDIO document names as its publisher's. */
  serverVersion: string;
  /** BINLENS_PUBLIC_URL, when set: the address report_url and BDIO name the product's page at. */
  publicUrl?: string | undefined;
}

/** A ready scan's analysis with each component's uid and purl, in the same order (BDIO names components by them). */
interface MadeAnalysis {
  analysis: ProductAnalysis;
  ids: { uid: string; purl: string }[];
}

/** More keys than a scan holds (META- headers are bounded at 100 a request). */
const CUSTOM_DATA_PAGE = { limit: 500, offset: 0 };

export function createProductsService(deps: ProductsServiceDeps): ProductsService {
  const visible = async (viewer: Viewer, id: number) => {
    const row = await deps.scans.findVisible(viewer, id);
    if (!row) throw new AppError('not_found');
    return row;
  };

  /** A ready scan's analysis, kept beside its evaluation until the scan or its inputs change (evaluation.ts). */
  const analysisOf = async (viewer: Viewer, row: Awaited<ReturnType<typeof visible>>): Promise<MadeAnalysis | null> => {
    if (row.status !== 'R') return null;
    const core = async () => {
      const found = await deps.scans.findResultCore(viewer, row.id);
      if (found?.status !== 'R' || !found.core) throw new AppError('scan_not_ready');
      return found.core;
    };
    return deps.evaluations.derived({ id: row.id, storedAt: row.finishedAt, core }, 'public-api product', async (sources) => {
      const [{ evaluation, counts, adjusted }, stored, policyOverrides] = await Promise.all([
        sources.evaluated(), deps.scans.findIdentification(viewer, row.id), deps.policyOverrides(),
      ]);
      if (stored?.status !== 'R' || !stored.identification) throw new AppError('scan_not_ready');
      const result = withVulns(deps.engine.toScanResult(adjusted.identification), evaluation);
      const components = result.components.map((c) => ({ ...c, ...adjusted.decorations[c.uid] }));
      const input: AnalysisInput = {
        identification: stored.identification, adjusted: adjusted.identification, components, evaluation, counts, verdictReason: row.verdictReason,
        dates: await vulnerabilityDates(deps.knowledgeBase, evaluation.vulnerabilities),
        authors: await deps.products.authors(triageAuthorIds(components)),
        policyOverrides,
      };
      return { analysis: productAnalysis(input), ids: components.map((c) => ({ uid: c.uid, purl: c.purl })) };
    }, (made) => JSON.stringify(made.analysis).length * 2 + 10_000);
  };

  const productPage = (origin: string, id: number): string => reportUrl(siteUrl(deps.publicUrl, origin), id);

  return {
    bySha1: (viewer, sha1) => deps.products.newestVisibleBySha1(viewer, sha1),

    async result(viewer, id, origin) {
      const row = await visible(viewer, id);
      const [made, customData] = await Promise.all([analysisOf(viewer, row), deps.products.customData(id)]);
      return productResult(row, { reportUrl: productPage(origin, id), customData }, made?.analysis ?? null);
    },

    async export(viewer, id, format, origin) {
      if (format !== 'bdio') {
        const document = await deps.sbom.sbom(viewer, id, SBOM_FORMAT[format]);
        return { body: document.body, mediaType: document.mediaType };
      }
      const row = await visible(viewer, id);
      if (row.status !== 'R') throw new AppError('scan_not_ready');
      const [made, stored] = await Promise.all([analysisOf(viewer, row), deps.scans.findIdentification(viewer, id)]);
      if (!made || stored?.status !== 'R' || !stored.identification) throw new AppError('scan_not_ready');
      const document = bdioDocument({
        reportUrl: productPage(origin, id),
        name: row.filename,
        created: row.finishedAt ?? row.createdAt,
        publisherVersion: deps.serverVersion,
        identification: stored.identification,
        // The analysis lists the components in the result's order, as `ids` does.
        components: made.analysis.components.map((c, i) => ({ ...c, uid: made.ids[i]?.uid ?? '', purl: made.ids[i]?.purl ?? '' })),
      });
      return { body: JSON.stringify(document), mediaType: 'application/ld+json' };
    },

    async rename(viewer, id, name) {
      await deps.control.update(viewer, id, { name });
      const row = await visible(viewer, id);
      return toProductEntry({ ...row, customData: await deps.products.customData(id) });
    },

    remove: (viewer, id) => deps.control.remove(viewer, id),
    async removeBinary(viewer, id) {
      await deps.control.removeBinary(viewer, id);
    },
    async abort(viewer, id) {
      await deps.control.abort(viewer, id);
    },
    async rescan(viewer, id) {
      await deps.control.rescan(viewer, id);
    },

    async customData(viewer, id, entries, mayWrite) {
      if (entries.size > 0) {
        if (!mayWrite) throw new AppError('forbidden');
        const current = new Map((await deps.customData.list(viewer, { product: id }, CUSTOM_DATA_PAGE)).results.map((entry) => [entry.key, entry]));
        for (const [key, value] of entries) {
          const found = current.get(key);
          if (found && value === '') await deps.customData.remove(viewer, found.id);
          else if (found && found.value !== value) await deps.customData.update(viewer, found.id, { value });
          else if (!found && value !== '') await deps.customData.create(viewer, { product: id, key, value });
        }
      }
      return deps.products.customData(id);
    },

    async infoleaks(viewer, id, page, mayReveal) {
      const path = `/api/product/${id}/infoleak`;
      const found = await deps.analysis.infoleaks(viewer, id, {}, page, { path, query: {} }, mayReveal);
      const infoleaks = found.results.map((leak): ProductInfoleak => ({
        id: leak.id, kind: leak.kind, detector: leak.detector, file: leak.path.join('/'), path: leak.path,
        line: leak.line, offset: leak.offset, value: leak.value, context: leak.context, revealable: leak.revealable,
      }));
      return { count: found.count, next: pageOf([], found.count, page, path, {}).links.next, infoleaks };
    },
  };
}

/** Who made the triages that resolve the components' vulnerabilities. */
function triageAuthorIds(components: AnalysisInput['components']): number[] {
  // The evaluation carries each resolving triage as the /rest/ API shows it (adjustments/triage-dto.ts).
  const triages = components.flatMap((c) => c.vulns.flatMap((v) => v.triages as TriageDto[]));
  return triages.flatMap((t) => (t.user === null ? [] : [t.user]));
}

/**
 * Each vulnerability's publication dates from its knowledge-base records: its own NVD record
 * first, then any of its own, then an advisory it is an alias of (as the /rest/ vulnerability page picks them).
 */
async function vulnerabilityDates(
  knowledgeBase: Pick<KnowledgeBase, 'records'>, summaries: AnalysisInput['evaluation']['vulnerabilities'],
): Promise<Map<string, { published: string | null; modified: string | null }>> {
  const ids = [...new Set(Object.values(summaries).flatMap((s) => [s.vuln_id, ...s.aliases]))];
  const records = ids.length === 0 ? [] : await knowledgeBase.records(ids);
  const dates = new Map<string, { published: string | null; modified: string | null }>();
  for (const summary of Object.values(summaries)) {
    const own = records.filter((r) => r.vulnId === summary.vuln_id);
    const first = own.find((r) => r.source === 'nvd') ?? own[0] ?? records.find((r) => summary.aliases.includes(r.vulnId));
    dates.set(summary.vuln_id, { published: first?.published ?? null, modified: first?.modified ?? null });
  }
  return dates;
}
