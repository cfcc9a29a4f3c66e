import { type Static, Type } from 'typebox';

const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(schema: T) => Type.Union([schema, Type.Null()]);
const IsoDate = Type.String({ format: 'date-time' });

/** What the whole knowledge base is: `importing` while a sync or a bundle import runs (the data loaded before stays in use). */
export const KnowledgeBaseState = Type.Union([Type.Literal('empty'), Type.Literal('importing'), Type.Literal('ready'), Type.Literal('failed')], {
  title: 'KnowledgeBaseState',
});
export type KnowledgeBaseState = Static<typeof KnowledgeBaseState>;

export const KnowledgeBaseSourceState = Type.Union([
  Type.Literal('empty'), Type.Literal('waiting'), Type.Literal('importing'), Type.Literal('retrying'), Type.Literal('ready'), Type.Literal('failed'),
], { title: 'KnowledgeBaseSourceState' });
export type KnowledgeBaseSourceState = Static<typeof KnowledgeBaseSourceState>;

export const KnowledgeBaseProgress = Type.Object({
  phase: Type.Union([Type.Literal('download'), Type.Literal('import')]),
  records: Type.Integer({ description: 'Records read so far by this sync of the source.' }),
  total_records: Nullable(Type.Integer()),
  bytes: Type.Integer({ description: 'Bytes of the current download.' }),
  total_bytes: Nullable(Type.Integer()),
  percent: Nullable(Type.Integer({ minimum: 0, maximum: 100, description: 'Where the size is known: of the download, or of the records (NVD).' })),
}, { title: 'KnowledgeBaseProgress' });
export type KnowledgeBaseProgress = Static<typeof KnowledgeBaseProgress>;

export const KnowledgeBaseSource = Type.Object({
  name: Type.String({ description: 'nvd, osv, epss, kev, debian, alpine, ubuntu; also cve5, nvd-override, vendor when imported.' }),
  state: KnowledgeBaseSourceState,
  records: Type.Integer({ description: 'Live records of the source.' }),
  last_success: Nullable(IsoDate),
  feed_date: Nullable(IsoDate),
  last_error: Nullable(Type.String()),
  next_attempt: Nullable(IsoDate),
  progress: Nullable(KnowledgeBaseProgress),
}, { title: 'KnowledgeBaseSource' });
export type KnowledgeBaseSource = Static<typeof KnowledgeBaseSource>;

export const KnowledgeBaseBundle = Type.Object({
  state: Type.Union([Type.Literal('none'), Type.Literal('importing'), Type.Literal('ready'), Type.Literal('failed')]),
  last_success: Nullable(IsoDate),
  feed_date: Nullable(IsoDate),
  last_error: Nullable(Type.String()),
}, { title: 'KnowledgeBaseBundle' });
export type KnowledgeBaseBundle = Static<typeof KnowledgeBaseBundle>;

export const KnowledgeBaseStatus = Type.Object({
  state: KnowledgeBaseState,
  updated: Nullable(IsoDate),
  automatic_sync: Type.Boolean({ description: 'Whether the server syncs daily (BINLENS_KB_SYNC is not 0).' }),
  sources: Type.Array(KnowledgeBaseSource),
  bundle: KnowledgeBaseBundle,
}, { title: 'KnowledgeBaseStatus' });
export type KnowledgeBaseStatus = Static<typeof KnowledgeBaseStatus>;

/** What every scan result carries: without data, its empty vulnerability lists mean "not evaluated", not "none". */
export const KnowledgeBaseSummary = Type.Object({
  state: KnowledgeBaseState,
  updated: Nullable(IsoDate),
}, { title: 'KnowledgeBaseSummary' });
export type KnowledgeBaseSummary = Static<typeof KnowledgeBaseSummary>;
