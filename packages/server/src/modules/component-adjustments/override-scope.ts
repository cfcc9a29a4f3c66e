// Where a version or licence override holds (spec §9 version override scopes: 1 one result,
// 2 a group and, with inheritance, its subgroups, 3 every scan of the account), who sees one
// and who may make or remove one: change_appcheckgroup on the result's or the group's group,
// change_companyaccount for a global one. The one place both override kinds decide it.
import { and, eq, exists, or, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { Type } from 'typebox';
import type { Db } from '../../db/client.ts';
import { scans, type VersionOverrideScope } from '../../db/schema/index.ts';
import type { ScopeResolver } from '../../lib/access.ts';
import { AppError } from '../../lib/errors.ts';
import { Id } from '../../lib/schemas.ts';
import { inVisibleGroupWhere } from '../groups/scope.ts';
import type { Viewer } from '../users/viewer.ts';

export const OVERRIDE_SCOPES = [1, 2, 3] as const;
export type OverrideScope = VersionOverrideScope;

/** The scope fields of an override request, as the spec names them. */
export const OverrideScopeFields = {
  scope: Type.Enum(OVERRIDE_SCOPES, { description: '1 result, 2 group, 3 global.' }),
  group_scope: Type.Optional(Type.Union([Id, Type.Null()], { description: 'The group (scope 2).' })),
  result_scope: Type.Optional(Type.Union([Id, Type.Null()], { description: 'The application (scope 1).' })),
};

export interface OverrideTarget {
  scope: OverrideScope;
  groupScope: number | null;
  resultScope: number | null;
}

/**
 * The stored reach of a request, checked before anything is stored: 400 for a scope without
 * its group or result or naming one the viewer cannot see, 403 without the permission there.
 */
export async function overrideTarget(
  viewer: Viewer,
  access: ScopeResolver,
  fields: { scope: OverrideScope; group_scope?: number | null; result_scope?: number | null },
): Promise<OverrideTarget> {
  if (fields.scope === 3) {
    if (!viewer.permissions.includes('change_companyaccount')) throw new AppError('forbidden');
    return { scope: 3, groupScope: null, resultScope: null };
  }
  if (fields.scope === 2) {
    if (fields.group_scope == null) throw new AppError('override_scope_group');
    const found = await access.resolve(viewer, { group: fields.group_scope });
    if (!found) throw new AppError('override_group_not_found');
    if (!found.permissions.includes('change_appcheckgroup')) throw new AppError('forbidden');
    return { scope: 2, groupScope: fields.group_scope, resultScope: null };
  }
  if (fields.result_scope == null) throw new AppError('override_scope_result');
  const found = await access.resolve(viewer, { scan: fields.result_scope });
  if (!found) throw new AppError('override_result_not_found');
  if (!found.permissions.includes('change_appcheckgroup')) throw new AppError('forbidden');
  return { scope: 1, groupScope: null, resultScope: fields.result_scope };
}

/** Whether the viewer may change or remove a stored override they see: 404 when its group or result went out of sight, 403 without the permission. */
export async function assertMayChangeOverride(viewer: Viewer, access: ScopeResolver, row: OverrideTarget): Promise<void> {
  const target = row.scope === 2 && row.groupScope !== null ? { group: row.groupScope } : row.scope === 1 && row.resultScope !== null ? { scan: row.resultScope } : null;
  if (target === null) {
    if (!viewer.permissions.includes('change_companyaccount')) throw new AppError('forbidden');
    return;
  }
  const found = await access.resolve(viewer, target);
  if (!found) throw new AppError('not_found');
  if (!found.permissions.includes('change_appcheckgroup')) throw new AppError('forbidden');
}

interface OverrideScopeColumns {
  scope: AnyPgColumn;
  groupScope: AnyPgColumn;
  resultScope: AnyPgColumn;
}

/** Who sees an override: a global one everyone, a group's whoever sees the group, a result's whoever sees the result. */
export function overrideVisibleWhere(db: Db, viewer: Viewer, table: OverrideScopeColumns): SQL | undefined {
  const groupSeen = inVisibleGroupWhere(db, viewer, table.groupScope);
  if (groupSeen === undefined) return undefined;
  const resultSeen = exists(db.select({ one: sql`1` }).from(scans).where(and(eq(scans.id, table.resultScope), inVisibleGroupWhere(db, viewer, scans.groupId))));
  return or(eq(table.scope, 3), and(eq(table.scope, 2), groupSeen), and(eq(table.scope, 1), resultSeen));
}

