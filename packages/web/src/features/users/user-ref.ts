import { isValidId, parseId } from '../../lib/route-params.ts';
import type { UserRef } from './api/users.ts';

/** "me" → 'me', "42" → 42, anything else → NaN, which the route turns into not-found. */
export function parseUserRef(raw: string): UserRef {
  return raw === 'me' ? 'me' : parseId(raw);
}

export function isValidUserRef(ref: UserRef): boolean {
  return ref === 'me' || isValidId(ref);
}
