// A worker thread of the scan (worker-pool.ts): builds the leak detectors once (the built-in
// ones and the user's RE2 patterns, which cannot cross threads), and the signature matcher
// when first asked to match, then does each file job it is sent (file-job.ts).
import { workerData } from 'node:worker_threads';
import { DETECTORS } from '../infoleak/registry.ts';
import { customDetectors } from '../infoleak/custom.ts';
import { shareLicenseIndex } from '../licenses/full-text.ts';
import type { CustomPattern } from '../infoleak/types.ts';
import { SignatureMatcher } from '../signatures/matcher.ts';
import { allSignatures } from '../signatures/registry.ts';
import { type FileJob, type FileJobResult, runFileJob } from './file-job.ts';
import type { LeakSearch } from './infoleak-file.ts';
import type { ThreadShares } from './thread-shares.ts';
import { serveJobs } from './worker-pool.ts';

export interface FileWorkerData {
  customPatterns: readonly CustomPattern[];
  decoys: boolean;
  builtIn: boolean;
  /** Where one of the threads builds the automaton and the licence index for all (thread-shares.ts). */
  shares: ThreadShares;
}

const data = workerData as FileWorkerData;
shareLicenseIndex(data.shares.licenseIndex);
const custom = customDetectors(data.customPatterns);
const search: LeakSearch = { detectors: data.builtIn ? [...DETECTORS, ...custom] : custom, decoys: data.decoys, builtIn: data.builtIn };
let matcher: SignatureMatcher | undefined;

serveJobs<FileJob, FileJobResult>((job) => runFileJob(job, { search, matcher: () => (matcher ??= new SignatureMatcher(allSignatures(), { shared: data.shares.automaton })) }));
