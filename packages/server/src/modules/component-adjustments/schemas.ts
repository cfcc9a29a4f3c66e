import { type Static, Type } from 'typebox';
import { PageQuery, Paged } from '../../lib/paging.ts';
import { Id, NO_OTHER_FIELDS, Text } from '../../lib/schemas.ts';
import { SHA1_PATTERN } from '../adjustments/scope.ts';

export const ComponentMove = Type.Object({
  id: Type.Integer(),
  url: Type.String(),
  scan: Type.Integer(),
  from_uid: Type.String(),
  to_uid: Type.String(),
  hashes: Type.Array(Type.String(), { description: 'SHA-1s of the files moved.' }),
  user: Type.Union([Type.Integer(), Type.Null()], { description: 'Who made it; null once that user was removed.' }),
  created: Type.String({ format: 'date-time' }),
}, { title: 'ComponentMove' });
export type ComponentMove = Static<typeof ComponentMove>;

export const ComponentMovePage = Paged(ComponentMove);

export const ComponentMoveCreate = Type.Object({
  from_uid: Text({ minLength: 1, maxLength: 1000, description: 'The component the files are taken from (a result component\'s uid).' }),
  to_uid: Text({ minLength: 1, maxLength: 1000, description: 'The component they go to.' }),
  hashes: Type.Array(Type.String({ pattern: SHA1_PATTERN }), { minItems: 1, maxItems: 10_000, description: 'SHA-1s of files of from_uid.' }),
}, { title: 'ComponentMoveCreate', ...NO_OTHER_FIELDS });
export type ComponentMoveCreate = Static<typeof ComponentMoveCreate>;

export const ComponentMoveListQuery = Type.Object({ ...PageQuery });
export type ComponentMoveListQuery = Static<typeof ComponentMoveListQuery>;

export const ComponentMoveParams = Type.Object({ id: Id, moveId: Id });
