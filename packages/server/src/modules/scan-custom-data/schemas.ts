import { type Static, Type } from 'typebox';
import { PageQuery, Paged } from '../../lib/paging.ts';
import { Id, Text } from '../../lib/schemas.ts';
import { MAX_CUSTOM_DATA_KEY, MAX_CUSTOM_DATA_VALUE } from '../groups/custom-data-schemas.ts';

const Key = Text({
  minLength: 1,
  maxLength: MAX_CUSTOM_DATA_KEY,
  description: 'Letters A-Z (either case), digits and _; stored upper-cased and trimmed (spec §5), unique on the scan, e.g. "release" → "RELEASE".',
});
const Value = Text({ maxLength: MAX_CUSTOM_DATA_VALUE, description: 'Stored trimmed (spec §5); may be empty.' });

export const ScanCustomData = Type.Object({
  id: Type.Integer(),
  url: Type.String(),
  product: Type.Integer({ description: 'The scan (application) the entry belongs to.' }),
  key: Type.String(),
  value: Type.String(),
}, { title: 'ScanCustomData' });
export type ScanCustomData = Static<typeof ScanCustomData>;

export const ScanCustomDataPage = Paged(ScanCustomData);

export const ScanCustomDataListQuery = Type.Object({
  product: Id,
  ...PageQuery,
});
export type ScanCustomDataListQuery = Static<typeof ScanCustomDataListQuery>;

export const ScanCustomDataCreateBody = Type.Object({ product: Id, key: Key, value: Value }, { title: 'ScanCustomDataCreate' });
export type ScanCustomDataCreateBody = Static<typeof ScanCustomDataCreateBody>;

/** Only the fields sent change (spec §5); the entry stays on its scan. */
export const ScanCustomDataUpdateBody = Type.Partial(Type.Object({ key: Key, value: Value }), { title: 'ScanCustomDataUpdate' });
export type ScanCustomDataUpdateBody = Static<typeof ScanCustomDataUpdateBody>;
