import { createHash } from 'node:crypto';
import { SsoRefusal } from './refusals.ts';
import { childrenOf, parseXml, textOf as text, type XmlElement } from './xml-dom.ts';

const SAML = 'urn:oasis:names:tc:SAML:2.0:assertion';
const PROTOCOL = 'urn:oasis:names:tc:SAML:2.0:protocol';
const BEARER = 'urn:oasis:names:tc:SAML:2.0:cm:bearer';
/** Clocks of IdP and server may differ this much. */
export const CLOCK_SKEW_MS = 2 * 60 * 1000;
/** A used assertion with no NotOnOrAfter is remembered this long. */
const DEFAULT_REMEMBER_MS = 24 * 3600 * 1000;

export interface ResponseEnvelope {
  inResponseTo: string | null;
  destination: string | null;
  /** issuer + ID of the one assertion, as claimed before any signature is checked. */
  claimedAssertionKey: string | null;
}

export interface Expected {
  idpEntityId: string;
  spEntityId: string;
  acsUrl: string;
  now: Date;
}

export interface CheckedAssertion {
  /** sha256 of issuer and assertion ID: what replay protection remembers. */
  key: string;
  /** Until when the assertion could be used: it is remembered that long. */
  expiresAt: Date;
  nameId: string | null;
  attributes: Map<string, string[]>;
}

/** The unsigned outside of a Response: read before node-saml checks signatures. */
export function readEnvelope(xml: string): ResponseEnvelope {
  const root = parse(xml);
  if (root.localName !== 'Response' || root.namespaceURI !== PROTOCOL) throw new SsoRefusal('invalid_response', 'The message is not a SAML Response.');
  if (childrenOf(root, PROTOCOL, 'EncryptedAssertion').length > 0) throw new SsoRefusal('invalid_response', 'Encrypted assertions are not supported.');
  const assertions = childrenOf(root, SAML, 'Assertion');
  const assertion = assertions.length === 1 ? assertions[0] : undefined;
  const issuer = assertion ? text(childrenOf(assertion, SAML, 'Issuer')[0]) : null;
  const id = assertion?.getAttribute('ID') ?? null;
  return {
    inResponseTo: root.getAttribute('InResponseTo') || null,
    destination: root.getAttribute('Destination') || null,
    claimedAssertionKey: issuer && id ? assertionKey(issuer, id) : null,
  };
}

/**
 * The checks on an assertion whose signature node-saml has verified (its XML as signed):
 * issuer, audience, time window, bearer confirmation for our ACS, and the user's identifiers.
 */
export function checkAssertion(xml: string, inResponseTo: string, expected: Expected): CheckedAssertion {
  const assertion = parse(xml);
  if (assertion.localName !== 'Assertion' || assertion.namespaceURI !== SAML) throw new SsoRefusal('invalid_response', 'The signed part is not an assertion.');
  const id = assertion.getAttribute('ID') ?? '';
  const issuer = text(childrenOf(assertion, SAML, 'Issuer')[0]);
  if (issuer !== expected.idpEntityId) throw new SsoRefusal('wrong_issuer', `The assertion was issued by "${issuer ?? ''}", not by the configured IdP.`);
  if (id === '') throw new SsoRefusal('invalid_response', 'The assertion has no ID.');

  const conditions = childrenOf(assertion, SAML, 'Conditions');
  if (conditions.length !== 1 || !conditions[0]) throw new SsoRefusal('invalid_response', 'The assertion must carry exactly one Conditions element.');
  const condition = conditions[0];
  const window = checkWindow(condition, expected.now, 'The assertion');
  const audiences = childrenOf(condition, SAML, 'AudienceRestriction');
  if (audiences.length === 0) throw new SsoRefusal('wrong_audience', 'The assertion names no audience.');
  for (const restriction of audiences) {
    const names = childrenOf(restriction, SAML, 'Audience').map(text);
    if (!names.includes(expected.spEntityId)) throw new SsoRefusal('wrong_audience', `The assertion is meant for ${names.join(', ') || 'nobody'}, not for ${expected.spEntityId}.`);
  }

  const subject = childrenOf(assertion, SAML, 'Subject')[0];
  const confirmation = subject && bearerConfirmation(subject, inResponseTo, expected);
  if (!confirmation) throw new SsoRefusal('invalid_response', 'The assertion has no bearer subject confirmation.');
  const until = [window.notOnOrAfter, confirmation.notOnOrAfter].filter((date): date is Date => date !== null);
  const expiresAt = until.length > 0 ? new Date(Math.min(...until.map((date) => date.getTime())) + CLOCK_SKEW_MS) : new Date(expected.now.getTime() + DEFAULT_REMEMBER_MS);
  return {
    key: assertionKey(issuer ?? '', id),
    expiresAt,
    nameId: subject ? text(childrenOf(subject, SAML, 'NameID')[0]) : null,
    attributes: attributesOf(assertion),
  };
}

export function assertionKey(issuer: string, id: string): string {
  return createHash('sha256').update(issuer).update('\0').update(id).digest('hex');
}

function parse(xml: string): XmlElement {
  const root = parseXml(xml);
  if (!root) throw new SsoRefusal('invalid_response', 'The SAML message is not well-formed XML (or has a DOCTYPE).');
  return root;
}

function checkWindow(element: XmlElement, now: Date, what: string): { notOnOrAfter: Date | null } {
  const notBefore = dateAttribute(element, 'NotBefore');
  const notOnOrAfter = dateAttribute(element, 'NotOnOrAfter');
  if (notBefore && now.getTime() + CLOCK_SKEW_MS < notBefore.getTime()) throw new SsoRefusal('not_yet_valid', `${what} is valid only from ${notBefore.toISOString()}.`);
  if (notOnOrAfter && now.getTime() - CLOCK_SKEW_MS >= notOnOrAfter.getTime()) throw new SsoRefusal('expired', `${what} expired at ${notOnOrAfter.toISOString()}.`);
  return { notOnOrAfter };
}

/** The bearer SubjectConfirmationData: for our ACS, in its time window, in response to our request. */
function bearerConfirmation(subject: XmlElement, inResponseTo: string, expected: Expected): { notOnOrAfter: Date | null } | null {
  const bearers = childrenOf(subject, SAML, 'SubjectConfirmation').filter((confirmation) => confirmation.getAttribute('Method') === BEARER);
  const data = bearers.map((bearer) => childrenOf(bearer, SAML, 'SubjectConfirmationData')[0]).find((found) => found !== undefined);
  if (!data) return null;
  const recipient = data.getAttribute('Recipient') ?? '';
  if (recipient !== expected.acsUrl) throw new SsoRefusal('wrong_recipient', `The assertion is addressed to "${recipient}", not to ${expected.acsUrl}.`);
  const answered = data.getAttribute('InResponseTo');
  if (answered && answered !== inResponseTo) throw new SsoRefusal('unknown_request', 'The assertion answers another request than its response.');
  return checkWindow(data, expected.now, 'The subject confirmation');
}

function attributesOf(assertion: XmlElement): Map<string, string[]> {
  const attributes = new Map<string, string[]>();
  for (const statement of childrenOf(assertion, SAML, 'AttributeStatement')) {
    for (const attribute of childrenOf(statement, SAML, 'Attribute')) {
      const values = childrenOf(attribute, SAML, 'AttributeValue').map(text).filter((value): value is string => value !== null);
      for (const name of [attribute.getAttribute('Name'), attribute.getAttribute('FriendlyName')]) {
        if (name) attributes.set(name, [...(attributes.get(name) ?? []), ...values]);
      }
    }
  }
  return attributes;
}

function dateAttribute(element: XmlElement, name: string): Date | null {
  const value = element.getAttribute(name);
  if (!value) return null;
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) throw new SsoRefusal('invalid_response', `${name} is not a date: "${value.slice(0, 40)}".`);
  return date;
}
