import { type Static, Type } from 'typebox';
import { PageQuery, Paged } from '../../lib/paging.ts';
import { Text } from '../../lib/schemas.ts';

/** A key is at most 64 characters, a value at most 10,000. */
export const MAX_CUSTOM_DATA_KEY = 64;
export const MAX_CUSTOM_DATA_VALUE = 10_000;

const Key = Text({
  minLength: 1,
  maxLength: MAX_CUSTOM_DATA_KEY,
  description: 'Letters A-Z (either case), digits and _; stored upper-cased and trimmed (spec §5), unique in the group, e.g. "product_line" → "PRODUCT_LINE".',
});
const Value = Text({ maxLength: MAX_CUSTOM_DATA_VALUE, description: 'Stored trimmed (spec §5); may be empty.' });

export const GroupCustomData = Type.Object({
  id: Type.Integer(),
  key: Type.String(),
  value: Type.String(),
}, { title: 'GroupCustomData' });
export type GroupCustomData = Static<typeof GroupCustomData>;

export const GroupCustomDataPage = Paged(GroupCustomData);

export const GroupCustomDataListQuery = Type.Object({ ...PageQuery });
export type GroupCustomDataListQuery = Static<typeof GroupCustomDataListQuery>;

export const GroupCustomDataCreateBody = Type.Object({ key: Key, value: Value }, { title: 'GroupCustomDataCreate' });
export type GroupCustomDataCreateBody = Static<typeof GroupCustomDataCreateBody>;

/** PATCH names the entry by its key and sends its new value; the key itself does not change. */
export const GroupCustomDataUpdateBody = Type.Object({
  key: Text({ minLength: 1, maxLength: MAX_CUSTOM_DATA_KEY, description: 'The key of the entry to change, in any case (upper-cased to find it).' }),
  value: Value,
}, { title: 'GroupCustomDataUpdate' });
export type GroupCustomDataUpdateBody = Static<typeof GroupCustomDataUpdateBody>;

export const GroupCustomDataDeleteQuery = Type.Object({
  key: Text({ minLength: 1, maxLength: MAX_CUSTOM_DATA_KEY, description: 'The key of the entry to remove, in any case.' }),
});
export type GroupCustomDataDeleteQuery = Static<typeof GroupCustomDataDeleteQuery>;
