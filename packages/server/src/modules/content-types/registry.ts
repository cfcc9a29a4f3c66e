// The kinds of object an audit event names (spec §3 "Content type: id"): the `object` of
// every event is `<prefix>:<id>` or a bare prefix for the account's single objects. Ids are
// stable: a new kind gets the next id, none is ever renumbered or reused.

export interface ContentTypeEntry {
  id: number;
  /** What GET /rest/content-type/ calls it, e.g. `group`. */
  model: string;
  name: string;
  /** The audit event object's prefix, e.g. `group` in `group:12`. */
  prefix: string;
}

export const CONTENT_TYPES: readonly ContentTypeEntry[] = [
  { id: 1, model: 'company', name: 'Company account', prefix: 'company' },
  { id: 2, model: 'user', name: 'User', prefix: 'user' },
  { id: 3, model: 'group', name: 'Group', prefix: 'group' },
  { id: 4, model: 'scan', name: 'Application', prefix: 'scan' },
  { id: 5, model: 'api_key', name: 'API key', prefix: 'api_key' },
  { id: 6, model: 'api_key_network', name: 'API key network', prefix: 'api_key_network' },
  { id: 7, model: 'session', name: 'Session', prefix: 'session' },
  { id: 8, model: 'knowledge_base', name: 'Vulnerability knowledge base', prefix: 'knowledge-base' },
  { id: 9, model: 'message', name: 'Login message', prefix: 'message' },
  { id: 10, model: 'system_status', name: 'System status entry', prefix: 'system_status' },
  { id: 11, model: 'notice', name: 'Notice', prefix: 'notice' },
  { id: 12, model: 'triage', name: 'Triage', prefix: 'triage' },
];

const BY_PREFIX = new Map(CONTENT_TYPES.map((type) => [type.prefix, type]));

/** `group:12` → content type 3, object 12; `company` → 1, null; an unknown prefix → null, null. */
export function objectOf(object: string): { contentType: number | null; objectId: number | null } {
  const colon = object.indexOf(':');
  const prefix = colon < 0 ? object : object.slice(0, colon);
  const rest = colon < 0 ? '' : object.slice(colon + 1);
  const id = /^\d+$/.test(rest) ? Number(rest) : null; // "12" of "group:12"; "unknown" of "user:unknown" is none
  return { contentType: BY_PREFIX.get(prefix)?.id ?? null, objectId: id };
}
