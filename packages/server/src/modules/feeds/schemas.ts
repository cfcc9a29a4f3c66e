import { type Static, Type } from 'typebox';
import { PageQuery, Paged } from '../../lib/paging.ts';

/** Spec §9: audit action levels 1 to 5. */
const AuditLevel = (description?: string) => Type.Integer({ minimum: 1, maximum: 5, ...(description ? { description } : {}) });

export const FeedQuery = Type.Object({
  ...PageQuery,
  level: Type.Optional(AuditLevel('Only events of this level.')),
  level__gte: Type.Optional(AuditLevel('Only events of this level or above.')),
});
export type FeedQuery = Static<typeof FeedQuery>;

export const FeedEvent = Type.Object({
  id: Type.Integer(),
  at: Type.String({ format: 'date-time' }),
  level: AuditLevel(),
  action: Type.String({ description: 'Dotted verb, e.g. group.update.' }),
  actor: Type.Union([Type.Object({ id: Type.Integer(), email: Type.String() }), Type.Null()], { description: 'Who made the change; null for the server itself or a removed user.' }),
  object: Type.String({ description: 'What was acted on, e.g. group:12.' }),
  content_type: Type.Union([Type.Integer(), Type.Null()], { description: 'The id of its kind in GET /rest/content-type/.' }),
  object_id: Type.Union([Type.Integer(), Type.Null()]),
  details: Type.Record(Type.String(), Type.Unknown()),
}, { title: 'FeedEvent' });
export type FeedEvent = Static<typeof FeedEvent>;

export const FeedPage = Paged(FeedEvent);
