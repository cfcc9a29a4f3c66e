import fp from 'fastify-plugin';
import { API_ERROR_RESPONSES } from '../lib/api-envelope.ts';
import { STANDARD_ERROR_RESPONSES } from '../lib/schemas.ts';

/**
 * Gives every /rest/ route the error answers of the errors plugin (400 field errors or
 * `{detail}`, 401/403/404 `{detail}`, 500 `{detail, error_id}`) unless it declares its own
 * for a status, so routes declare only their own answers (200, 201, 409, 413, ...) and the
 * OpenAPI document lists every error each route can give. The public /api/ routes get the
 * same answers in its envelope (lib/api-envelope.ts).
 */
export const standardResponsesPlugin = fp(
  async (app) => {
    app.addHook('onRoute', (route) => {
      const standard = route.url.startsWith('/rest/') ? STANDARD_ERROR_RESPONSES : route.url.startsWith('/api/') ? API_ERROR_RESPONSES : null;
      if (!standard || route.schema?.hide === true) return;
      const schema = route.schema ?? {};
      const declared = (schema.response ?? {}) as Record<string, unknown>;
      route.schema = { ...schema, response: { ...standard, ...declared } };
    });
  },
  { name: 'standard-responses' },
);
