import { Type } from 'typebox';

/** Spec §5: ids are positive integers up to 2147483647; anything else is a 404. */
export const Id = Type.Integer({ minimum: 1, maximum: 2147483647 });

export const IdParams = Type.Object({ id: Id });

export const ErrorDetail = Type.Object({ detail: Type.String() });

export const FieldErrors = Type.Record(Type.String(), Type.Array(Type.String()), {
  description: 'Validation errors by field name, e.g. {"name": ["This field is required."]}',
});

export const ServerError = Type.Object({ detail: Type.String(), error_id: Type.String() });
