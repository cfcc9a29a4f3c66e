import { type Static, Type } from 'typebox';
import { PageQuery, Paged } from '../../lib/paging.ts';
import { NO_OTHER_FIELDS, Text } from '../../lib/schemas.ts';

const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(schema: T) => Type.Union([schema, Type.Null()]);

/** RE2's limit on a saved pattern (engine infoleak/custom.ts MAX_CUSTOM_PATTERN_LENGTH). */
const MAX_PATTERN = 1000;

export const CustomPattern = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  pattern: Type.String({ description: 'RE2 syntax: no backreferences, no lookaround; never matches the empty string.' }),
  description: Type.String(),
  enabled: Type.Boolean({ description: 'New scans search for enabled patterns; so does applying the patterns to a stored scan.' }),
  created_by: Nullable(Type.Object({ id: Type.Integer(), email: Type.String() }, { title: 'CustomPatternAuthor' })),
  created: Type.String({ format: 'date-time' }),
  modified: Type.String({ format: 'date-time' }),
}, { title: 'CustomPattern' });
export type CustomPattern = Static<typeof CustomPattern>;

export const CustomPatternPage = Paged(CustomPattern);

const Name = Text({ minLength: 1, maxLength: 100 });
const Pattern = Text({ minLength: 1, maxLength: MAX_PATTERN, description: 'RE2 syntax, e.g. `ACME-TOKEN-[0-9a-f]{8}`.' });
const Description = Text({ maxLength: 1000 });

export const CustomPatternCreate = Type.Object({
  name: Name,
  pattern: Pattern,
  description: Type.Optional(Description),
  enabled: Type.Optional(Type.Boolean({ default: true })),
}, { title: 'CustomPatternCreate', ...NO_OTHER_FIELDS });
export type CustomPatternCreate = Static<typeof CustomPatternCreate>;

export const CustomPatternUpdate = Type.Object({
  name: Type.Optional(Name),
  pattern: Type.Optional(Pattern),
  description: Type.Optional(Description),
  enabled: Type.Optional(Type.Boolean()),
}, { title: 'CustomPatternUpdate', ...NO_OTHER_FIELDS });
export type CustomPatternUpdate = Static<typeof CustomPatternUpdate>;

export type CustomPatternOrdering = 'id' | '-id' | 'name' | '-name';

export const CustomPatternListQuery = Type.Object({
  id__in: Type.Optional(Type.String({ maxLength: 1200, description: 'Comma-joined ids, at most 100: only those patterns.' })),
  ordering: Type.Optional(Type.Union([Type.Literal('id'), Type.Literal('-id'), Type.Literal('name'), Type.Literal('-name')], { default: 'id' })),
  ...PageQuery,
});
export type CustomPatternListQuery = Static<typeof CustomPatternListQuery>;

export type CustomPatternRunState = 'queued' | 'running' | 'completed' | 'failed';

export const CustomPatternRun = Type.Object({
  id: Type.String({ description: 'The job searching the scan; ask for it again to follow it.' }),
  scan: Type.Integer(),
  state: Type.Union([Type.Literal('queued'), Type.Literal('running'), Type.Literal('completed'), Type.Literal('failed')]),
  patterns: Type.Array(Type.Integer(), { description: 'The enabled patterns the scan is searched for, by id.' }),
  findings: Nullable(Type.Integer({ description: "The patterns' findings now in the scan's information leaks; null until completed." })),
  error: Nullable(Type.String({ description: 'Why the search failed; null unless failed.' })),
}, { title: 'CustomPatternRun' });
export type CustomPatternRun = Static<typeof CustomPatternRun>;

export const CustomPatternRunParams = Type.Object({
  id: Type.Integer({ minimum: 1, maximum: 2147483647 }),
  runId: Type.String({ format: 'uuid' }),
});
