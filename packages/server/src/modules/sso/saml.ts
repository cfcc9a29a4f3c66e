import { type CacheProvider, generateServiceProviderMetadata, SAML, ValidateInResponseTo } from '@node-saml/node-saml';
import { checkAssertion, type CheckedAssertion, readEnvelope } from './assertion-checks.ts';
import { refusalOfLibraryError, SsoRefusal } from './refusals.ts';

/** How long an AuthnRequest we sent may be answered. */
export const REQUEST_TTL_MS = 10 * 60 * 1000;
const EMAIL_NAME_ID = 'urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress';

export interface SamlPeers {
  idpEntityId: string;
  idpSsoUrl: string;
  idpCertificates: string[];
  spEntityId: string;
  acsUrl: string;
  /** Empty: the NameID carries the e-mail, so the request asks for an e-mail NameID. */
  emailAttribute: string;
}

/** Where the AuthnRequest ids we sent are kept (sso_requests). */
export interface RequestStore {
  save(id: string, expiresAt: Date): Promise<void>;
  find(id: string): Promise<{ bindingHash: string; expiresAt: Date } | undefined>;
}

export interface VerifiedResponse extends CheckedAssertion {
  /** The request this answers; the caller forgets it in the same transaction as the sign-in. */
  requestId: string;
}

/** The IdP's sign-on URL with a new AuthnRequest (HTTP-Redirect binding), whose id is stored. */
export async function authorizeUrl(peers: SamlPeers, requests: RequestStore, relayState: string, now: () => Date): Promise<string> {
  return samlFor(peers, requests, now).getAuthorizeUrlAsync(relayState, undefined, {});
}

/**
 * A POSTed SAMLResponse checked through: node-saml verifies the XML signature (of the response
 * or of its one assertion) against the configured certificates and that InResponseTo names a
 * request we sent; then our own checks read the signed assertion (assertion-checks.ts).
 * Throws SsoRefusal.
 */
export async function verifyResponse(peers: SamlPeers, requests: RequestStore, samlResponse: string, now: () => Date): Promise<VerifiedResponse> {
  const xml = Buffer.from(samlResponse, 'base64').toString('utf8');
  const envelope = readEnvelope(xml);
  if (envelope.destination !== null && envelope.destination !== peers.acsUrl) {
    throw new SsoRefusal('wrong_recipient', `The response is addressed to "${envelope.destination}", not to ${peers.acsUrl}.`);
  }
  if (envelope.inResponseTo === null) throw new SsoRefusal('unknown_request', 'The response answers no request of ours (no InResponseTo): IdP-initiated sign-on is not accepted.');
  let assertionXml: string;
  try {
    const { profile } = await samlFor(peers, requests, now).validatePostResponseAsync({ SAMLResponse: samlResponse });
    if (!profile) throw new SsoRefusal('invalid_response', 'The response carries no assertion.');
    assertionXml = profile.getAssertionXml?.() ?? '';
  } catch (error) {
    throw error instanceof SsoRefusal ? error : refusalOfLibraryError(error);
  }
  const checked = checkAssertion(assertionXml, envelope.inResponseTo, { ...peers, now: now() });
  return { ...checked, requestId: envelope.inResponseTo };
}

/** The issuer and ID the unsigned response claims for its assertion, to refuse a replay by its own code. */
export function claimedAssertionKey(samlResponse: string): string | null {
  try {
    return readEnvelope(Buffer.from(samlResponse, 'base64').toString('utf8')).claimedAssertionKey;
  } catch {
    return null;
  }
}

/** Our SP metadata: entity id, and the ACS taking HTTP-POST responses. */
export function serviceProviderMetadata(spEntityId: string, acsUrl: string, emailAttribute: string): string {
  return generateServiceProviderMetadata({
    issuer: spEntityId,
    callbackUrl: acsUrl,
    identifierFormat: emailAttribute === '' ? EMAIL_NAME_ID : null,
    wantAssertionsSigned: true,
  });
}

function samlFor(peers: SamlPeers, requests: RequestStore, now: () => Date): SAML {
  const cacheProvider: CacheProvider = {
    async saveAsync(key, value) {
      await requests.save(key, new Date(now().getTime() + REQUEST_TTL_MS));
      return { value, createdAt: now().getTime() };
    },
    async getAsync(key) {
      const found = await requests.find(key);
      // node-saml reads the value as the request's creation time.
      return found ? new Date(found.expiresAt.getTime() - REQUEST_TTL_MS).toISOString() : null;
    },
    // The service forgets an answered request in its own transaction, with the sign-in or the refusal.
    async removeAsync(key) {
      return key;
    },
  };
  return new SAML({
    issuer: peers.spEntityId,
    callbackUrl: peers.acsUrl,
    entryPoint: peers.idpSsoUrl,
    idpCert: peers.idpCertificates,
    // assertion-checks.ts checks audience and time with its own refusal codes.
    audience: false,
    acceptedClockSkewMs: -1,
    wantAssertionsSigned: false,
    wantAuthnResponseSigned: false,
    validateInResponseTo: ValidateInResponseTo.always,
    requestIdExpirationPeriodMs: REQUEST_TTL_MS,
    cacheProvider,
    identifierFormat: peers.emailAttribute === '' ? EMAIL_NAME_ID : null,
    disableRequestedAuthnContext: true,
  });
}
