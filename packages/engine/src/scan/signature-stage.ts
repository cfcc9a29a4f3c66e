// Stage "BOM matching" (binary signatures): every executable, library and
// unidentified binary blob is read once, in chunks, through the signature matcher.
// Text files are left out: changelogs and docs name versions they do not contain.
import type { Component } from '../model/index.ts';
import { type FileOwners, attributeFinding, ownerKey } from '../identify/ownership.ts';
import { SignatureMatcher } from '../signatures/matcher.ts';
import { allSignatures } from '../signatures/registry.ts';
import { type Finding, signatureComponent } from '../signatures/signature-component.ts';
import type { Signature } from '../signatures/types.ts';
import { openReader } from '../util/reader.ts';
import { type ScanContext, internalProblem } from './context.ts';
import type { TreeFile } from './tree.ts';
import { outOfTime } from './time-limit.ts';

const PLUGIN = 'signatures/matcher';
/** Bytes looked at to tell a binary blob (has a NUL) from text. */
const SNIFF = 4096;

let shared: SignatureMatcher | undefined;

/** The matcher over the built-in signatures, built on first use. */
export function defaultMatcher(): SignatureMatcher {
  shared ??= new SignatureMatcher(allSignatures());
  return shared;
}

/** `owners`: files distro packages installed; hits in them are attributed (identify/ownership.ts). */
export async function signatureStage(ctx: ScanContext, owners: FileOwners = new Map(), matcher: SignatureMatcher = defaultMatcher()): Promise<Component[]> {
  const candidates = ctx.tree.files.filter((f) => f.diskPath !== undefined && f.entry.size > 0 && (f.entry.format === undefined || f.entry.format.startsWith('executable/')));
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
      components.push(...(await scanFile(ctx, matcher, file)).map((c) => attributeFinding(c, owning)));
    } catch (err) {
      if (ctx.signal.aborted) throw err;
      ctx.problems.push(internalProblem(file.entry.path, PLUGIN, err));
    }
    done += file.entry.size;
  }
  report(candidates.length, total);
  return components;
}

async function scanFile(ctx: ScanContext, matcher: SignatureMatcher, file: TreeFile): Promise<Component[]> {
  const reader = await openReader(file.diskPath ?? '');
  try {
    if (file.entry.format === undefined && !(await reader.read(0, SNIFF)).includes(0)) return [];
    const hits = await matcher.scan(reader.size, (offset, length) => reader.read(offset, length), ctx.signal);
    const path = file.entry.path;
    const baseName = file.innerPath.slice(file.innerPath.lastIndexOf('/') + 1);
    const findings: Finding[] = hits
      .filter((h) => !linksAgainst(file, baseName, h.signature))
      .map((h) => ({ signature: h.signature, version: h.version, path, method: 'signature', offset: h.offset, text: h.text }));
    for (const signature of matcher.signatures) {
      if (findings.some((f) => f.signature === signature)) continue;
      if (fileNamePatterns(signature).some((n) => n.test(baseName))) {
        findings.push({ signature, version: '', path, method: 'filename', text: baseName });
      }
    }
    return findings.map(signatureComponent);
  } finally {
    await reader.close();
  }
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
