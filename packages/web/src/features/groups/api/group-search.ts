import { z } from 'zod';

/** URL state of a group list (spec §2: q, ordering, limit, offset), with defaults. */
export const GROUP_LIST_DEFAULTS = { q: '', ordering: 'name', limit: 25, offset: 0 };

export const groupListSearch = z.object({
  q: z.string().default(GROUP_LIST_DEFAULTS.q).catch(GROUP_LIST_DEFAULTS.q),
  ordering: z.string().default(GROUP_LIST_DEFAULTS.ordering).catch(GROUP_LIST_DEFAULTS.ordering),
  limit: z.number().int().min(1).max(500).default(GROUP_LIST_DEFAULTS.limit).catch(GROUP_LIST_DEFAULTS.limit),
  offset: z.number().int().min(0).default(GROUP_LIST_DEFAULTS.offset).catch(GROUP_LIST_DEFAULTS.offset),
});

export type GroupListSearch = z.infer<typeof groupListSearch>;
