import { availableParallelism } from 'node:os';

// How many test files run side by side. Vitest's default leaves one core idle (cores - 1):
// on a two-core machine, one file at a time.

/** The engine's and vulndb's files compute: one per core, two at least. */
export const COMPUTE_WORKERS = Math.max(2, availableParallelism() - 1);

/**
 * The server's, web app's and CLI's files wait on a database, a worker thread or a timer as
 * much as they compute (about 1.2 cores busy with two of them on two cores): twice as many.
 * Vitest runs projects with their own worker count as a group of their own (groupOrder).
 */
export const WAITING_WORKERS = Math.max(4, availableParallelism() + 2);
export const WAITING_GROUP = 1;
