import { randomBytes } from 'node:crypto';
import type { FastifyError, FastifySchemaValidationError } from 'fastify';
import fp from 'fastify-plugin';
import { AppError, ERRORS } from '../lib/errors.ts';
import { validationBody } from './validation-messages.ts';

/** Maps every error to the spec's shapes; unknown errors get an id the log carries too. */
export const errorsPlugin = fp(
  async (app) => {
    app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
      if (error instanceof AppError) {
        return reply.status(error.status).send(error.toBody());
      }
      if (error.validation) {
        // A malformed id in the path names nothing: 404, as for an unknown id (spec §5).
        if (error.validationContext === 'params') {
          return reply.status(404).send({ detail: ERRORS.not_found.message });
        }
        return reply.status(400).send(validationBody(error.validation as FastifySchemaValidationError[]));
      }
      const status = error.statusCode ?? 500;
      if (status >= 400 && status < 500) {
        return reply.status(status).send({ detail: error.message });
      }
      const errorId = randomBytes(6).toString('hex');
      request.log.error({ err: error, errorId }, 'unhandled error');
      return reply.status(500).send({ detail: 'An unknown error occured.', error_id: errorId });
    });
  },
  { name: 'errors' },
);
