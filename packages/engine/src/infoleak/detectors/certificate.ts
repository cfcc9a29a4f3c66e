// X.509 certificates: PEM blocks in text and strings (also inside JSON strings with escaped
// newlines), and DER certificates in any bytes (a .der/.crt file, or one embedded in a
// firmware binary). A PEM body must decode to a DER SEQUENCE that node's X.509 parser takes;
// the DER scan looks for the v3 TBSCertificate header and checks that the outer SEQUENCE is
// exactly TBSCertificate + AlgorithmIdentifier + BIT STRING before parsing. Reported with
// subject and issuer CN, expiry and SHA-256 fingerprint. Self-signed CA certificates in a
// system trust store (ca-certificates, /etc/ssl/certs, certifi) are public by design: decoys.
import { X509Certificate } from 'node:crypto';
import type { BinaryHit, Detected, InfoleakDetector } from '../types.ts';

const TRUST_STORE = /ca-certificates|\/etc\/ssl\/certs\/|(^|\/)certs?\/ca-bundle|cacert\.pem$|certifi\/|\/etc\/pki\/ca-trust\//;
// [0] EXPLICIT INTEGER 2: the version field every v3 certificate's TBSCertificate opens with.
const V3_VERSION = Buffer.from([0xa0, 0x03, 0x02, 0x01, 0x02]);

export const CERTIFICATE: InfoleakDetector = {
  name: 'certificate',
  kind: 'certificates',
  version: 1,
  keywords: ['certificate-----'],
  // -----BEGIN CERTIFICATE-----\nMIIBrTCCAVSgAwIBAgICWhcw…\n-----END CERTIFICATE-----
  pattern: /-----BEGIN ((?:TRUSTED |X509 )?CERTIFICATE)-----((?:[A-Za-z0-9+/=\s]|\\[rn]){40,65536}?)-----END \1-----/g,
  secret: false,
  validate: (m, path) => {
    const der = Buffer.from((m[2] ?? '').replace(/\\[rn]/g, '').replace(/\s+/g, ''), 'base64');
    const escaped = /\\n/.test(m[2] ?? '');
    return describe(der, path, { format: 'pem', ...(escaped ? { escaped: true } : {}) });
  },
  scanBinary: (bytes, path) => derCertificates(bytes, path),
  samples: {
    // A throw-away self-signed certificate made for this sample (openssl req -x509, P-256).
    positive: [
      `-----BEGIN CERTIFICATE-----
MIIBrTCCAVSgAwIBAgICWhcwCgYIKoZIzj0EAwIwNzEVMBMGA1UECgwMQ29ycCBE
ZXZpY2VzMR4wHAYDVQQDDBVjYW0tN2YzYS5jb3JwLWxhbi5uZXQwHhcNMjYxMjA2
MTgwNzA5WhcNMzYxMjAzMTgwNzA5WjA3MRUwEwYDVQQKDAxDb3JwIERldmljZXMx
HjAcBgNVBAMMFWNhbS03ZjNhLmNvcnAtbGFuLm5ldDBZMBMGByqGSM49AgEGCCqG
SM49AwEHA0IABCJ87/ElugPnQLFSOnd1usCODNzgl271FfF65Upaut5BC3tg4t6Q
QFL5GqNgE/Z/IZlXHx7IzoPHAu/JwG3oEOmjUDBOMB0GA1UdDgQWBBTjTT5QO0mC
tyIxEE8vH48epU/HQzAfBgNVHSMEGDAWgBTjTT5QO0mCtyIxEE8vH48epU/HQzAM
BgNVHRMBAf8EAjAAMAoGCCqGSM49BAMCA0cAMEQCIB49zRcyhM7Dt4HA8k0NvIHE
gmtpSVWjJmSluJyvl0fBAiAZ+jLB6jhZY26eGjKNkf6BCo9jeEtpzZ7Svd6Nqu37
ig==
-----END CERTIFICATE-----`,
    ],
    negative: [
      '-----BEGIN CERTIFICATE-----\nMIIBrTCCAVSgAwIBAgICWhcwCgYIKoZIzj0EAwIwNzEVMBMGA1UECgwMQ29ycCBE\n-----END CERTIFICATE-----',
      '-----BEGIN CERTIFICATE-----\nTm90IGEgY2VydGlmaWNhdGUgYXQgYWxsLCBqdXN0IHNvbWUgdGV4dCBlbmNvZGVk\n-----END CERTIFICATE-----',
      '-----BEGIN CERTIFICATE REQUEST-----\nMIIBrTCCAVSgAwIBAgICWhcwCgYIKoZIzj0EAwIwNzEVMBMGA1UECgwMQ29ycCBE\n-----END CERTIFICATE REQUEST-----',
    ],
  },
};

/** Every DER v3 certificate in the bytes, at its offset. */
export function derCertificates(bytes: Buffer, path: readonly string[]): BinaryHit[] {
  const out: BinaryHit[] = [];
  for (let at = bytes.indexOf(V3_VERSION); at >= 0; at = bytes.indexOf(V3_VERSION, at + 1)) {
    // Certificate SEQUENCE (30 82 len16) then TBSCertificate SEQUENCE (30 82 len16), then the version.
    const start = at - 8;
    if (start < 0 || bytes[start] !== 0x30 || bytes[start + 1] !== 0x82 || bytes[start + 4] !== 0x30 || bytes[start + 5] !== 0x82) continue;
    const end = start + 4 + bytes.readUInt16BE(start + 2);
    if (end > bytes.length || !outerSequenceValid(bytes, start, end)) continue;
    const found = describe(bytes.subarray(start, end), path, { format: 'der' });
    if (found) out.push({ ...found, offset: start, context: `DER certificate, subject ${String(found.details?.subject ?? '')}` });
  }
  return out;
}

/** TBSCertificate, signatureAlgorithm SEQUENCE and signatureValue BIT STRING fill the outer SEQUENCE exactly. */
function outerSequenceValid(bytes: Buffer, start: number, end: number): boolean {
  let pos = start + 4;
  for (const tag of [0x30, 0x30, 0x03]) {
    if (bytes[pos] !== tag) return false;
    const header = derLength(bytes, pos + 1);
    if (!header) return false;
    pos = pos + 1 + header.size + header.length;
  }
  return pos === end;
}

function derLength(bytes: Buffer, at: number): { size: number; length: number } | undefined {
  const first = bytes[at];
  if (first === undefined) return undefined;
  if (first < 0x80) return { size: 1, length: first };
  const count = first & 0x7f;
  if (count === 0 || count > 3 || at + count >= bytes.length) return undefined;
  let length = 0;
  for (let i = 1; i <= count; i++) length = length * 256 + (bytes[at + i] ?? 0);
  return { size: 1 + count, length };
}

function describe(der: Buffer, path: readonly string[], details: Record<string, string | boolean>): Detected | undefined {
  if (der[0] !== 0x30) return undefined;
  let cert: X509Certificate;
  try {
    cert = new X509Certificate(der);
  } catch {
    return undefined;
  }
  const subject = commonName(cert.subject);
  const selfSigned = cert.subject === cert.issuer && cert.checkIssued(cert);
  const decoy = selfSigned && cert.ca && TRUST_STORE.test(path.join('/'));
  return {
    value: cert.toString().trim(),
    details: {
      ...details,
      subject,
      issuer: commonName(cert.issuer),
      notAfter: new Date(cert.validTo).toISOString().slice(0, 10),
      ca: cert.ca,
      selfSigned,
      fingerprint: `SHA256:${cert.fingerprint256}`,
    },
    ...(decoy ? { decoy } : {}),
  };
}

/** The CN of an X.509 name as node prints it (one attribute a line), else the whole name on one line. */
function commonName(name: string): string {
  return /^CN=(.*)$/m.exec(name)?.[1] ?? name.replace(/\n/g, ', ');
}
