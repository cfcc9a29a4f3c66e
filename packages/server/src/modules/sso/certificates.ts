import { X509Certificate } from 'node:crypto';

// "-----BEGIN CERTIFICATE-----\nMIIC...\n-----END CERTIFICATE-----"
const PEM_BLOCK = /-----BEGIN CERTIFICATE-----([\s\S]*?)-----END CERTIFICATE-----/g;
// The base64 body of a certificate, e.g. "MIIC8DCCAdigAwIBAgIU...=" (whitespace allowed between lines).
const BASE64_BODY = /^[A-Za-z0-9+/\s]+={0,2}\s*$/;

export const MAX_CERTIFICATES = 5;

/**
 * One or more PEM certificates (as pasted into the settings form, or several concatenated),
 * each parsed as X.509: the normalised PEM blocks, or the reason they are refused.
 */
export function parseCertificates(text: string): { pems: string[] } | { error: string } {
  const blocks = [...text.matchAll(PEM_BLOCK)];
  const outside = text.replace(PEM_BLOCK, '').trim();
  if (blocks.length === 0 || outside !== '') return { error: 'Enter one or more PEM X.509 certificates (-----BEGIN CERTIFICATE----- … -----END CERTIFICATE-----).' };
  if (blocks.length > MAX_CERTIFICATES) return { error: `Enter at most ${MAX_CERTIFICATES} certificates.` };
  const pems: string[] = [];
  for (const [index, block] of blocks.entries()) {
    const pem = certificateFromBase64(block[1] ?? '');
    if (!pem) return { error: `Certificate ${index + 1} is not a valid X.509 certificate.` };
    pems.push(pem);
  }
  return { pems };
}

/** A certificate's base64 DER (as in metadata's <ds:X509Certificate>) as normalised PEM, or null when it is not X.509. */
export function certificateFromBase64(body: string): string | null {
  if (!BASE64_BODY.test(body)) return null;
  const der = Buffer.from(body.replace(/\s+/g, ''), 'base64');
  try {
    new X509Certificate(der);
  } catch {
    return null;
  }
  const lines = der.toString('base64').match(/.{1,64}/g) ?? [];
  return ['-----BEGIN CERTIFICATE-----', ...lines, '-----END CERTIFICATE-----'].join('\n');
}

/** Subject and expiry of each certificate, for the settings page. */
export function describeCertificates(pems: string[]): { subject: string; valid_to: string }[] {
  return pems.map((pem) => {
    const certificate = new X509Certificate(pem);
    return { subject: certificate.subject.replaceAll('\n', ', '), valid_to: new Date(certificate.validTo).toISOString() };
  });
}
