// Overlaps the I/O of many small independent jobs (read and hash a file) while the
// caller still sees the results one at a time, in input order: what is recorded,
// and so the result, stays the same as with one job at a time.

/**
 * Run `work` on `items` with at most `width` jobs started but not yet consumed, and
 * hand each result to `consume` in item order. `consume` returning false stops
 * early; jobs still running are left to finish and their results dropped.
 */
export async function inOrder<T, R>(
  items: readonly T[],
  width: number,
  work: (item: T) => Promise<R>,
  consume: (item: T, result: R) => Promise<boolean | undefined> | boolean | undefined,
): Promise<void> {
  const running: Promise<R>[] = [];
  let started = 0;
  const fill = (): void => {
    while (started < items.length && running.length < width) {
      const job = work(items[started++] as T);
      // A job whose result is never awaited (early stop) must not be an unhandled rejection.
      job.catch(() => undefined);
      running.push(job);
    }
  };
  fill();
  for (const item of items) {
    const job = running.shift();
    if (job === undefined) return;
    const result = await job;
    fill();
    if ((await consume(item, result)) === false) return;
  }
}
