// Extraction limits, configurable per scan. Untrusted input is the normal case:
// a zip bomb, a million-entry tar or an endlessly nested archive must end as a
// `limit-exceeded` problem, never as a crash or a full disk.

export interface Limits {
  /** Deepest archive nesting unpacked; the input itself is depth 0. */
  maxDepth: number;
  /** Files extracted in the whole scan; by default proportionate to the input (INPUT_BUDGET). */
  maxFiles: number;
  /** Bytes written to the work directory in the whole scan; by default proportionate to the input (INPUT_BUDGET). */
  maxTotalBytes: number;
  /** Bytes of one extracted file. */
  maxFileBytes: number;
  /**
   * Extracted bytes per compressed byte read so far, of one member (above RATIO_FLOOR_BYTES)
   * and of all members of one container together (above CONTAINER_RATIO_FLOOR_BYTES).
   */
  maxCompressionRatio: number;
  /**
   * Bytes of memory a WebAssembly decoder (7-Zip) may grow to: an archive whose dictionary
   * or solid block needs more is not unpacked (outside the JS heap, so not held by its cap).
   */
  maxDecoderMemory: number;
  /** Wall-clock milliseconds for the whole scan; past it, work stops and what was done is returned. */
  timeMs: number;
}

/**
 * Defaults, and the caps of the two budgets that grow with the input (see INPUT_BUDGET):
 * without an input size (a unit test's sink) these caps apply as they are.
 */
export const DEFAULT_LIMITS: Readonly<Limits> = {
  maxDepth: 16,
  maxFiles: 1_000_000,
  maxTotalBytes: 64 * 1024 ** 3,
  maxFileBytes: 16 * 1024 ** 3,
  // Text compresses ~10:1, a filesystem image full of zeros ~100:1; deflate of
  // nothing but zeros reaches ~1030:1, the signature of a bomb.
  maxCompressionRatio: 250,
  // 7z's -mx9 dictionary is 64 MiB; 512 MiB leaves room for 256 MiB dictionaries.
  maxDecoderMemory: 512 * 1024 ** 2,
  timeMs: 30 * 60 * 1000,
};

/**
 * A scan's default budget of bytes and files is proportionate to its input, so a 30 KB
 * file cannot fill a disk: bytes extracted ≤ max(256 MiB, 32 × input bytes), files ≤
 * max(200,000, one per 512 input bytes (a tar header's size)), each at most the cap in
 * DEFAULT_LIMITS (64 GiB, 1,000,000). 32× covers a firmware image's nesting (a 3:1
 * squashfs holding 3:1 tarballs extracts ~12× its size, counted at every level) and
 * a container image's gzip'd layers (~6×).
 */
export const INPUT_BUDGET = {
  minTotalBytes: 256 * 1024 ** 2,
  totalBytesPerInputByte: 32,
  minFiles: 200_000,
  inputBytesPerFile: 512,
} as const;

/**
 * The member ratio check starts only above this many output bytes: a 20-byte gzip of a
 * 100-byte file has ratio 5, a 30-byte gzip of 10 KB of spaces ratio 300, both harmless.
 */
export const RATIO_FLOOR_BYTES = 1024 * 1024;

/**
 * The ratio of a whole container (all members of one archive or stream against the
 * compressed bytes they were read from) is checked once it has written this much: a bomb
 * of many members each at or under RATIO_FLOOR_BYTES stops here. Above one member's floor,
 * so a container with one bomb member (cut at its floor) still gives its other members.
 */
export const CONTAINER_RATIO_FLOOR_BYTES = 4 * 1024 * 1024;

/** Limits of one scan: `partial` over the defaults, the byte and file budgets scaled to `inputBytes` when given. */
export function resolveLimits(partial: Partial<Limits> | undefined, inputBytes?: number): Limits {
  const limits = { ...DEFAULT_LIMITS, ...(inputBytes === undefined ? {} : inputBudget(inputBytes)), ...partial };
  for (const [key, value] of Object.entries(limits)) {
    if (typeof value !== 'number' || !(value >= 0)) {
      throw new TypeError(`limit ${key} must be a non-negative number, got ${String(value)}`);
    }
  }
  return limits;
}

/** The default byte and file budgets of a scan of `inputBytes` (see INPUT_BUDGET). */
export function inputBudget(inputBytes: number): Pick<Limits, 'maxTotalBytes' | 'maxFiles'> {
  const { minTotalBytes, totalBytesPerInputByte, minFiles, inputBytesPerFile } = INPUT_BUDGET;
  return {
    maxTotalBytes: Math.min(DEFAULT_LIMITS.maxTotalBytes, Math.max(minTotalBytes, totalBytesPerInputByte * inputBytes)),
    maxFiles: Math.min(DEFAULT_LIMITS.maxFiles, Math.max(minFiles, Math.floor(inputBytes / inputBytesPerFile))),
  };
}

/**
 * A limit's problem message: what happened, the `Limits` key, and how to raise it,
 * e.g. `compression ratio above 250:1 (maxCompressionRatio): raise with --limit ...`.
 */
export function limitMessage(key: keyof Limits, what: string): string {
  return `${what} (${key}): raise with --limit ${key}=N on the command line, or the scan's limits setting`;
}

/**
 * What one container (an archive, a compressed stream) has produced so far against the
 * compressed bytes it was read from, for its aggregate ratio. Members without a
 * compressed size count as stored (their output is their input).
 */
export class ContainerMeter {
  /** Bytes written by finished members, those cut by a limit included: they were written. */
  written = 0;
  consumed = 0;
  /** Set once the container's ratio stopped it: no more of its members are extracted. */
  stopped: string | undefined;

  /** A member is done (kept or cut) after `written` bytes from `consumed` compressed bytes. */
  finish(written: number, consumed: number | undefined): void {
    this.written += written;
    this.consumed += consumed ?? written;
  }
}

/** Scan-wide counters shared by every extractor of one scan. */
export class LimitTracker {
  limits: Limits;
  files = 0;
  totalBytes = 0;
  /** Set once a scan-wide limit is hit: extraction stops everywhere. */
  exhausted: string | undefined;
  /** The scan-wide limit problem was recorded (once per scan). */
  exhaustedReported = false;
  /** When the scan's time is up (epoch milliseconds): the clock starts with the tracker. */
  readonly deadline: number;
  /** The time-limit problem was recorded (once per scan, by the stage that saw it). */
  timeReported = false;

  constructor(limits: Limits) {
    this.limits = limits;
    this.deadline = Date.now() + limits.timeMs;
  }

  /**
   * Scale the byte and file budgets to an input of `inputBytes` (a directory's size is
   * known only once it is listed), keeping what `overrides` set explicitly.
   */
  scaleTo(inputBytes: number, overrides: Partial<Limits> | undefined): void {
    this.limits = { ...this.limits, ...inputBudget(inputBytes), ...overrides };
  }

  /**
   * True once the scan's time is up. From then on extraction stops as on any scan-wide
   * limit; the stage that notices records the problem (`scan/time-limit.ts`), not the sink.
   */
  timeUp(): boolean {
    if (Date.now() < this.deadline) return false;
    if (this.exhausted === undefined) {
      this.exhausted = `scan time limit of ${this.limits.timeMs} ms exceeded (timeMs)`;
      this.exhaustedReported = true;
    }
    return true;
  }

  /** Reserve one more file; returns the reason when the file limit forbids it. */
  takeFile(): string | undefined {
    if (this.timeUp() || this.exhausted) return this.exhausted;
    if (this.files >= this.limits.maxFiles) {
      this.exhausted = limitMessage('maxFiles', `more than ${this.limits.maxFiles} files`);
      return this.exhausted;
    }
    this.files++;
    return undefined;
  }

  /**
   * Account `delta` more bytes of a member that has `written` bytes so far, decoded from
   * `consumed` compressed bytes so far (undefined: stored), inside `container`; returns
   * the reason when a limit forbids them. A container whose ratio is over the limit is
   * marked stopped (its reason is then answered for every later byte of it).
   */
  addBytes(delta: number, written: number, consumed: number | undefined, container?: ContainerMeter): string | undefined {
    if (this.timeUp() || this.exhausted) return this.exhausted;
    if (container?.stopped) return container.stopped;
    const { maxFileBytes, maxTotalBytes, maxCompressionRatio } = this.limits;
    if (written > maxFileBytes) return limitMessage('maxFileBytes', `file larger than ${maxFileBytes} bytes`);
    if (consumed !== undefined && written > RATIO_FLOOR_BYTES && written > maxCompressionRatio * Math.max(consumed, 1)) {
      return limitMessage('maxCompressionRatio', `compression ratio above ${maxCompressionRatio}:1`);
    }
    if (container) {
      const out = container.written + written;
      const input = container.consumed + (consumed ?? written);
      if (out > CONTAINER_RATIO_FLOOR_BYTES && out > maxCompressionRatio * Math.max(input, 1)) {
        container.stopped = limitMessage(
          'maxCompressionRatio',
          `members expand above ${maxCompressionRatio}:1 together (${out} bytes from ${input}); the rest is not extracted`,
        );
        return container.stopped;
      }
    }
    this.totalBytes += delta;
    if (this.totalBytes > maxTotalBytes) {
      this.exhausted = limitMessage('maxTotalBytes', `more than ${maxTotalBytes} bytes extracted`);
      return this.exhausted;
    }
    return undefined;
  }
}
