// JSON manifests and lock files: parse or say why not, never throw.

export type JsonResult = { value: unknown } | { error: string };

export function parseJson(bytes: Buffer): JsonResult {
  try {
    return { value: JSON.parse(bytes.toString('utf8')) as unknown };
  } catch (err) {
    return { error: `not JSON: ${(err as Error).message}` };
  }
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The string at `key`, trimmed, or '' when absent or not a string. */
export function stringField(record: Record<string, unknown>, key: string): string {
  const value = record[key];
  return typeof value === 'string' ? value.trim() : '';
}

/** SPDX-ish licence declarations: a string, `{type}`, or an array of either. */
export function licenseValues(value: unknown): string[] {
  const out: string[] = [];
  const add = (v: unknown): void => {
    if (typeof v === 'string' && v.trim() !== '') out.push(v.trim());
    else if (isRecord(v) && typeof v.type === 'string' && v.type.trim() !== '') out.push(v.type.trim());
  };
  if (Array.isArray(value)) value.forEach(add);
  else add(value);
  return [...new Set(out)];
}
