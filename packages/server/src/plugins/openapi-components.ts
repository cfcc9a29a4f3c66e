// Fastify's swagger plugin inlines every route schema. Schemas that carry a `title`
// (Group, Scan, ResultComponent, ...) are moved into `components.schemas` and referenced,
// so that the types generated for the web app have stable names.

type Json = unknown;

export function hoistTitledSchemas<T extends object>(document: T): T {
  const found: Record<string, Json> = {};
  const rewritten = rewrite(document, found, false) as T & { components?: { schemas?: Record<string, Json> } };
  rewritten.components = { ...rewritten.components, schemas: { ...rewritten.components?.schemas, ...found } };
  return rewritten;
}

function rewrite(node: Json, found: Record<string, Json>, inSchema: boolean): Json {
  if (Array.isArray(node)) return node.map((item) => rewrite(item, found, inSchema));
  if (!node || typeof node !== 'object') return node;
  const copy: Record<string, Json> = {};
  for (const [key, value] of Object.entries(node)) {
    // Below `properties` the keys are field names, not schema keywords: a field called
    // `title` must not be taken for a schema name.
    copy[key] = key === 'properties' ? rewriteProperties(value, found) : rewrite(value, found, isSchemaKey(key) || inSchema);
  }
  const title = copy.title;
  if (inSchema && typeof title === 'string' && typeof copy.type === 'string') {
    found[title] ??= copy;
    return { $ref: `#/components/schemas/${title}` };
  }
  return copy;
}

function rewriteProperties(properties: Json, found: Record<string, Json>): Json {
  if (!properties || typeof properties !== 'object') return properties;
  return Object.fromEntries(Object.entries(properties).map(([name, schema]) => [name, rewrite(schema, found, true)]));
}

function isSchemaKey(key: string): boolean {
  return key === 'schema' || key === 'items' || key === 'anyOf' || key === 'oneOf' || key === 'allOf';
}
