import { beforeAll, describe, expect, it } from 'vitest';
import { certificateFromBase64, describeCertificates, MAX_CERTIFICATES, parseCertificates } from './certificates.ts';
import { generateKeyPair, type KeyPair } from './testing/key-pair.ts';

describe('IdP certificates', () => {
  let first: KeyPair;
  let second: KeyPair;
  beforeAll(async () => {
    [first, second] = await Promise.all([generateKeyPair('first.example.test'), generateKeyPair('second.example.test')]);
  });

  it('reads one or more PEM certificates, normalised', () => {
    const result = parseCertificates(`\n${first.certificate}\r\n\n${second.certificate}`);
    expect(result).toEqual({ pems: [first.certificate.trim(), second.certificate.trim()] });
    expect(describeCertificates('pems' in result ? result.pems : []).map((certificate) => certificate.subject)).toEqual(['CN=first.example.test', 'CN=second.example.test']);
  });

  it('refuses text around the certificates, a block that is not X.509, a private key and too many', () => {
    const notPem = { error: 'Enter one or more PEM X.509 certificates (-----BEGIN CERTIFICATE----- … -----END CERTIFICATE-----).' };
    expect(parseCertificates(`subject=CN=x\n${first.certificate}`)).toEqual(notPem);
    expect(parseCertificates(first.privateKey)).toEqual(notPem);
    expect(parseCertificates(`${first.certificate}${first.certificate.replace(/^MII../m, 'MIIX')}`)).toEqual({ error: 'Certificate 2 is not a valid X.509 certificate.' });
    expect(parseCertificates(first.certificate.repeat(MAX_CERTIFICATES + 1))).toEqual({ error: 'Enter at most 5 certificates.' });
  });

  it('turns the base64 of metadata into PEM, or null', () => {
    const body = first.certificate.split('\n').filter((line) => line !== '' && !line.startsWith('-----')).join('\n      ');
    expect(certificateFromBase64(`\n      ${body}\n    `)).toBe(first.certificate.trim());
    expect(certificateFromBase64('bm90IGEgY2VydGlmaWNhdGU=')).toBeNull();
    expect(certificateFromBase64('<script>')).toBeNull();
  });
});
