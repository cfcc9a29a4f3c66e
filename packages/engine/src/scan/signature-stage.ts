// Stage "BOM matching" (binary signatures): every executable, library and
// unidentified binary blob is read once, in chunks, through the signature matcher.
// Text files are left out: changelogs and docs name versions they do not contain.
import type { Component } from '../model/index.ts';
import { type FileOwners, attributeFinding, ownerKey } from '../identify/ownership.ts';
import { type SignatureHit, SignatureMatcher } from '../signatures/matcher.ts';
import { allSignatures } from '../signatures/registry.ts';
import { type Finding, signatureComponent } from '../signatures/signature-component.ts';
import type { Signature } from '../signatures/types.ts';
import { type ScanContext, internalProblem } from './context.ts';
import { type WireFileHits, fileHits } from './signature-file.ts';
import { FILE_WORKER_URL, type FileJob, type FileJobResult } from './file-job.ts';
import type { FileWorkerData } from './file-worker.ts';
import type { TreeFile } from './tree.ts';
import { outOfTime } from './time-limit.ts';
import { poolWidth, runInWorkers, wireSource } from './worker-pool.ts';
import { threadShares } from './thread-shares.ts';

const PLUGIN = 'signatures/matcher';
/** Below this many bytes to match, starting threads costs more than it saves. */
const THREADED_MIN_BYTES = 32 * 1024 * 1024;

/** Each file's hits, found ahead of the stage in worker threads (startSignatureMatching). */
export type HitsAhead = Promise<Map<TreeFile, WireFileHits>>;

let shared: SignatureMatcher | undefined;

/** The matcher over the built-in signatures, built on first use. */
export function defaultMatcher(): SignatureMatcher {
  shared ??= new SignatureMatcher(allSignatures());
  return shared;
}

/** A file the stage matches: an executable, a library, or a file of no format (a text file is then left out). */
export function isSignatureCandidate(f: TreeFile): boolean {
  return f.diskPath !== undefined && f.entry.size > 0 && (f.entry.format === undefined || f.entry.format.startsWith('executable/'));
}

function signatureCandidates(ctx: ScanContext): TreeFile[] {
  return ctx.tree.files.filter(isSignatureCandidate);
}

/** The threads' data when they only match signatures (no user patterns cross to them). */
const matchingOnly = (): FileWorkerData => ({ customPatterns: [], decoys: true, builtIn: true, shares: threadShares() });

/**
 * Starts matching the built-in signatures in worker threads when the tree is large (matching
 * needs nothing the stages in between find); undefined when it is small, or on one core.
 * Only the reading is done ahead: the stage itself still runs in its place.
 */
export function startSignatureMatching(ctx: ScanContext): HitsAhead | undefined {
  const candidates = signatureCandidates(ctx);
  const width = poolWidth();
  if (width < 2 || candidates.reduce((n, f) => n + f.entry.size, 0) < THREADED_MIN_BYTES) return undefined;
  const jobs: FileJob[] = candidates.map((f) => ({ ...wireSource(f), location: f.entry.path, signatures: { sniff: f.entry.format === undefined } }));
  // The leak search's threads run beside these: one core is left to them.
  const threads = width - 1;
  // The stage reports a time limit where it stands; files not matched ahead are matched there.
  const run = runInWorkers<FileJob, FileJobResult>(FILE_WORKER_URL, matchingOnly(), jobs, threads, ctx.signal, () => ctx.tracker.timeUp()).then(({ results }) => {
    const ahead = new Map<TreeFile, WireFileHits>();
    for (const [i, result] of results.entries()) if (result?.hits !== undefined) ahead.set(candidates[i] as TreeFile, result.hits);
    return ahead;
  });
  run.catch(() => undefined);
  return run;
}

/**
 * `owners`: files distro packages installed; hits in them are attributed (identify/ownership.ts).
 * `ahead`: hits found in worker threads (startSignatureMatching, early-search.ts; the default matcher's), used instead of reading the files again.
 */
export async function signatureStage(ctx: ScanContext, owners: FileOwners = new Map(), matcher: SignatureMatcher = defaultMatcher(), ahead?: HitsAhead): Promise<Component[]> {
  const candidates = signatureCandidates(ctx);
  const found = ahead === undefined ? undefined : await ahead;
  const byId = found === undefined ? undefined : new Map(matcher.signatures.map((s) => [s.id, s]));
  const total = candidates.reduce((n, f) => n + f.entry.size, 0);
  const components: Component[] = [];
  let done = 0;
  // Files in done/total and bytes beside them, as every stage reports (model/identification.ts Progress).
  const report = (filesDone: number, bytesDone: number) =>
    ctx.progress({ stage: 'BOM matching', done: filesDone, total: candidates.length, bytesDone, bytesTotal: total, message: 'signatures' });
  for (const [index, file] of candidates.entries()) {
    ctx.signal.throwIfAborted();
    if (outOfTime(ctx, 'BOM matching', () => `${total - done} of ${total} bytes not matched against signatures`)) break;
    report(index, done);
    try {
      const owning = owners.get(ownerKey(file.entry.path));
      components.push(...(await scanFile(ctx, matcher, file, found?.get(file), byId)).map((c) => attributeFinding(c, owning)));
    } catch (err) {
      if (ctx.signal.aborted) throw err;
      ctx.problems.push(internalProblem(file.entry.path, PLUGIN, err));
    }
    done += file.entry.size;
  }
  report(candidates.length, total);
  return components;
}

async function scanFile(ctx: ScanContext, matcher: SignatureMatcher, file: TreeFile, ahead?: WireFileHits, byId?: Map<string, Signature>): Promise<Component[]> {
  // Left out as text ahead, while its format was still unknown, and named since (a PE file): matched here.
  const stale = ahead !== undefined && 'hits' in ahead && ahead.hits === null && file.entry.format !== undefined;
  const wired = ahead === undefined || stale ? 'absent' : fromWire(ahead, byId);
  const hits = wired === 'absent' ? await fileHits(matcher, file, file.entry.format === undefined, ctx.signal) : wired;
  if (hits === undefined) return [];
  const path = file.entry.path;
  const baseName = file.innerPath.slice(file.innerPath.lastIndexOf('/') + 1);
  const findings: Finding[] = hits
    .filter((h) => !linksAgainst(file, baseName, h.signature))
    .map((h) => ({ signature: h.signature, version: h.version, path, method: 'signature', offset: h.offset, text: h.text }));
  const matched = findings.length;
  for (const { signature, patterns } of namedBy(matcher)) {
    if (namesFile(patterns, baseName) && !hitBy(findings, matched, signature)) findings.push({ signature, version: '', path, method: 'filename', text: baseName });
  }
  return findings.map(signatureComponent);
}

// Plain loops: these run for every file and every signature that names files.
function namesFile(patterns: readonly RegExp[], baseName: string): boolean {
  for (const pattern of patterns) if (pattern.test(baseName)) return true;
  return false;
}

/** Whether one of the first `count` findings is the signature's. */
function hitBy(findings: readonly Finding[], count: number, signature: Signature): boolean {
  for (let i = 0; i < count; i++) if (findings[i]?.signature === signature) return true;
  return false;
}

/**
 * Hits found in a worker, with their signatures again; a failure there is thrown here, where the
 * stage records it. 'absent' when a signature is not the matcher's (the worker read other data).
 */
function fromWire(ahead: WireFileHits, byId: Map<string, Signature> | undefined): SignatureHit[] | undefined | 'absent' {
  if ('error' in ahead) throw new Error(ahead.error);
  if (ahead.hits === null) return undefined;
  const hits: SignatureHit[] = [];
  for (const h of ahead.hits) {
    const signature = byId?.get(h.id);
    if (signature === undefined) return 'absent';
    hits.push({ signature, version: h.version, offset: h.offset, text: h.text });
  }
  return hits;
}

const compiled = new WeakMap<Signature, RegExp[]>();

function fileNamePatterns(signature: Signature): RegExp[] {
  let patterns = compiled.get(signature);
  if (!patterns) {
    patterns = (signature.fileNames ?? []).map((n) => new RegExp(n));
    compiled.set(signature, patterns);
  }
  return patterns;
}

const named = new WeakMap<SignatureMatcher, readonly { signature: Signature; patterns: RegExp[] }[]>();

/** The matcher's signatures that name files (about one in thirteen), in its order: looked at for every file. */
function namedBy(matcher: SignatureMatcher): readonly { signature: Signature; patterns: RegExp[] }[] {
  let list = named.get(matcher);
  if (!list) {
    list = matcher.signatures.filter((s) => (s.fileNames?.length ?? 0) > 0).map((signature) => ({ signature, patterns: fileNamePatterns(signature) }));
    named.set(matcher, list);
  }
  return list;
}

/**
 * The file loads the signature's library dynamically (a DT_NEEDED / imported DLL the entry's
 * file names describe) and is not that library: the version string it holds is the headers'
 * version it was built against (`OpenSSL 3.0.11` in a program that links libssl.so.3), not a
 * copy of the library, and the library itself is reported where it lies.
 */
function linksAgainst(file: TreeFile, baseName: string, signature: Signature): boolean {
  const needed = file.entry.executable?.needed ?? [];
  const patterns = fileNamePatterns(signature);
  if (needed.length === 0 || patterns.length === 0 || patterns.some((p) => p.test(baseName))) return false;
  return needed.some((library) => patterns.some((p) => p.test(library)));
}
