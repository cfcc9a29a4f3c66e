import { certificateFromBase64 } from './certificates.ts';
import { childrenOf as children, parseXml } from './xml-dom.ts';

/** Metadata documents of real IdPs are a few kilobytes; a federation's aggregate is not what this reads. */
export const MAX_METADATA_BYTES = 256 * 1024;

const MD = 'urn:oasis:names:tc:SAML:2.0:metadata';
const DS = 'http://www.w3.org/2000/09/xmldsig#';
const REDIRECT_BINDING = 'urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect';

export interface IdpMetadata {
  entityId: string;
  ssoUrl: string;
  certificates: string[];
}

/**
 * An IdP's SAML metadata (one EntityDescriptor with an IDPSSODescriptor): its entity id, its
 * HTTP-Redirect SingleSignOnService and its signing certificates. Bounded in size, and a
 * DOCTYPE is refused outright, so no entity expansion or external reference is ever read.
 */
export function parseIdpMetadata(xml: string): IdpMetadata | { error: string } {
  if (Buffer.byteLength(xml) > MAX_METADATA_BYTES) return { error: `The metadata is larger than ${MAX_METADATA_BYTES / 1024} KiB.` };
  if (/<!DOCTYPE/i.test(xml)) return { error: 'Metadata with a DOCTYPE is not accepted.' };
  const root = parseXml(xml);
  if (!root) return { error: 'The metadata is not well-formed XML.' };
  const entity = root.localName === 'EntityDescriptor' && root.namespaceURI === MD ? root : null;
  const idp = entity ? children(entity, MD, 'IDPSSODescriptor')[0] : undefined;
  if (!entity || !idp) return { error: 'The metadata holds no IdP (an EntityDescriptor with an IDPSSODescriptor).' };
  const entityId = entity.getAttribute('entityID') ?? '';
  const ssoUrl = children(idp, MD, 'SingleSignOnService').find((service) => service.getAttribute('Binding') === REDIRECT_BINDING)?.getAttribute('Location') ?? '';
  if (entityId === '' || ssoUrl === '') return { error: 'The metadata names no entity id or no HTTP-Redirect single sign-on service.' };
  const certificates: string[] = [];
  for (const key of children(idp, MD, 'KeyDescriptor')) {
    if ((key.getAttribute('use') ?? 'signing') !== 'signing') continue;
    for (const node of Array.from(key.getElementsByTagNameNS(DS, 'X509Certificate'))) {
      const pem = certificateFromBase64(node.textContent ?? '');
      if (!pem) return { error: 'A signing certificate in the metadata is not a valid X.509 certificate.' };
      if (!certificates.includes(pem)) certificates.push(pem);
    }
  }
  if (certificates.length === 0) return { error: 'The metadata names no signing certificate.' };
  return { entityId, ssoUrl, certificates };
}
