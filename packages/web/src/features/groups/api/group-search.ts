import { z } from 'zod';

/** Orderings the server accepts for groups (its OpenAPI document lists the same). */
export const GROUP_ORDERINGS = ['name', '-name', 'id', '-id', 'created', '-created'] as const;

/** URL state of a group list (spec §2: q, ordering, limit, offset), with defaults. */
export const GROUP_LIST_DEFAULTS = { q: '', ordering: 'name' as (typeof GROUP_ORDERINGS)[number], limit: 25, offset: 0 };

export const groupListSearch = z.object({
  q: z.string().default(GROUP_LIST_DEFAULTS.q).catch(GROUP_LIST_DEFAULTS.q),
  ordering: z.enum(GROUP_ORDERINGS).default(GROUP_LIST_DEFAULTS.ordering).catch(GROUP_LIST_DEFAULTS.ordering),
  limit: z.number().int().min(1).max(500).default(GROUP_LIST_DEFAULTS.limit).catch(GROUP_LIST_DEFAULTS.limit),
  offset: z.number().int().min(0).default(GROUP_LIST_DEFAULTS.offset).catch(GROUP_LIST_DEFAULTS.offset),
});

export type GroupListSearch = z.infer<typeof groupListSearch>;
