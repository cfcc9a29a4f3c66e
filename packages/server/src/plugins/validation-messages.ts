import type { FastifySchemaValidationError } from 'fastify';
import { TEXT_FORMAT } from '../lib/schemas.ts';

/** Ajv errors → `{field: [messages]}` with the REST framework's wording the web app expects. */
export function validationBody(errors: FastifySchemaValidationError[]): Record<string, string[]> {
  const body: Record<string, string[]> = {};
  for (const error of errors) {
    // A union with null reports the null branch too; the other branch's message is the useful one.
    if (error.keyword === 'anyOf' || (error.keyword === 'type' && error.params.type === 'null')) continue;
    const field = fieldOf(error);
    const message = messageOf(error);
    const messages = (body[field] ??= []);
    if (!messages.includes(message)) messages.push(message);
  }
  if (Object.keys(body).length === 0) body.non_field_errors = ['Invalid input.'];
  return body;
}

function fieldOf(error: FastifySchemaValidationError): string {
  if (error.keyword === 'required' && typeof error.params.missingProperty === 'string') {
    return error.params.missingProperty;
  }
  // A field the body may not hold (a schema with additionalProperties: false) is named, not lumped into non_field_errors.
  if (error.keyword === 'additionalProperties' && typeof error.params.additionalProperty === 'string') {
    return error.params.additionalProperty;
  }
  const first = error.instancePath.split('/')[1];
  return first ? decodePointer(first) : 'non_field_errors';
}

function messageOf(error: FastifySchemaValidationError): string {
  const limit = error.params.limit;
  switch (error.keyword) {
    case 'required':
      return 'This field is required.';
    case 'additionalProperties':
      return 'Unknown field: it cannot be set here.';
    case 'not':
      // `additionalProperties: {not: {}}` (lib/schemas.ts NO_OTHER_FIELDS): a field the body may not hold.
      return error.schemaPath.includes('/additionalProperties/') ? 'Unknown field: it cannot be set here.' : (error.message ?? 'Invalid value.');
    case 'minLength':
      return limit === 1 ? 'This field may not be blank.' : `Ensure this field has at least ${String(limit)} characters.`;
    case 'maxLength':
      return `Ensure this field has no more than ${String(limit)} characters.`;
    case 'minimum':
      return `Ensure this value is greater than or equal to ${String(limit)}.`;
    case 'maximum':
      return `Ensure this value is less than or equal to ${String(limit)}.`;
    case 'const':
    case 'enum':
      return 'Select a valid choice.';
    case 'type':
      return typeMessage(error.params.type);
    case 'format':
      return error.params.format === TEXT_FORMAT ? 'Null characters and unpaired surrogates are not allowed.' : 'Enter a valid value.';
    default:
      return error.message ?? 'Invalid value.';
  }
}

function typeMessage(type: unknown): string {
  if (type === 'integer' || type === 'number') return 'A valid integer is required.';
  if (type === 'string') return 'Not a valid string.';
  if (type === 'boolean') return 'Must be a valid boolean.';
  if (type === 'object') return 'Invalid data. Expected a dictionary.';
  return 'Invalid value.';
}

/** JSON pointer segment unescaping (RFC 6901): `~1` is `/`, `~0` is `~`. */
function decodePointer(segment: string): string {
  return segment.replaceAll('~1', '/').replaceAll('~0', '~');
}
