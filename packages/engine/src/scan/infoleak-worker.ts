// A worker thread of the infoleak stage: builds the detectors once (the built-in ones and
// the user's RE2 patterns, which cannot cross threads), then searches each file it is sent.
import { workerData } from 'node:worker_threads';
import { DETECTORS } from '../infoleak/registry.ts';
import { customDetectors } from '../infoleak/custom.ts';
import type { CustomPattern } from '../infoleak/types.ts';
import { type FileLeaks, type LeakSearch, searchFile } from './infoleak-file.ts';
import type { FileSource } from '../util/reader.ts';
import { serveJobs } from './worker-pool.ts';

export interface LeakWorkerData {
  customPatterns: readonly CustomPattern[];
  decoys: boolean;
  builtIn: boolean;
}

/** A file to search: on disk, or its bytes (a member kept in memory). */
export interface LeakJob extends FileSource {
  location: string[];
}

const data = workerData as LeakWorkerData;
const custom = customDetectors(data.customPatterns);
const search: LeakSearch = { detectors: data.builtIn ? [...DETECTORS, ...custom] : custom, decoys: data.decoys, builtIn: data.builtIn };

serveJobs<LeakJob, FileLeaks>((job) => searchFile(job, job.location, search));
