// The queue of custom-pattern searches of stored scans, shared by the sender
// (modules/custom-patterns) and the worker (jobs/custom-patterns.ts), so that modules need not import jobs.
export const CUSTOM_PATTERN_QUEUE = 'custom-pattern-search';

export interface CustomPatternJobData {
  scanId: number;
  /** Who asked for it (POST scans/{id}/custom-patterns/apply/). */
  requestedBy: number;
  /** The enabled patterns when it was asked for: what the scan is searched for. */
  patterns: { id: number; pattern: string }[];
}

/** What a finished search answers: the patterns' findings now in the scan. */
export interface CustomPatternJobOutput {
  findings: number;
}

/**
 * The name of the errors the search throws with a reason fit to show (the queue keeps a failed
 * job's error as its output); any other failure (a lost worker, a bug) is told in general terms.
 */
export const SEARCH_FAILURE = 'CustomPatternSearchFailure';
