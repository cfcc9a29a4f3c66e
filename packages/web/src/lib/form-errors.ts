// Maps a 400 answer (`{field: [messages]}`) onto react-hook-form fields; whatever is left
// (non_field_errors, unknown fields, other statuses) becomes one form-level message.
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError, DEFAULT_ERROR_MESSAGE, messageOf } from './api-client.ts';

export function applyServerErrors<T extends FieldValues>(
  error: unknown,
  fields: readonly Path<T>[],
  setError: UseFormSetError<T>,
): string | null {
  if (!(error instanceof ApiError)) return DEFAULT_ERROR_MESSAGE;
  if (error.status !== 400) return error.status >= 500 || error.status === 401 ? null : messageOf(error.body);
  const rest: string[] = [];
  for (const [name, messages] of Object.entries(error.fieldErrors)) {
    const field = fields.find((candidate) => candidate === name);
    if (field) setError(field, { type: 'server', message: messages.join(' ') });
    else rest.push(...messages);
  }
  return rest.length > 0 ? rest.join(' ') : null;
}
