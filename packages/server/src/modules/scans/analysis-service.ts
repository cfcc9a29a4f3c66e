// The analysers' lists of a ready scan (executables, code findings, mobile apps, infoleaks), read a page at a
// time from its stored items (result-items.ts): nothing re-projects the whole result per page.
import type { ScanItemSection } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { type Page, type PageRequest, pageOf } from '../../lib/paging.ts';
import type { InfoleakTriagesService } from '../infoleak-triages/service.ts';
import type { Viewer } from '../users/viewer.ts';
import type { ExecutableAttributesItem, InfoleakItem, MobileAppItem } from './analysis.schemas.ts';
import type { CodeFinding } from './code-findings.schemas.ts';
import type { ItemFilter, ScansRepository } from './repository.ts';
import { markNeedle, missingNeedle } from './result-items.ts';

/** Where a page was asked for: its path and the query its links keep. */
export interface PageLinks {
  path: string;
  query: Record<string, unknown>;
}

/** What the executable-attributes list narrows to; every field narrows it. */
export interface ExecutableFilter {
  format?: string | undefined;
  /** A missing mitigation, whole. */
  missing?: string | undefined;
  search?: string | undefined;
}

/** What an infoleak list narrows to: the stored items' filter and the findings' triage state. */
export interface InfoleakFilter extends Pick<ItemFilter, 'kind' | 'ids' | 'includeDecoys' | 'search'> {
  /** true: the triaged findings; false: the matched ones; undefined: the matched ones, or every id of `ids`. */
  triaged?: boolean | undefined;
}

/** What the static code analysis list narrows to; every field narrows it. */
export interface CodeFindingFilter {
  rule?: string | undefined;
  severity?: string | undefined;
  search?: string | undefined;
}

export interface ScanAnalysisService {
  executables(viewer: Viewer, scanId: number, filter: ExecutableFilter, page: PageRequest, links: PageLinks): Promise<Page<ExecutableAttributesItem>>;
  mobileApps(viewer: Viewer, scanId: number, page: PageRequest, links: PageLinks): Promise<Page<MobileAppItem>>;
  /** `mayReveal`: the viewer may read secrets in full (changes the group); otherwise they come masked. */
  infoleaks(viewer: Viewer, scanId: number, filter: InfoleakFilter, page: PageRequest, links: PageLinks, mayReveal: boolean): Promise<Page<InfoleakItem>>;
  codeFindings(viewer: Viewer, scanId: number, filter: CodeFindingFilter, page: PageRequest, links: PageLinks): Promise<Page<CodeFinding>>;
}

export function createScanAnalysisService(deps: { scans: Pick<ScansRepository, 'items'>; infoleakTriages: Pick<InfoleakTriagesService, 'reach'> }): ScanAnalysisService {
  const page = async <T>(viewer: Viewer, scanId: number, section: ScanItemSection, filter: ItemFilter, request: PageRequest, links: PageLinks): Promise<Page<T>> => {
    const found = await deps.scans.items<T>(viewer, scanId, section, filter, request);
    if (!found) throw new AppError('not_found');
    if (found.status !== 'R') throw new AppError('scan_not_ready');
    return pageOf(found.rows, found.count, request, links.path, links.query);
  };
  return {
    executables: (viewer, scanId, filter, request, links) =>
      page(viewer, scanId, 'executable', { kind: filter.format, search: filter.search, holds: filter.missing === undefined ? undefined : [missingNeedle(filter.missing)] }, request, links),
    mobileApps: (viewer, scanId, request, links) => page(viewer, scanId, 'mobile_app', {}, request, links),
    infoleaks: async (viewer, scanId, { triaged, ...filter }, request, links, mayReveal) => {
      // The triages that reach the scan, read once for the page: they narrow the list and annotate its findings.
      const reach = await deps.infoleakTriages.reach(scanId, filter.kind);
      // Ids asked for without a state are answered whatever theirs (a finding linked from elsewhere).
      const state = triaged ?? (filter.ids === undefined ? false : undefined);
      const where = state === undefined ? undefined : reach.where(state);
      const found = await page<StoredInfoleak>(viewer, scanId, 'infoleak', { ...filter, where }, request, links);
      return { ...found, results: found.results.map((leak) => ({ ...shownLeak(leak, mayReveal), triages: reach.triagesOf(leak) })) };
    },
    codeFindings: (viewer, scanId, filter, request, links) =>
      page(viewer, scanId, 'code_finding', { kind: filter.rule, search: filter.search, holds: filter.severity === undefined ? undefined : [markNeedle('severity', filter.severity)] }, request, links),
  };
}

/**
 * An infoleak as stored (result-items.ts): the native JSON's, with its id and its context with
 * every secret of its file masked (absent in items an older split wrote; they are split again
 * on their first read).
 */
export type StoredInfoleak = Omit<InfoleakItem, 'revealable'> & { masked_context?: string };

/**
 * A finding for a viewer who may reveal secrets: as found. For anyone else a secret's masked
 * form stands for it in the value, and every secret of the file is masked in the context (a
 * context cut around an e-mail address can hold the password on the next line), so the API
 * never hands a member what the screen would only hide.
 */
export function shownLeak(leak: StoredInfoleak, mayReveal: boolean): InfoleakItem {
  const { masked_context: maskedContext, ...found } = leak;
  if (mayReveal) return { ...found, revealable: found.masked !== null };
  const context = maskedContext ?? (found.masked === null || found.value === '' ? found.context : found.context.replaceAll(found.value, found.masked));
  return { ...found, value: found.masked ?? found.value, context, revealable: false };
}
