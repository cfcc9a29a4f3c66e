import { describe, expect, it } from 'vitest';
import { hoistTitledSchemas } from './openapi-components.ts';

describe('hoistTitledSchemas', () => {
  it('moves titled schemas into components and references them, nested ones too', () => {
    const doc = {
      paths: {
        '/rest/scans/{id}/result/': {
          get: {
            responses: {
              200: {
                content: {
                  'application/json': {
                    schema: {
                      title: 'ScanResult',
                      type: 'object',
                      properties: {
                        components: { type: 'array', items: { title: 'Component', type: 'object', properties: { title: { type: 'string' } } } },
                      },
                    },
                  },
                },
              },
            },
          },
        },
      },
      components: { securitySchemes: { session: { type: 'apiKey' } } },
    };
    expect(hoistTitledSchemas(doc)).toEqual({
      paths: {
        '/rest/scans/{id}/result/': {
          get: { responses: { 200: { content: { 'application/json': { schema: { $ref: '#/components/schemas/ScanResult' } } } } } },
        },
      },
      components: {
        securitySchemes: { session: { type: 'apiKey' } },
        schemas: {
          Component: { title: 'Component', type: 'object', properties: { title: { type: 'string' } } },
          ScanResult: {
            title: 'ScanResult',
            type: 'object',
            properties: { components: { type: 'array', items: { $ref: '#/components/schemas/Component' } } },
          },
        },
      },
    });
  });
});
