import type { CheckedAssertion } from './assertion-checks.ts';

/** "jane.doe@example.com": one @, no spaces, at most 254 characters. */
const EMAIL = /^[^\s@]+@[^\s@]+$/;

/** The user's e-mail from the configured attribute (its first value), or from the NameID; lower-cased. */
export function emailOf(assertion: Pick<CheckedAssertion, 'nameId' | 'attributes'>, attribute: string): string | null {
  const raw = attribute === '' ? assertion.nameId : (assertion.attributes.get(attribute)?.[0] ?? null);
  const email = raw?.trim().toLowerCase() ?? '';
  return email.length <= 254 && EMAIL.test(email) ? email : null;
}
