import { availableParallelism } from 'node:os';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

// How many test files run side by side. Vitest's default leaves one core idle (cores - 1):
// on a two-core machine, one file at a time.

/** The workspace's own scripts (two small files): one per core, two at least. */
export const COMPUTE_WORKERS = Math.max(2, availableParallelism() - 1);

/**
 * Every package's own files (engine, vulndb, CLI, server, web) run as one group, twice as
 * many side by side as there are cores: the server's, web app's and CLI's files wait on a
 * database, a worker thread or a timer as much as they compute, and the engine's and vulndb's
 * fill the cores meanwhile. As groups of their own (Vitest runs projects with their own worker
 * count as a group, groupOrder), the engine's and vulndb's left a third of two cores idle while
 * they started and ended. Measured: the unit projects took 707 s instead of ~776 s.
 */
const UNIT_WORKERS = Math.max(4, availableParallelism() + 2);
const UNIT_GROUP = 1;
/** A package project's place in that group: its test options. */
export const IN_UNIT_GROUP = { maxWorkers: UNIT_WORKERS, sequence: { groupOrder: UNIT_GROUP } };

/** The journeys run last, on their own: each starts a server process and a browser, and some watch a scan's timing. */
export const JOURNEY_GROUP = 2;

/**
 * Files that run a minute or more on two cores. Without earlier results (a fresh clone, as CI
 * runs) Vitest starts the largest files first, and these are small: started last, one would
 * finish alone long after the rest. They start first in their project, longest first.
 */
const LONGEST_FILES = [
  'e2e/crash-recovery.test.ts',
  'packages/server/src/permission-matrix.routes.test.ts',
  'packages/cli/src/commands/upload.test.ts',
  'e2e/long-list-journey.test.ts',
  'packages/server/src/permission-matrix-postgres.routes.test.ts',
  'e2e/scan-control-journey.test.ts',
  'e2e/scan-progress-journey.test.ts',
  'packages/server/src/modules/users/users.routes.test.ts',
];

export class LongestFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const rank = (spec: TestSpecification) => {
      const index = LONGEST_FILES.findIndex((file) => spec.moduleId.endsWith(file));
      return index < 0 ? LONGEST_FILES.length : index;
    };
    // Only within a project: Vitest runs projects (and groups) in the order the base sequencer gave.
    const position = new Map(sorted.map((spec, index) => [spec, index]));
    const projectStart = new Map<string, number>();
    for (const [index, spec] of sorted.entries()) if (!projectStart.has(spec.project.name)) projectStart.set(spec.project.name, index);
    return [...sorted].sort(
      (a, b) =>
        (projectStart.get(a.project.name) ?? 0) - (projectStart.get(b.project.name) ?? 0) ||
        rank(a) - rank(b) ||
        (position.get(a) ?? 0) - (position.get(b) ?? 0),
    );
  }
}
