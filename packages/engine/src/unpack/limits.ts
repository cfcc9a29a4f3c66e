// Extraction limits, configurable per scan. Untrusted input is the normal case:
// a zip bomb, a million-entry tar or an endlessly nested archive must end as a
// `limit-exceeded` problem, never as a crash or a full disk.

export interface Limits {
  /** Deepest archive nesting unpacked; the input itself is depth 0. */
  maxDepth: number;
  /** Files extracted in the whole scan. */
  maxFiles: number;
  /** Bytes written to the work directory in the whole scan. */
  maxTotalBytes: number;
  /** Bytes of one extracted file. */
  maxFileBytes: number;
  /** Extracted bytes per compressed byte of one entry (zip bombs). */
  maxCompressionRatio: number;
  /** Wall-clock milliseconds for the whole scan; past it, work stops and what was done is returned. */
  timeMs: number;
}

export const DEFAULT_LIMITS: Readonly<Limits> = {
  maxDepth: 16,
  maxFiles: 200_000,
  maxTotalBytes: 64 * 1024 ** 3,
  maxFileBytes: 16 * 1024 ** 3,
  // Text compresses ~10:1, a filesystem image full of zeros ~100:1; deflate of
  // nothing but zeros reaches ~1030:1, the signature of a bomb.
  maxCompressionRatio: 250,
  timeMs: 30 * 60 * 1000,
};

/**
 * The ratio check starts only above this many output bytes: a 20-byte gzip of a
 * 100-byte file has ratio 5, a 30-byte gzip of 10 KB of spaces ratio 300, both harmless.
 */
export const RATIO_FLOOR_BYTES = 1024 * 1024;

export function resolveLimits(partial: Partial<Limits> | undefined): Limits {
  const limits = { ...DEFAULT_LIMITS, ...partial };
  for (const [key, value] of Object.entries(limits)) {
    if (typeof value !== 'number' || !(value >= 0)) {
      throw new TypeError(`limit ${key} must be a non-negative number, got ${String(value)}`);
    }
  }
  return limits;
}

/** Scan-wide counters shared by every extractor of one scan. */
export class LimitTracker {
  readonly limits: Limits;
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
      this.exhausted = `more than ${this.limits.maxFiles} files (maxFiles)`;
      return this.exhausted;
    }
    this.files++;
    return undefined;
  }

  /**
   * Account `delta` more bytes of a file that has `written` bytes so far and came
   * from `compressedSize` bytes; returns the reason when a limit forbids them.
   */
  addBytes(delta: number, written: number, compressedSize: number | undefined): string | undefined {
    if (this.timeUp() || this.exhausted) return this.exhausted;
    const { maxFileBytes, maxTotalBytes, maxCompressionRatio } = this.limits;
    if (written > maxFileBytes) return `file larger than ${maxFileBytes} bytes (maxFileBytes)`;
    if (
      compressedSize !== undefined &&
      written > RATIO_FLOOR_BYTES &&
      written > maxCompressionRatio * Math.max(compressedSize, 1)
    ) {
      return `compression ratio above ${maxCompressionRatio}:1 (maxCompressionRatio)`;
    }
    this.totalBytes += delta;
    if (this.totalBytes > maxTotalBytes) {
      this.exhausted = `more than ${maxTotalBytes} bytes extracted (maxTotalBytes)`;
      return this.exhausted;
    }
    return undefined;
  }
}
