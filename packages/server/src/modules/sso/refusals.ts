/**
 * Why a single sign-on was refused: the code goes to /login?sso_error=<code>, where the web app
 * shows its message (features/sso), and into the audit event with the reason.
 */
export const REFUSAL_CODES = [
  'disabled',
  'invalid_response',
  'invalid_signature',
  'wrong_issuer',
  'wrong_audience',
  'wrong_recipient',
  'expired',
  'not_yet_valid',
  'unknown_request',
  'replayed',
  'idp_error',
  'no_email',
  'unknown_user',
  'inactive_user',
  'wrong_browser',
] as const;
export type RefusalCode = (typeof REFUSAL_CODES)[number];

export class SsoRefusal extends Error {
  readonly code: RefusalCode;

  constructor(code: RefusalCode, reason: string) {
    super(reason);
    this.name = 'SsoRefusal';
    this.code = code;
  }
}

/** node-saml's errors (its messages are its API: lib/saml.js) as our codes; anything else is a malformed response. */
export function refusalOfLibraryError(error: unknown): SsoRefusal {
  const message = error instanceof Error ? error.message.slice(0, 300) : 'unknown error';
  if (error instanceof Error && error.name === 'SamlStatusError') return new SsoRefusal('idp_error', message);
  if (/InResponseTo/i.test(message)) return new SsoRefusal('unknown_request', message);
  if (/signature|Cannot obtain assertion/i.test(message)) return new SsoRefusal('invalid_signature', message);
  return new SsoRefusal('invalid_response', message);
}
