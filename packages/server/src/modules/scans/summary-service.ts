// The summary on top of a ready scan's analysis tab: its verdict and vulnerabilities by
// severity from the evaluation of now (evaluation.ts, as the result page), its components by
// licence policy class (as the licence reports), and the counts of its analysers' lists.
import type { LicensePolicy, LicensePolicyOverrides } from '@binlens/engine';
import type { Identification } from '@binlens/engine/model';
import type { Evaluation, KnowledgeBase } from '@binlens/vulndb';
import { AppError } from '../../lib/errors.ts';
import type { KnowledgeBaseSummary } from '../knowledge-base/schemas.ts';
import { licensePolicyClass } from '../license-usage/service.ts';
import type { Viewer } from '../users/viewer.ts';
import { type AdjustmentsSource, evaluateScan } from './evaluation.ts';
import type { ScansRepository } from './repository.ts';
import type { ScanSummaryRepository } from './summary-repository.ts';
import { SUMMARY_LICENSE_POLICIES, type ScanSummary, type SummaryLicensePolicy } from './summary.schemas.ts';
import { verdictOf } from './verdict.ts';

/** An EPSS score from which a vulnerability counts as likely exploited (10%). */
export const EPSS_THRESHOLD = 0.1;

export interface ScanSummaryService {
  /** 404 for a scan the viewer cannot see, 409 scan_not_ready while it is busy or failed. */
  summary(viewer: Viewer, scanId: number): Promise<ScanSummary>;
}

export interface ScanSummaryServiceDeps {
  summary: ScanSummaryRepository;
  scans: Pick<ScansRepository, 'findResultCore'>;
  knowledgeBase: KnowledgeBase;
  adjustments: AdjustmentsSource;
  /** The knowledge base's state and last import, as every scan result carries it. */
  knowledgeBaseSummary: () => Promise<KnowledgeBaseSummary>;
  /** The company's licence overrides, SPDX id → class (modules/settings). */
  policyOverrides: () => Promise<LicensePolicyOverrides>;
  /** Triaged findings by kind, documentation examples left out (modules/infoleak-triages): the counts are of matched ones. */
  triagedLeaks: (scanId: number) => Promise<ReadonlyMap<string, number>>;
}

export function createScanSummaryService(deps: ScanSummaryServiceDeps): ScanSummaryService {
  return {
    async summary(viewer, scanId) {
      const facts = await deps.summary.facts(viewer, scanId);
      if (!facts) throw new AppError('not_found');
      const { lists } = facts;
      if (facts.status !== 'R' || !lists) throw new AppError('scan_not_ready');
      const [found, knowledgeBase, overrides, triagedLeaks] = await Promise.all([
        deps.scans.findResultCore(viewer, scanId), deps.knowledgeBaseSummary(), deps.policyOverrides(), deps.triagedLeaks(scanId),
      ]);
      if (!found) throw new AppError('not_found');
      if (found.status !== 'R' || !found.core) throw new AppError('scan_not_ready');
      const { evaluation, counts, adjusted } = await evaluateScan(found.core, deps.knowledgeBase, await deps.adjustments.forScan(scanId));
      const { components } = adjusted.identification;
      const { verdict, verdict_reason } = verdictOf({ status: 'R', componentCount: components.length, vulnerabilityCounts: counts, verdictReason: facts.verdictReason });
      if (verdict === null) throw new AppError('scan_not_ready');
      const matched = foundVulnerabilities(evaluation);
      return {
        verdict,
        verdict_reason,
        components: components.length,
        vulnerabilities: counts,
        kev: matched.filter((v) => v.kev !== null).length,
        epss_above_10_percent: matched.filter((v) => (v.epss?.score ?? 0) >= EPSS_THRESHOLD).length,
        licenses: componentsByPolicy(components, overrides),
        infoleaks: matchedLeaks(lists.infoleaks, triagedLeaks),
        executables: { count: lists.executables, missing: lists.missing },
        mobile_apps: lists.mobileApps,
        knowledge_base: knowledgeBase,
      };
    },
  };
}

/** The distinct vulnerabilities of the components, as vulnerability-counts.ts counts them. */
function foundVulnerabilities(evaluation: Evaluation): Evaluation['vulnerabilities'][string][] {
  const ids = new Set(Object.values(evaluation.components).flatMap((vulns) => vulns.map((v) => v.vuln_id)));
  return [...ids].flatMap((id) => evaluation.vulnerabilities[id] ?? []);
}

/** Restrictiveness, as the engine combines the terms of `A AND B`: an unclassified licence sits between RU and PE. */
const RANK: Record<SummaryLicensePolicy, number> = { RE: 3, RU: 2, unknown: 1, PE: 0 };

/**
 * Each component once, by the class its licences bind it to together: the most restrictive
 * of them; unknown for a component without a licence.
 */
function componentsByPolicy(components: Identification['components'], overrides: LicensePolicyOverrides): ScanSummary['licenses'] {
  const counts = new Map<SummaryLicensePolicy, number>(SUMMARY_LICENSE_POLICIES.map((policy) => [policy, 0]));
  for (const component of components) {
    const classes = [...new Set(component.licenses)].map((license): SummaryLicensePolicy => orUnknown(licensePolicyClass(license, overrides)));
    const policy = classes.reduce<SummaryLicensePolicy | null>((worst, next) => (worst === null || RANK[next] > RANK[worst] ? next : worst), null) ?? 'unknown';
    counts.set(policy, (counts.get(policy) ?? 0) + 1);
  }
  return SUMMARY_LICENSE_POLICIES.map((policy) => ({ policy, count: counts.get(policy) ?? 0 }));
}

/** The leaks by kind that no triage holds for, most first, then by kind; a kind left with none is left out. */
function matchedLeaks(leaks: ScanSummary['infoleaks'], triaged: ReadonlyMap<string, number>): ScanSummary['infoleaks'] {
  if (triaged.size === 0) return leaks;
  return leaks
    .map(({ kind, count }) => ({ kind, count: count - (triaged.get(kind) ?? 0) }))
    .filter(({ count }) => count > 0)
    .sort((a, b) => b.count - a.count || (a.kind < b.kind ? -1 : a.kind > b.kind ? 1 : 0));
}

function orUnknown(policy: LicensePolicy | null): SummaryLicensePolicy {
  return policy ?? 'unknown';
}
