import { type TString, type TStringOptions, Type } from 'typebox';

/**
 * Ajv format of every text field the API stores: PostgreSQL text cannot hold NUL, and a lone
 * surrogate ("a\ud800b") cannot be encoded as UTF-8, so both answer 400 before reaching the database.
 */
export const TEXT_FORMAT = 'text';

export function isStorableText(value: string): boolean {
  return value.isWellFormed() && !value.includes('\0');
}

/** A string field the API stores: `Text({ maxLength: 255 })`. */
export function Text(options: TStringOptions = {}): TString {
  return Type.String({ ...options, format: TEXT_FORMAT });
}

/** Spec §5: ids are positive integers up to 2147483647; anything else is a 404. */
export const Id = Type.Integer({ minimum: 1, maximum: 2147483647 });

export const IdParams = Type.Object({ id: Id });

export const ErrorDetail = Type.Object({ detail: Type.String() });

export const FieldErrors = Type.Record(Type.String(), Type.Array(Type.String()), {
  description: 'Validation errors by field name, e.g. {"name": ["This field is required."]}',
});

export const ServerError = Type.Object({ detail: Type.String(), error_id: Type.String() });
