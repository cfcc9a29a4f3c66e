// Component version overrides in the public /api/ (public-api.md §2.6) as the /rest/
// version-overrides service (modules/version-overrides) takes and gives them. `objects` are
// the SHA-1s of the component's extended objects, which are the SHA-1s of the files its
// evidence points at: exactly what the service keys an override on (`hashes`).
import { type Static, Type } from 'typebox';
import { Enveloped } from '../../lib/api-envelope.ts';
import { AppError } from '../../lib/errors.ts';
import { Id, Text } from '../../lib/schemas.ts';
import { SHA1_PATTERN } from '../adjustments/scope.ts';
import { type AdjustableComponent, sameName } from '../component-adjustments/scan-components.ts';
import type { VersionOverride, VersionOverrideCreate } from '../version-overrides/schemas.ts';

/** More than a client sends at once (the ODG client sends one); each override re-evaluates the products it reaches. */
export const MAX_API_OVERRIDES = 100;

const Scope = Type.Union([Type.Literal(1), Type.Literal(2), Type.Literal(3)], { description: '1 the product (app_scope), 2 a group (group_scope), 3 every product.' });
const NullableId = (description: string) => Type.Optional(Type.Union([Id, Type.Null()], { description }));

export const ApiVersionOverrideItem = Type.Object({
  component: Text({ minLength: 1, maxLength: 300 }),
  version: Text({ minLength: 1, maxLength: 200 }),
  objects: Type.Array(Type.String({ pattern: SHA1_PATTERN }), {
    minItems: 1, maxItems: 10_000, description: 'SHA-1s of the component\'s extended objects (its files) in the product.',
  }),
  scope: Scope,
  app_scope: NullableId('The product: scope 1 needs it; for 2 and 3, the product the objects are in (else the newest ready product holding them).'),
  group_scope: NullableId('The group (scope 2).'),
}, { title: 'ApiVersionOverrideItem' });
export type ApiVersionOverrideItem = Static<typeof ApiVersionOverrideItem>;

export const ApiVersionOverridePut = Type.Array(ApiVersionOverrideItem, { minItems: 1, maxItems: MAX_API_OVERRIDES, description: 'All are made, or none.' });

export const ApiVersionOverride = Type.Object({
  id: Type.Integer(),
  component: Type.String(),
  version: Type.String(),
  objects: Type.Array(Type.String(), { description: 'Lower-case SHA-1s.' }),
  scope: Scope,
  app_scope: Type.Union([Type.Integer(), Type.Null()]),
  group_scope: Type.Union([Type.Integer(), Type.Null()]),
  user: Type.Union([Type.Integer(), Type.Null()], { description: 'Who made it; null once that user was removed.' }),
  created: Type.String({ format: 'date-time' }),
}, { title: 'ApiVersionOverride' });
export type ApiVersionOverride = Static<typeof ApiVersionOverride>;

export const ApiVersionOverrideList = Enveloped(Type.Array(ApiVersionOverride), 'ApiVersionOverrideList');
export type ApiVersionOverrideList = Static<typeof ApiVersionOverrideList>;

/** The public names of the /rest/ override fields, for the service's field errors. */
export const OVERRIDE_FIELD_NAMES: Readonly<Record<string, string>> = {
  component_name: 'component',
  hashes: 'objects',
  result_scope: 'app_scope',
  scan: 'app_scope',
};

export function toApiVersionOverride(override: VersionOverride): ApiVersionOverride {
  return {
    id: override.id,
    component: override.component_name,
    version: override.version,
    objects: override.hashes,
    scope: override.scope,
    app_scope: override.result_scope,
    group_scope: override.group_scope,
    user: override.user,
    created: override.created,
  };
}

/** The /rest/ request of one public override, made on the product `scan` the objects were checked in. */
export function toOverrideCreate(item: ApiVersionOverrideItem, scan: number): VersionOverrideCreate {
  return {
    scan,
    component_name: item.component,
    hashes: item.objects,
    version: item.version,
    scope: item.scope,
    ...(item.scope === 1 ? { result_scope: item.app_scope ?? scan } : {}),
    ...(item.scope === 2 ? { group_scope: item.group_scope ?? null } : {}),
  };
}

/** The first object that is not a file of the named component among these components; undefined when all are (400 when none has the name). */
export function unknownObject(components: readonly AdjustableComponent[], item: Pick<ApiVersionOverrideItem, 'component' | 'objects'>): string | undefined {
  const files = filesNamed(components, item.component);
  if (files === null) throw new AppError('api_override_component_unknown');
  return item.objects.map((sha1) => sha1.toLowerCase()).find((sha1) => !files.has(sha1));
}

/** Whether the components hold the named component with every object. */
export function holdsObjects(components: readonly AdjustableComponent[], item: Pick<ApiVersionOverrideItem, 'component' | 'objects'>): boolean {
  const files = filesNamed(components, item.component);
  return files !== null && item.objects.every((sha1) => files.has(sha1.toLowerCase()));
}

/** The SHA-1s of the files of the components of this name (any case); null when there is none. */
function filesNamed(components: readonly AdjustableComponent[], name: string): Set<string> | null {
  const named = components.filter((component) => sameName(component.name, name.trim()));
  return named.length === 0 ? null : new Set(named.flatMap((component) => [...component.hashes]));
}
