/** What /login?sso_error=<code> tells the user (codes of the server's modules/sso/refusals.ts). */
const MESSAGES: Record<string, string> = {
  disabled: 'Single sign-on is turned off. Log in with your e-mail and password.',
  invalid_response: "The identity provider's answer could not be read. Try again, or ask your administrator.",
  invalid_signature: "The identity provider's answer is not signed with the certificate Binlens trusts. Ask your administrator to check the single sign-on settings.",
  wrong_issuer: 'The answer came from an identity provider Binlens is not set up for. Ask your administrator to check the single sign-on settings.',
  wrong_audience: "The identity provider's answer was meant for another service. Ask your administrator to check the single sign-on settings.",
  wrong_recipient: "The identity provider's answer was addressed to another Binlens address. Ask your administrator to check the single sign-on settings.",
  expired: "The identity provider's answer has expired (the sign-in took too long, or the clocks differ). Try again.",
  not_yet_valid: "The identity provider's answer is not valid yet (the clocks differ). Try again in a minute.",
  unknown_request: 'This sign-in was not started here, or took too long. Start again with the single sign-on button.',
  replayed: 'This sign-in was already used. Start again with the single sign-on button.',
  idp_error: 'The identity provider did not sign you in.',
  no_email: 'The identity provider did not send your e-mail address. Ask your administrator to check the single sign-on settings.',
  unknown_user: 'There is no Binlens account for your e-mail address. Ask your administrator to invite you.',
  inactive_user: 'Your Binlens account is deactivated. Ask your administrator.',
  wrong_browser: 'This sign-in was started in another browser, or its cookie was blocked. Start again with the single sign-on button here.',
};

export function ssoErrorMessage(code: string): string {
  return MESSAGES[code] ?? 'Single sign-on failed. Try again, or log in with your e-mail and password.';
}
