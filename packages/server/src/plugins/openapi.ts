import swagger from '@fastify/swagger';
import fp from 'fastify-plugin';
import { hoistTitledSchemas } from './openapi-components.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route reads a multipart upload in this field; documented, not validated by Ajv. */
    multipartFile?: string;
    /** Other fields of that multipart body (a TypeBox object), documented beside the file; the handler checks them. */
    multipartFields?: { properties: Record<string, unknown>; required?: string[] };
  }
}

/** Collects every route's TypeBox schema into the OpenAPI document at /rest/openapi.json. */
export const openapiPlugin = fp(
  async (app) => {
    await app.register(swagger, {
      openapi: {
        openapi: '3.1.0',
        info: {
          title: 'Binlens API',
          version: '0.1.0',
          description:
            'Session cookie `sessionid` (unsafe methods echo the `csrftoken` cookie in `X-CSRFToken`), or `Authorization: Bearer <API key>` (POST /api/key/). ' +
            'Under /api/ also HTTP Basic with email and password, and answers in the envelope `{"meta": {"code": 200}, "results": ...}`.',
        },
        components: {
          securitySchemes: {
            session: { type: 'apiKey', in: 'cookie', name: 'sessionid' },
            apiKey: { type: 'http', scheme: 'bearer' },
            basic: { type: 'http', scheme: 'basic', description: 'Under /api/ only.' },
          },
        },
        security: [{ session: [] }, { apiKey: [] }],
      },
      transform: ({ schema, url, route }) => {
        const field = route.config?.multipartFile;
        if (!field) return { schema, url };
        // The multipart body is streamed by the handler, so only the document describes it.
        const fields = route.config?.multipartFields;
        const body = {
          type: 'object',
          required: [field, ...(fields?.required ?? [])],
          properties: { [field]: { type: 'string', format: 'binary' }, ...fields?.properties },
        };
        return { schema: { ...schema, consumes: ['multipart/form-data'], body }, url };
      },
    });

    app.get('/rest/openapi.json', { config: { permission: 'public' }, schema: { hide: true } }, async () => hoistTitledSchemas(app.swagger()));
  },
  { name: 'openapi' },
);
