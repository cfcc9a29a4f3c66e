import { randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import type { KeyPair } from './key-pair.ts';

// xml-crypto's typings pull TypeScript's DOM library into the server build; loaded untyped.
interface SignedXmlInstance {
  addReference(reference: { xpath: string; digestAlgorithm: string; transforms: string[] }): void;
  computeSignature(xml: string, options: { location: { reference: string; action: 'after' | 'before' | 'append' | 'prepend' } }): void;
  getSignedXml(): string;
}
const { SignedXml } = createRequire(import.meta.url)('xml-crypto') as {
  SignedXml: new (options: { privateKey: string; publicCert: string; signatureAlgorithm: string; canonicalizationAlgorithm: string }) => SignedXmlInstance;
};

export interface ResponseOptions {
  keys: KeyPair;
  /** What the signature covers. */
  sign: 'assertion' | 'response';
  issuer: string;
  audience: string;
  acsUrl: string;
  inResponseTo: string;
  nameId: string;
  attributes?: Record<string, string>;
  /** Default now − 1 minute and now + 5 minutes. */
  notBefore?: Date;
  notOnOrAfter?: Date;
  assertionId?: string;
}

const MINUTE = 60_000;

/** A SAML 2.0 Response as an IdP sends it (HTTP-POST binding), signed with `keys`; base64. */
export function signedResponse(options: ResponseOptions, afterSigning: (xml: string) => string = (xml) => xml): string {
  const now = Date.now();
  const notBefore = (options.notBefore ?? new Date(now - MINUTE)).toISOString();
  const notOnOrAfter = (options.notOnOrAfter ?? new Date(now + 5 * MINUTE)).toISOString();
  const instant = new Date(now).toISOString();
  const assertionId = options.assertionId ?? `_a${randomBytes(16).toString('hex')}`;
  const attributes = Object.entries(options.attributes ?? {})
    .map(([name, value]) => `<saml:Attribute Name="${name}"><saml:AttributeValue>${value}</saml:AttributeValue></saml:Attribute>`)
    .join('');
  const assertion =
    `<saml:Assertion xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion" ID="${assertionId}" Version="2.0" IssueInstant="${instant}">` +
    `<saml:Issuer>${options.issuer}</saml:Issuer>` +
    '<saml:Subject>' +
    `<saml:NameID Format="urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress">${options.nameId}</saml:NameID>` +
    '<saml:SubjectConfirmation Method="urn:oasis:names:tc:SAML:2.0:cm:bearer">' +
    `<saml:SubjectConfirmationData NotOnOrAfter="${notOnOrAfter}" Recipient="${options.acsUrl}" InResponseTo="${options.inResponseTo}"/>` +
    '</saml:SubjectConfirmation></saml:Subject>' +
    `<saml:Conditions NotBefore="${notBefore}" NotOnOrAfter="${notOnOrAfter}">` +
    `<saml:AudienceRestriction><saml:Audience>${options.audience}</saml:Audience></saml:AudienceRestriction></saml:Conditions>` +
    `<saml:AuthnStatement AuthnInstant="${instant}" SessionIndex="_s${randomBytes(8).toString('hex')}">` +
    '<saml:AuthnContext><saml:AuthnContextClassRef>urn:oasis:names:tc:SAML:2.0:ac:classes:Password</saml:AuthnContextClassRef></saml:AuthnContext></saml:AuthnStatement>' +
    (attributes ? `<saml:AttributeStatement>${attributes}</saml:AttributeStatement>` : '') +
    '</saml:Assertion>';
  const response =
    `<samlp:Response xmlns:samlp="urn:oasis:names:tc:SAML:2.0:protocol" xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion" ID="_r${randomBytes(16).toString('hex')}" Version="2.0" ` +
    `IssueInstant="${instant}" Destination="${options.acsUrl}" InResponseTo="${options.inResponseTo}">` +
    `<saml:Issuer>${options.issuer}</saml:Issuer>` +
    '<samlp:Status><samlp:StatusCode Value="urn:oasis:names:tc:SAML:2.0:status:Success"/></samlp:Status>' +
    assertion +
    '</samlp:Response>';
  const element = options.sign === 'assertion' ? 'Assertion' : 'Response';
  const signer = new SignedXml({
    privateKey: options.keys.privateKey,
    publicCert: options.keys.certificate,
    signatureAlgorithm: 'http://www.w3.org/2001/04/xmldsig-more#rsa-sha256',
    canonicalizationAlgorithm: 'http://www.w3.org/2001/10/xml-exc-c14n#',
  });
  signer.addReference({
    xpath: `//*[local-name(.)='${element}']`,
    digestAlgorithm: 'http://www.w3.org/2001/04/xmlenc#sha256',
    transforms: ['http://www.w3.org/2000/09/xmldsig#enveloped-signature', 'http://www.w3.org/2001/10/xml-exc-c14n#'],
  });
  // The signature goes right after the signed element's Issuer, where the SAML schema wants it.
  signer.computeSignature(response, { location: { reference: `//*[local-name(.)='${element}']/*[local-name(.)='Issuer']`, action: 'after' } });
  return Buffer.from(afterSigning(signer.getSignedXml())).toString('base64');
}
