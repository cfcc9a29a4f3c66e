// Certificates as openssl writes them (fixtures/infoleak/certificates/make.sh): PEM, DER, PEM
// in a JSON string, DER inside a binary, and a trust-store root that only shows as a decoy.
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { scan } from '../../pipeline.ts';
import { derCertificates } from './certificate.ts';

const TAR = fileURLToPath(new URL('../../../fixtures/infoleak/certificates/certificates.tar', import.meta.url));

describe('certificate detector on openssl-made files', () => {
  it('finds the leaf in PEM, DER, escaped JSON and a binary, and the private root; one fingerprint for the leaf', async () => {
    const found = ((await scan(TAR)).infoleaks ?? []).filter((f) => f.detector === 'certificate');
    expect(found.map((f) => [f.path.at(-1), f.line ?? f.offset, f.details?.format, f.details?.subject, f.details?.issuer, f.details?.ca, f.details?.selfSigned])).toEqual([
      ['etc/app/corp-root.pem', 1, 'pem', 'Corp Devices Root CA', 'Corp Devices Root CA', true, true],
      ['etc/app/tls.json', 4, 'pem', 'cam-7f3a.corp-lan.net', 'Corp Devices Root CA', false, false],
      ['etc/ssl/device.der', 0, 'der', 'cam-7f3a.corp-lan.net', 'Corp Devices Root CA', false, false],
      ['etc/ssl/device.pem', 1, 'pem', 'cam-7f3a.corp-lan.net', 'Corp Devices Root CA', false, false],
      ['usr/bin/firmware-agent', 512, 'der', 'cam-7f3a.corp-lan.net', 'Corp Devices Root CA', false, false],
    ]);
    expect(new Set(found.slice(1).map((f) => f.details?.fingerprint)).size).toBe(1);
    expect(new Set(found.slice(1).map((f) => f.value)).size).toBe(1);
    expect(found.every((f) => f.kind === 'certificates' && f.masked === undefined)).toBe(true);
  });

  it('reports the trust-store root only with the decoy filter off', async () => {
    const decoys = ((await scan(TAR, { infoleak: { decoys: false } })).infoleaks ?? []).filter((f) => f.decoy);
    expect(decoys.map((f) => [f.detector, f.path.at(-1), f.details?.subject])).toEqual([['certificate', 'usr/share/ca-certificates/mozilla/Example_Trust_Root.crt', 'Example Trust Root']]);
  });

  it('takes no DER look-alike: a truncated certificate, a wrong outer length, bytes without the v3 header', () => {
    const header = Buffer.from([0x30, 0x82, 0x01, 0x00, 0x30, 0x82, 0x00, 0xf0, 0xa0, 0x03, 0x02, 0x01, 0x02]);
    expect(derCertificates(Buffer.concat([header, Buffer.alloc(40)]), ['f'])).toEqual([]);
    expect(derCertificates(Buffer.concat([header, Buffer.alloc(300)]), ['f'])).toEqual([]);
    expect(derCertificates(Buffer.alloc(1024, 0x30), ['f'])).toEqual([]);
  });
});
