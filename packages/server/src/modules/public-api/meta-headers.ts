// `META-<KEY>: value` headers of the public /api/ (public-api.md §2.3): clients turn `_` into
// `-` because a header name with `_` is dropped by some proxies, so the server turns them back;
// keys are then stored as custom data keys are (spec §5: upper-cased letters, digits and `_`).
import { AppError } from '../../lib/errors.ts';
import { MAX_CUSTOM_DATA_KEY, MAX_CUSTOM_DATA_VALUE } from '../groups/custom-data-schemas.ts';

const PREFIX = 'meta-';
/** More keys than any client sends; a bound on what one request may write. */
export const MAX_META_HEADERS = 100;

/**
 * The custom data a request's `META-*` headers set: key → trimmed value, an empty value meaning
 * "remove the key". A repeated header keeps its last value.
 */
export function metaHeaders(headers: Readonly<Record<string, string | string[] | undefined>>): Map<string, string> {
  const data = new Map<string, string>();
  for (const [name, raw] of Object.entries(headers)) {
    if (!name.toLowerCase().startsWith(PREFIX) || raw === undefined) continue;
    const key = name.slice(PREFIX.length).replaceAll('-', '_').toUpperCase();
    const value = (Array.isArray(raw) ? (raw.at(-1) ?? '') : raw).trim();
    if (!/^[A-Z0-9_]+$/.test(key) || key.length > MAX_CUSTOM_DATA_KEY || value.length > MAX_CUSTOM_DATA_VALUE) {
      throw new AppError('api_meta_header_invalid');
    }
    data.set(key, value);
    if (data.size > MAX_META_HEADERS) throw new AppError('api_meta_headers_too_many');
  }
  return data;
}
