// Stage "infoleak": every detector over every leaf file of the tree, one pass per file.
// Containers that an unpacker opened are skipped (their members are scanned instead).
// Reads are bounded: a file's first MAX_SCAN_BYTES are scanned and the rest reported.
import type { InfoleakFinding } from '../model/index.ts';
import { DETECTORS } from '../infoleak/registry.ts';
import { customDetectors } from '../infoleak/custom.ts';
import { scanBytes } from '../infoleak/scan-text.ts';
import type { InfoleakOptions } from '../infoleak/types.ts';
import { openReader } from '../util/reader.ts';
import { type ScanContext, internalProblem } from './context.ts';
import { ELF_FORMAT } from './extract-stage.ts';
import { MACHO_FORMAT, PE_FORMAT } from './analyse-stage.ts';
import { outOfTime } from './time-limit.ts';

export const INFOLEAK_PLUGIN = 'engine/infoleak';
const MAX_SCAN_BYTES = 16 * 1024 * 1024;

/**
 * Runs the built-in detectors and the user's patterns; an invalid user pattern throws (bad options).
 * `builtIn: false` runs the user's patterns alone (a stored scan searched again for them).
 */
export async function infoleakStage(ctx: ScanContext, options: InfoleakOptions = {}, { builtIn = true }: { builtIn?: boolean } = {}): Promise<InfoleakFinding[]> {
  const custom = customDetectors(options.customPatterns ?? []);
  if (!builtIn && custom.length === 0) return [];
  const detectors = builtIn ? [...DETECTORS, ...custom] : custom;
  const decoys = options.decoys ?? true;
  const files = ctx.tree.files.filter(
    (f) => f.diskPath !== undefined && f.entry.linkTarget === undefined && f.entry.size > 0 && (f.entry.format === undefined || f.entry.format === ELF_FORMAT || f.entry.format === PE_FORMAT || f.entry.format === MACHO_FORMAT),
  );
  const findings: InfoleakFinding[] = [];
  for (const [i, file] of files.entries()) {
    ctx.signal.throwIfAborted();
    if (outOfTime(ctx, 'infoleak', () => `${files.length - i} of ${files.length} files not searched for leaks`)) break;
    ctx.progress({ stage: 'infoleak', done: i, total: files.length });
    try {
      const reader = await openReader(file.diskPath ?? '');
      try {
        const found = scanBytes(await reader.read(0, Math.min(reader.size, MAX_SCAN_BYTES)), file.entry.path, detectors, { decoys });
        // Image metadata is read whatever the detectors: without the built-in ones it is left out.
        findings.push(...(builtIn ? found : found.filter((finding) => finding.kind === 'custom')));
        if (reader.size > MAX_SCAN_BYTES) {
          ctx.problems.push({
            level: 'info',
            location: file.entry.path,
            plugin: INFOLEAK_PLUGIN,
            code: 'partially-scanned',
            message: `only the first ${MAX_SCAN_BYTES} of ${reader.size} bytes were searched for information leaks`,
          });
        }
      } finally {
        await reader.close();
      }
    } catch (err) {
      if (ctx.signal.aborted) throw err;
      ctx.problems.push(internalProblem(file.entry.path, INFOLEAK_PLUGIN, err));
    }
  }
  ctx.progress({ stage: 'infoleak', done: files.length, total: files.length });
  return findings;
}
