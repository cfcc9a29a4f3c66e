// The public /api/ answers in the envelope its CI clients parse (public-api.md §2.1):
// `{"meta": {"code": 200}, "results": {...}}`, and its errors carry the same `meta` beside the
// /rest/ error fields: `{"meta": {"code": 401}, "detail": "..."}`, `{"meta": {"code": 400}, "validity": ["..."]}`.
import { type TObject, type TSchema, Type } from 'typebox';

export const ApiMeta = Type.Object({ code: Type.Integer() }, { title: 'ApiMeta' });

/** An /api/ answer: `{meta: {code}, results}`. */
export function Enveloped<T extends TSchema>(results: T, title: string): TObject<{ meta: typeof ApiMeta; results: T }> {
  return Type.Object({ meta: ApiMeta, results }, { title });
}

/** A page of an /api/ list: `{meta, count, results, next}`, `next` the following page's path (null on the last). */
export function ApiPage<T extends TSchema>(item: T, title: string) {
  return Type.Object({
    meta: ApiMeta,
    count: Type.Integer(),
    results: Type.Array(item),
    next: Type.Union([Type.String(), Type.Null()], { description: 'The next page; null on the last.' }),
  }, { title });
}

export function envelope<T>(results: T, code = 200): { meta: { code: number }; results: T } {
  return { meta: { code }, results };
}

export const ApiErrorDetail = Type.Object({ meta: ApiMeta, detail: Type.String() }, { title: 'ApiErrorDetail' });

export const ApiFieldErrors = Type.Object({ meta: ApiMeta }, {
  title: 'ApiFieldErrors',
  description: 'Validation errors by field name beside meta, e.g. {"meta": {"code": 400}, "validity": ["Must be >= 1."]}',
  additionalProperties: Type.Array(Type.String()),
});

export const ApiServerError = Type.Object({ meta: ApiMeta, detail: Type.String(), error_id: Type.String() }, { title: 'ApiServerError' });

/**
 * The error answers every /api/ route may give; 429 because HTTP Basic is a sign-in with a
 * password, under the same brute-force limit as the login form.
 */
export const API_ERROR_RESPONSES = {
  400: Type.Union([ApiFieldErrors, ApiErrorDetail]),
  401: ApiErrorDetail,
  403: ApiErrorDetail,
  404: ApiErrorDetail,
  429: ApiErrorDetail,
  500: ApiServerError,
} as const;
