// The one owner of a scan's evaluation: the matching options a scan is evaluated with, and
// (later) its overrides, ignores and triages, are applied here and nowhere else. The result
// page, the stored counts that lists show and sort by, and every export take it from here,
// so the numbers shown anywhere agree. A stored scan's evaluation is kept while its
// Identification and evaluation inputs stand (ScanEvaluations below, evaluation-cache.ts).
import type { Identification } from '@binlens/engine/model';
import { type Evaluation, type KnowledgeBase, evaluate } from '@binlens/vulndb';
import type { EvaluationCache } from './evaluation-cache.ts';
import type { ScanJobRepository } from './job-repository.ts';
import { countVulnerabilities, type VulnerabilityCounts } from './vulnerability-counts.ts';

/** Spec §3 scan fields for vulnerability matching: what every scan is evaluated with (no per-scan setting yet). */
export const SCAN_MATCHING = { cvss3_fallback: true, include_bdsa_vulnerabilities: false } as const;

export interface ScanEvaluation {
  evaluation: Evaluation;
  counts: VulnerabilityCounts;
}

/** A ready scan's components (its result core) evaluated against the knowledge base now. */
export async function evaluateScan(core: Identification, knowledgeBase: KnowledgeBase): Promise<ScanEvaluation> {
  const evaluation = await evaluate(core, knowledgeBase, {
    cvssFallback: SCAN_MATCHING.cvss3_fallback,
    includeAdvisoriesWithoutCve: SCAN_MATCHING.include_bdsa_vulnerabilities,
  });
  return { evaluation, counts: countVulnerabilities(evaluation) };
}

export interface StoredScanEvaluation {
  scans: Pick<ScanJobRepository, 'loadIdentification' | 'setVulnerabilityCounts'>;
  knowledgeBase: KnowledgeBase;
}

/** Evaluates a stored ready scan now and stores its counts; null for a scan gone or not ready. */
export async function evaluateStoredScan(deps: StoredScanEvaluation, scanId: number): Promise<VulnerabilityCounts | null> {
  const startedAt = new Date();
  const identification = await deps.scans.loadIdentification(scanId);
  if (!identification) return null;
  const { counts } = await evaluateScan(identification, deps.knowledgeBase);
  await deps.scans.setVulnerabilityCounts(scanId, counts, startedAt);
  return counts;
}

/**
 * What a stored scan's evaluation reads besides its Identification, as one version string:
 * its evaluation inputs. Today the knowledge base alone (its version moves with every
 * import); the overrides and triages that apply to the scan will join here as versions of
 * their own (`kb:…|triage:…`), so that a change of any of them re-evaluates at the next read.
 */
export async function scanEvaluationInputsVersion(inputs: EvaluationInputs, _scanId: number): Promise<string> {
  return `kb:${await inputs.knowledgeBaseVersion()}`;
}

export interface EvaluationInputs {
  /** The knowledge base's version (vulndb's knowledgeBaseVersion). */
  knowledgeBaseVersion(): Promise<string>;
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
}

export function createScanEvaluations(deps: ScanEvaluationsDeps): ScanEvaluations {
  // Read before anything is evaluated: what is kept under a version was read after it.
  const versionOf = async (scan: StoredScan): Promise<string> => `${scan.storedAt?.toISOString() ?? '-'}|${await scanEvaluationInputsVersion(deps.inputs, scan.id)}`;
  const evaluationAt = (scan: StoredScan, version: string): Promise<ScanEvaluation> =>
    deps.cache.get(scan.id, version, 'evaluation', async () => evaluateScan(await scan.core(), deps.knowledgeBase), approximateBytes);
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
function approximateBytes({ evaluation }: ScanEvaluation): number {
  let bytes = 1000;
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
