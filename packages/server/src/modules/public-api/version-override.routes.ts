// PUT /api/versionoverride/ (public-api.md §2.6): the ODG client's set_component_version.
// Overrides are made by the /rest/ version-overrides service, so that its checks (the company
// switch of each scope, change_appcheckgroup on the product or group, change_companyaccount for
// scope 3), its audit and the re-evaluation hold here too.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { envelope } from '../../lib/api-envelope.ts';
import type { ScopeResolver } from '../../lib/access.ts';
import { AppError } from '../../lib/errors.ts';
import { viewerOf } from '../../plugins/guard.ts';
import { overrideTarget } from '../component-adjustments/override-scope.ts';
import type { AdjustableComponents } from '../component-adjustments/scan-components.ts';
import type { ScansService } from '../scans/service.ts';
import type { Viewer } from '../users/viewer.ts';
import type { VersionOverride, VersionOverrideCreate } from '../version-overrides/schemas.ts';
import type { VersionOverridesService } from '../version-overrides/service.ts';
import { newestHolding } from './triage.routes.ts';
import { withPublicFields } from './triage-mapping.ts';
import {
  type ApiVersionOverrideItem, ApiVersionOverrideList, ApiVersionOverridePut, holdsObjects, OVERRIDE_FIELD_NAMES, toApiVersionOverride, toOverrideCreate, unknownObject,
} from './version-override-mapping.ts';

export interface PublicVersionOverrideDeps {
  versionOverrides: VersionOverridesService;
  access: ScopeResolver;
  /** A ready product's components as users adjusted them, with their files' SHA-1s. */
  components: AdjustableComponents;
  scans: Pick<ScansService, 'list'>;
}

export const publicVersionOverrideRoutes: FastifyPluginAsyncTypebox<PublicVersionOverrideDeps> = async (app, deps) => {
  app.put('/api/versionoverride', {
    // Each override's scope decides who may make it (the service checks it): the route needs a caller.
    config: { permission: 'authenticated' },
    schema: {
      tags: ['public-api'],
      summary: "Overrides components' versions for their extended objects: a list, made entirely or not at all",
      description: 'Scope 1 needs app_scope (the product), 2 group_scope, 3 change_companyaccount; each only while its company switch is on. The products reached are re-evaluated.',
      body: ApiVersionOverridePut,
      response: { 200: ApiVersionOverrideList },
    },
  }, async (request): Promise<ApiVersionOverrideList> => {
    const viewer = viewerOf(request);
    const items = request.body;
    const label = (index: number) => (message: string) => (items.length > 1 ? `Override ${index + 1}: ${message}` : message);
    // Every product, component and object is checked before anything is stored.
    const creates: VersionOverrideCreate[] = [];
    for (const [index, item] of items.entries()) {
      try {
        creates.push(await overrideCreate(deps, viewer, item));
      } catch (error) {
        throw withPublicFields(error, OVERRIDE_FIELD_NAMES, label(index));
      }
    }
    const made: VersionOverride[] = [];
    for (const [index, create] of creates.entries()) {
      try {
        made.push(await deps.versionOverrides.create(viewer, create));
      } catch (error) {
        // The service stores one override at a time: the ones already made go again, so that
        // a refused override (its scope's switch, the caller's permission) leaves none.
        for (const override of made.reverse()) await deps.versionOverrides.remove(viewer, override.id);
        throw withPublicFields(error, OVERRIDE_FIELD_NAMES, label(index));
      }
    }
    return envelope(made.map(toApiVersionOverride));
  });
};

/** The /rest/ request of one override, on the product it names or, for scopes 2 and 3 without one, the newest ready product holding the objects. */
async function overrideCreate(deps: PublicVersionOverrideDeps, viewer: Viewer, item: ApiVersionOverrideItem): Promise<VersionOverrideCreate> {
  if (item.scope === 1 && item.app_scope == null) throw new AppError('api_override_product_missing');
  if (item.scope === 2 && item.group_scope == null) throw new AppError('api_override_group_missing');
  // Who may override at this scope, before any product is searched: as the service decides it.
  await overrideTarget(viewer, deps.access, { scope: item.scope, group_scope: item.group_scope ?? null, result_scope: item.scope === 1 ? item.app_scope : null });
  const productId = item.app_scope ?? null;
  if (productId === null) {
    const found = await newestHolding(deps, viewer, item.scope === 2 ? (item.group_scope ?? null) : null, (components) => holdsObjects(components, item));
    if (found === null) throw new AppError('api_override_objects_nowhere');
    return toOverrideCreate(item, found);
  }
  if (!(await deps.access.resolve(viewer, { scan: productId }))) throw new AppError('api_override_product_not_found');
  const components = await deps.components(productId);
  if (!components) throw new AppError('scan_not_ready');
  const unknown = unknownObject(components, item);
  if (unknown !== undefined) {
    throw new AppError('api_override_object_unknown', `${unknown} is not an extended object of ${item.component} in product ${productId}: give the SHA-1s of its extended objects.`);
  }
  return toOverrideCreate(item, productId);
}
