// Building the app compiles every route's request validators (Ajv) and response serializers
// (fast-json-stringify): about two seconds of CPU for this API. What they compile to depends only
// on the schema and the compiler's options, so the process keeps each compiled function and an
// app built again (every test file builds its own) reuses them. Fastify's own compilers still
// compile: this only stands in front of them, keyed by the schema's JSON, so equal schemas from
// another build (Fastify copies some) find the same function and the cache stays bounded by the
// API's distinct schemas.
import AjvCompiler, { type BuildCompilerFromPool } from '@fastify/ajv-compiler';
import { type SerializerFactory, SerializerSelector } from '@fastify/fast-json-stringify-compiler';

type Validate = ReturnType<ReturnType<BuildCompilerFromPool>>;
type Serialize = ReturnType<ReturnType<SerializerFactory>>;

const validatorPool = AjvCompiler();
const serializerSelector = SerializerSelector();
const validators = new Map<string, Validate>();
const serializers = new Map<string, Serialize>();

const buildValidator: BuildCompilerFromPool = (externalSchemas, options) => {
  // Ajv's pool already shares one compiler per (external schemas, options): the key says which.
  const compiler = validatorPool(externalSchemas, options);
  const pool = `${JSON.stringify(externalSchemas)}${JSON.stringify(options?.customOptions)}`;
  // Fastify calls it with { schema, method, url, httpPart }; the package's type says the bare schema.
  return (route) => kept(validators, `${pool}\0${JSON.stringify((route as unknown as { schema: unknown }).schema)}`, () => compiler(route));
};

const buildSerializer: SerializerFactory = (externalSchemas, options) => {
  const compiler = serializerSelector(externalSchemas, options);
  const pool = `${JSON.stringify(externalSchemas)}${JSON.stringify(options)}`;
  return (route) => kept(serializers, `${pool}\0${JSON.stringify(route.schema)}`, () => compiler(route));
};

/** The function kept under `key`, compiled by `compile` the first time. */
function kept<T>(cache: Map<string, T>, key: string, compile: () => T): T {
  let found = cache.get(key);
  if (found === undefined) {
    found = compile();
    cache.set(key, found);
  }
  return found;
}

/** Fastify's `schemaController.compilersFactory`, shared by every app the process builds. */
export const sharedSchemaCompilers = { buildValidator, buildSerializer };
