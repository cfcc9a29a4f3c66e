import { type Static, Type } from 'typebox';
import { PageQuery, Paged } from '../../lib/paging.ts';
import { Id, NO_OTHER_FIELDS, Text } from '../../lib/schemas.ts';

/** Spec §3 comment: id, product (the scan), comment; with its author and time. */
export const Comment = Type.Object({
  id: Type.Integer(),
  url: Type.String(),
  product: Type.Integer({ description: 'The scan commented on.' }),
  comment: Type.String(),
  author: Type.Union([Type.Integer(), Type.Null()], { description: 'Null once the author was removed.' }),
  author_name: Type.Union([Type.String(), Type.Null()]),
  created: Type.String({ format: 'date-time' }),
}, { title: 'Comment' });
export type Comment = Static<typeof Comment>;

export const CommentPage = Paged(Comment);

export const CommentListQuery = Type.Object({ product: Id, ...PageQuery });
export type CommentListQuery = Static<typeof CommentListQuery>;

export const CommentCreate = Type.Object({
  product: Id,
  comment: Text({ minLength: 1, maxLength: 10_000, description: 'Trimmed before it is stored.' }),
}, { title: 'CommentCreate', ...NO_OTHER_FIELDS });
export type CommentCreate = Static<typeof CommentCreate>;
