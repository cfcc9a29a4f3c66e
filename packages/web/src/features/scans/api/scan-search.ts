import { z } from 'zod';

/** URL state of a paged scan or problem list, with defaults. */
export const PAGE_DEFAULTS = { limit: 25, offset: 0 };

export const pageSearch = z.object({
  limit: z.number().int().min(1).max(500).default(PAGE_DEFAULTS.limit).catch(PAGE_DEFAULTS.limit),
  offset: z.number().int().min(0).default(PAGE_DEFAULTS.offset).catch(PAGE_DEFAULTS.offset),
});

export type PageSearch = z.infer<typeof pageSearch>;
