import type { FastifyError, FastifySchemaValidationError } from 'fastify';
import fp from 'fastify-plugin';
import { AppError, ERRORS, newErrorId } from '../lib/errors.ts';
import { isPublicApiPath } from './route-path.ts';
import { validationBody } from './validation-messages.ts';

/** PostgreSQL's "invalid byte sequence" and "untranslatable character": text the database cannot hold. */
const UNSTORABLE_TEXT_CODES = new Set(['22021', '22P05']);
const MAX_CLIENT_MESSAGE = 300;

/**
 * Maps every error to the spec's shapes. Nothing internal reaches the client: an unknown
 * error answers `{detail, error_id}` and only the log, under that id, holds its message,
 * SQL, parameters and stack. Under the public /api/ the same bodies carry `meta: {code}`
 * (lib/api-envelope.ts).
 */
export const errorsPlugin = fp(
  async (app) => {
    app.addHook('preSerialization', async (request, reply, payload) => {
      if (reply.statusCode < 400 || !isPublicApiPath(request) || typeof payload !== 'object' || payload === null || 'meta' in payload) return payload;
      return { meta: { code: reply.statusCode }, ...payload };
    });
    app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
      if (error instanceof AppError) {
        return reply.status(error.status).headers(error.headers).send(error.toBody());
      }
      if (error.validation) {
        // A malformed id in the path names nothing: 404, as for an unknown id (spec §5).
        if (error.validationContext === 'params') {
          return reply.status(404).send({ detail: ERRORS.not_found.message });
        }
        return reply.status(400).send(validationBody(error.validation as FastifySchemaValidationError[]));
      }
      if (hasCode(error, UNSTORABLE_TEXT_CODES)) {
        request.log.warn({ err: error }, 'text the database cannot store');
        return reply.status(400).send({ detail: ERRORS.text_unstorable.message });
      }
      const status = error.statusCode ?? 500;
      if (status >= 400 && status < 500) {
        // Fastify's own client errors (bad JSON, wrong content type, body too large) say what
        // was wrong with the request; any other error's message may carry internals.
        const own = typeof error.code === 'string' && error.code.startsWith('FST_');
        return reply.status(status).send({ detail: own ? error.message.slice(0, MAX_CLIENT_MESSAGE) : 'The request could not be processed.' });
      }
      const errorId = newErrorId();
      request.log.error({ err: error, errorId }, 'unhandled error');
      return reply.status(500).send({ detail: 'An unknown error occured.', error_id: errorId });
    });
  },
  { name: 'errors' },
);

/** The error or one of its causes (Drizzle wraps the driver's error) carries one of `codes`. */
function hasCode(error: unknown, codes: Set<string>, depth = 0): boolean {
  if (!(error instanceof Error) || depth > 3) return false;
  const code = (error as { code?: unknown }).code;
  return (typeof code === 'string' && codes.has(code)) || hasCode(error.cause, codes, depth + 1);
}
