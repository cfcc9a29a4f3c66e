// Spec §5: updates of scans, groups, users, company settings and triages send only the fields
// that changed, and nothing at all when nothing changed. Every edit form builds its PATCH body here.

export interface ChangedFieldsOptions<T> {
  /**
   * Fields the server trims before storing (a group's name): compared, and sent, trimmed, so
   * "Routers " against a stored "Routers" is no change and " Gateways" is sent as "Gateways".
   */
  trim?: readonly (keyof T & string)[];
}

/**
 * The edited fields whose values differ from the stored object, or null when none do.
 * Values are compared as JSON values (arrays and objects by content); only keys present in
 * `edited` are considered, so a form answers for the fields it shows and no others.
 */
export function changedFields<T extends object>(
  stored: T,
  edited: Partial<T>,
  options: ChangedFieldsOptions<T> = {},
): Partial<T> | null {
  const trimmed = new Set<string>(options.trim ?? []);
  const changes: Partial<T> = {};
  let changed = false;
  for (const key of Object.keys(edited) as (keyof T & string)[]) {
    let value = edited[key];
    if (value === undefined) continue;
    let before: unknown = stored[key];
    if (trimmed.has(key) && typeof value === 'string') {
      value = value.trim() as T[keyof T & string];
      if (typeof before === 'string') before = before.trim();
    }
    if (sameValue(before, value)) continue;
    changes[key] = value;
    changed = true;
  }
  return changed ? changes : null;
}

/** Structural equality of JSON values: what the server would compare after parsing the body. */
function sameValue(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((item, index) => sameValue(item, b[index]));
  if (isPlainObject(a) && isPlainObject(b)) {
    const keys = Object.keys(a);
    return keys.length === Object.keys(b).length && keys.every((key) => Object.hasOwn(b, key) && sameValue(a[key], b[key]));
  }
  return false;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
