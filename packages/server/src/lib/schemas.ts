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

/**
 * An integer or null as one JSON Schema type list. A union of an integer and null lets Fastify's
 * coercion turn 0 (and "") into null, so that a bad value would silently mean "none".
 */
export function NullableInteger(options: { minimum: number; maximum?: number; description: string }) {
  return Type.Unsafe<number | null>({ type: ['integer', 'null'], ...options });
}

export const IdParams = Type.Object({ id: Id });

/**
 * A body schema's option refusing any field the schema does not name, with 400 naming it
 * (plugins/validation-messages.ts): `additionalProperties: false` would not, as Fastify's Ajv
 * silently removes such fields.
 */
export const NO_OTHER_FIELDS = { additionalProperties: Type.Never() };

export const ErrorDetail = Type.Object({ detail: Type.String() }, { title: 'ErrorDetail' });

export const FieldErrors = Type.Record(Type.String(), Type.Array(Type.String()), {
  title: 'FieldErrors',
  description: 'Validation errors by field name, e.g. {"name": ["This field is required."]}',
});

export const ServerError = Type.Object({ detail: Type.String(), error_id: Type.String() }, { title: 'ServerError' });

/**
 * A 400 is field errors, or `{detail}` for a body that is not readable at all (malformed JSON,
 * text the database cannot store). Both, so that neither is serialised into the other's shape.
 */
export const BadRequest = Type.Union([FieldErrors, ErrorDetail]);

/** The error answers every /rest/ route may give (plugins/errors.ts); plugins/standard-responses.ts adds them. */
export const STANDARD_ERROR_RESPONSES = { 400: BadRequest, 401: ErrorDetail, 403: ErrorDetail, 404: ErrorDetail, 500: ServerError } as const;
