// The one owner of a scan's evaluation: the matching options a scan is evaluated with, and
// (later) its overrides, ignores and triages, are applied here and nowhere else. The result
// page, the stored counts that lists show and sort by, and every export take it from here,
// so the numbers shown anywhere agree. A stored scan's evaluation is kept while its
// Identification and evaluation inputs stand (ScanEvaluations below, evaluation-cache.ts).
import type { Identification } from '@binlens/engine/model';
import { type Evaluation, type KnowledgeBase, evaluate } from '@binlens/vulndb';
import { type AdjustedIdentification, adjustIdentification, applyTriages, NO_ADJUSTMENTS, type ScanAdjustments } from '../adjustments/apply.ts';
import type { EvaluationCache } from './evaluation-cache.ts';
import type { ScanJobRepository } from './job-repository.ts';
import { countVulnerabilities, type VulnerabilityCounts } from './vulnerability-counts.ts';

/** Spec §3 scan fields for vulnerability matching: what every scan is evaluated with (no per-scan setting yet). */
export const SCAN_MATCHING = { cvss3_fallback: true, include_bdsa_vulnerabilities: false } as const;

export interface ScanEvaluation {
  /** With the triages on each vulnerability entry; ignored components have none. */
  evaluation: Evaluation;
  counts: VulnerabilityCounts;
  /** The Identification as users adjusted it (versions, licences, moves), with what changed per component. */
  adjusted: AdjustedIdentification;
}

/**
 * A ready scan's components (its result core) evaluated against the knowledge base now, with
 * the adjustments that reach it: overrides, moves and ignores before matching, triages after.
 */
export async function evaluateScan(core: Identification, knowledgeBase: KnowledgeBase, adjustments: ScanAdjustments = NO_ADJUSTMENTS): Promise<ScanEvaluation> {
  const adjusted = adjustIdentification(core, adjustments);
  const matched = await evaluate(adjusted.identification, knowledgeBase, {
    cvssFallback: SCAN_MATCHING.cvss3_fallback,
    includeAdvisoriesWithoutCve: SCAN_MATCHING.include_bdsa_vulnerabilities,
  });
  const evaluation = applyTriages(matched, adjusted, adjustments);
  return { evaluation, counts: countVulnerabilities(evaluation), adjusted };
}

/** The evaluation without the vulnerability entries a triage resolved (what SBOMs and exports list as open). */
export function withoutResolved(evaluation: Evaluation): Evaluation {
  const components = Object.fromEntries(Object.entries(evaluation.components).map(([uid, vulns]) => [uid, vulns.filter((v) => v.triages.length === 0)]));
  return { ...evaluation, components };
}

/** Where a scan's adjustments are read (adjustments/repository.ts). */
export interface AdjustmentsSource {
  forScan(scanId: number): Promise<ScanAdjustments>;
}

/** What evaluating a stored scan reads and writes of it. */
export type StoredScanJobs = Pick<ScanJobRepository, 'staleMarks' | 'loadIdentification' | 'setVulnerabilityCounts'>;

export interface StoredScanEvaluation {
  scans: StoredScanJobs;
  knowledgeBase: KnowledgeBase;
  adjustments: AdjustmentsSource;
}

/** Evaluates a stored ready scan now and stores its counts; null for a scan gone or not ready. */
export async function evaluateStoredScan(deps: StoredScanEvaluation, scanId: number): Promise<VulnerabilityCounts | null> {
  const startedAt = new Date();
  const marks = await deps.scans.staleMarks(scanId);
  if (marks === undefined) return null;
  const identification = await deps.scans.loadIdentification(scanId);
  if (!identification) return null;
  const { counts } = await evaluateScan(identification, deps.knowledgeBase, await deps.adjustments.forScan(scanId));
  // Not stored when an adjustment was committed meanwhile: the scan stays stale for the job it requested.
  await deps.scans.setVulnerabilityCounts(scanId, counts, startedAt, marks);
  return counts;
}

/**
 * What a stored scan's evaluation reads besides its Identification, as one version string:
 * its evaluation inputs, the knowledge base (its version moves with every import) and the
 * adjustments (a counter every change of a triage, override, ignore, move, group or the
 * company settings bumps), so that a change of any of them re-evaluates at the next read.
 */
export async function scanEvaluationInputsVersion(inputs: EvaluationInputs): Promise<string> {
  const [kb, adjustments] = await Promise.all([inputs.knowledgeBaseVersion(), inputs.adjustmentsVersion()]);
  return `kb:${kb}|adj:${adjustments}`;
}

export interface EvaluationInputs {
  /** The knowledge base's version (vulndb's knowledgeBaseVersion). */
  knowledgeBaseVersion(): Promise<string>;
  /** The adjustments' generation (cache_generations `adjustments`). */
  adjustmentsVersion(): Promise<string>;
}

/** A ready scan whose evaluation may be kept. */
export interface StoredScan {
  readonly id: number;
  /** When its Identification was stored (finished_at; null in scans written before it was kept): a rescan stores another. */
  readonly storedAt: Date | null;
  /** Its result core; throws the API's error when the scan is gone or no longer ready. */
  core(): Promise<Identification>;
}

/**
 * Stored scans' evaluations, kept per scan while its Identification and evaluation inputs stand
 * (evaluation-cache.ts), with what is made from them. The summary and SBOM still evaluate each read.
 */
export interface ScanEvaluations {
  /**
   * A value made from the scan's Identification and evaluation (a serialised result), kept
   * beside them under `name`: `make` reads either only when it needs it; `weigh` gives its bytes.
   */
  derived<T>(scan: StoredScan, name: string, make: (sources: EvaluationSources) => Promise<T>, weigh: (value: T) => number): Promise<T>;
  /** After the scan was removed. */
  forget(scanId: number): void;
}

export interface EvaluationSources {
  core(): Promise<Identification>;
  evaluated(): Promise<ScanEvaluation>;
}

export interface ScanEvaluationsDeps {
  knowledgeBase: KnowledgeBase;
  inputs: EvaluationInputs;
  cache: EvaluationCache;
  adjustments: AdjustmentsSource;
}

export function createScanEvaluations(deps: ScanEvaluationsDeps): ScanEvaluations {
  // Read before anything is evaluated: what is kept under a version was read after it.
  const versionOf = async (scan: StoredScan): Promise<string> => `${scan.storedAt?.toISOString() ?? '-'}|${await scanEvaluationInputsVersion(deps.inputs)}`;
  const evaluationAt = (scan: StoredScan, version: string): Promise<ScanEvaluation> =>
    deps.cache.get(scan.id, version, 'evaluation', async () => {
      const [core, adjustments] = await Promise.all([scan.core(), deps.adjustments.forScan(scan.id)]);
      return evaluateScan(core, deps.knowledgeBase, adjustments);
    }, approximateBytes);
  return {
    async derived(scan, name, make, weigh) {
      const version = await versionOf(scan);
      const once = { ...scan, core: memoized(scan.core) };
      return deps.cache.get(scan.id, version, `derived ${name}`, () => make({ core: once.core, evaluated: () => evaluationAt(once, version) }), weigh);
    },
    forget: (scanId) => deps.cache.forget(scanId),
  };
}

function memoized<T>(load: () => Promise<T>): () => Promise<T> {
  let promise: Promise<T> | undefined;
  return () => (promise ??= load());
}

/**
 * Roughly what an evaluation holds in memory: per vulnerability entry and match, per
 * summary with its texts and scores. Only bounds the cache; a factor of two either way is fine.
 */
function approximateBytes({ evaluation, adjusted }: ScanEvaluation): number {
  // The adjusted Identification shares its files and evidence with the core the cache keeps anyway.
  let bytes = 1000 + adjusted.identification.components.length * 200;
  for (const vulns of Object.values(evaluation.components)) {
    bytes += 100;
    for (const vuln of vulns) bytes += 150 + vuln.matched_by.length * 300;
  }
  bytes += Object.keys(evaluation.upgrade).length * 150;
  for (const summary of Object.values(evaluation.vulnerabilities)) {
    bytes += 600 + 2 * summary.summary.length + summary.cvss.length * 200 + summary.aliases.length * 60 + summary.distro_cvss.length * 150;
  }
  return bytes;
}
