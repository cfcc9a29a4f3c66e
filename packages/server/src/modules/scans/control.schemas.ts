import { type Static, Type } from 'typebox';
import { Id, NO_OTHER_FIELDS, Text } from '../../lib/schemas.ts';

/** PATCH scans/{id}/: only the fields sent change; any other field answers 400 naming it. */
export const ScanUpdate = Type.Object({
  name: Type.Optional(Text({ minLength: 1, maxLength: 255, description: 'The file name the scan is known by.' })),
  group: Type.Optional(Type.Integer({ minimum: 1, maximum: 2147483647, description: 'Moves the scan into another group the caller may upload to (needs change_appcheckgroup where it is).' })),
}, { title: 'ScanUpdate', ...NO_OTHER_FIELDS });
export type ScanUpdate = Static<typeof ScanUpdate>;

/** The selected applications of a bulk action (spec §9: rescan, remove, remove files, abort). */
export const ScanSelection = Type.Object({
  id__in: Type.Array(Id, { minItems: 1, maxItems: 500, uniqueItems: true }),
}, { title: 'ScanSelection', ...NO_OTHER_FIELDS });
export type ScanSelection = Static<typeof ScanSelection>;

export const ScanBulkRefusal = Type.Object({
  id: Type.Integer(),
  detail: Type.String({ description: 'Why this scan was left as it was: the message its own call would answer.' }),
}, { title: 'ScanBulkRefusal' });

export const ScanBulkResult = Type.Object({
  done: Type.Array(Type.Integer(), { description: 'The ids acted on, in the order given.' }),
  refused: Type.Array(ScanBulkRefusal),
}, { title: 'ScanBulkResult' });
export type ScanBulkResult = Static<typeof ScanBulkResult>;
