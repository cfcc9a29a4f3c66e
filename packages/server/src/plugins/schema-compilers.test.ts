import { describe, expect, it } from 'vitest';
import { sharedSchemaCompilers } from './schema-compilers.ts';

const AJV_OPTIONS = { customOptions: { allErrors: true } };
const body = () => ({ type: 'object', properties: { name: { type: 'string', maxLength: 3 } }, required: ['name'] });
const route = (schema: object) => ({ schema, method: 'POST', url: '/rest/things/', httpPart: 'body' });

describe('shared schema compilers', () => {
  it('compile an equal schema of another app build once, and another schema anew', () => {
    const first = sharedSchemaCompilers.buildValidator({}, AJV_OPTIONS);
    const second = sharedSchemaCompilers.buildValidator({}, AJV_OPTIONS);
    // Fastify calls the compiler with the route definition (see schema-compilers.ts).
    const compile = (build: typeof first, schema: object) => build(route(schema) as never);
    const validate = compile(first, body());
    expect(compile(second, body())).toBe(validate);
    expect(compile(second, { ...body(), required: [] })).not.toBe(validate);
    expect([validate({ name: 'abc' }), validate({ name: 'abcd' }), validate({})]).toEqual([true, false, false]);
  });

  it('keep validators of other compiler options apart', () => {
    const strict = sharedSchemaCompilers.buildValidator({}, AJV_OPTIONS)(route(body()) as never);
    const other = sharedSchemaCompilers.buildValidator({}, { customOptions: { allErrors: false } })(route(body()) as never);
    expect(other).not.toBe(strict);
  });

  it('serialize with one function per distinct response schema', () => {
    const schema = () => ({ type: 'object', properties: { id: { type: 'integer' }, name: { type: 'string' } } });
    const serializerRoute = (s: object) => ({ schema: s, method: 'GET', url: '/rest/things/', httpStatus: '200' });
    const serialize = sharedSchemaCompilers.buildSerializer({}, {})(serializerRoute(schema()));
    expect(sharedSchemaCompilers.buildSerializer({}, {})(serializerRoute(schema()))).toBe(serialize);
    expect(serialize({ id: 7, name: 'fw', secret: 'dropped' })).toBe('{"id":7,"name":"fw"}');
  });
});
