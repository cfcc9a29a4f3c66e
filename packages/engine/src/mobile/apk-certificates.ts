// APK signing certificates: X.509 certificates taken from a v1 JAR signature block
// (META-INF/*.RSA|DSA|EC, a PKCS#7/CMS SignedData, RFC 5652 §5.1) or from a v2/v3 signer,
// described with node:crypto's X509Certificate. Not verified: we report who signed, not
// whether the signature holds. The DER walk is bounded by the buffer and never throws.
import { X509Certificate } from 'node:crypto';
import type { ApkCertificate } from '../model/index.ts';

const MAX_CERTIFICATES = 16;
/** Android's debug keystore certificate: "C=US, O=Android, CN=Android Debug". */
const DEBUG_SUBJECT = /(^|, )CN=Android Debug(,|$)/;

interface Tlv {
  tag: number;
  /** Where the tag byte is. */
  at: number;
  /** Content start and end. */
  start: number;
  end: number;
}

/** Certificates of a PKCS#7 SignedData: ContentInfo → [0] SignedData → [0] IMPLICIT certificates. */
export function pkcs7Certificates(der: Buffer): Buffer[] {
  const contentInfo = tlv(der, 0);
  if (contentInfo?.tag !== 0x30) return [];
  const [oid, explicit] = children(der, contentInfo);
  if (oid?.tag !== 0x06 || explicit?.tag !== 0xa0) return [];
  const signedData = children(der, explicit)[0];
  if (signedData?.tag !== 0x30) return [];
  const certificates = children(der, signedData).find((c) => c.tag === 0xa0);
  if (!certificates) return [];
  return children(der, certificates)
    .filter((c) => c.tag === 0x30)
    .slice(0, MAX_CERTIFICATES)
    .map((c) => der.subarray(c.at, c.end));
}

/** A certificate's facts, or undefined when node:crypto cannot read it. */
export function describeCertificate(der: Buffer, scheme: string): ApkCertificate | undefined {
  try {
    return describe(new X509Certificate(der), scheme);
  } catch {
    // A certificate or public key node:crypto cannot decode: reported as no certificate.
    return undefined;
  }
}

function describe(cert: X509Certificate, scheme: string): ApkCertificate {
  const key = cert.publicKey;
  const details = key.asymmetricKeyDetails ?? {};
  const subject = distinguishedName(cert.subject);
  const keySize = details.modulusLength ?? curveBits(details.namedCurve);
  return {
    schemes: [scheme],
    subject,
    issuer: distinguishedName(cert.issuer),
    serial: cert.serialNumber.toLowerCase(),
    validFrom: new Date(cert.validFrom).toISOString(),
    validTo: new Date(cert.validTo).toISOString(),
    sha256: cert.fingerprint256.replace(/:/g, '').toLowerCase(),
    keyAlgorithm: (key.asymmetricKeyType ?? 'unknown').toUpperCase(),
    ...(keySize === undefined ? {} : { keySize }),
    debug: DEBUG_SUBJECT.test(subject),
  };
}

/** One entry per certificate (by SHA-256), listing every scheme that carries it. */
export function mergeCertificates(certificates: readonly ApkCertificate[]): ApkCertificate[] {
  const bySha = new Map<string, ApkCertificate>();
  for (const cert of certificates) {
    const seen = bySha.get(cert.sha256);
    if (!seen) bySha.set(cert.sha256, { ...cert, schemes: [...cert.schemes] });
    else for (const s of cert.schemes) if (!seen.schemes.includes(s)) seen.schemes.push(s);
  }
  return [...bySha.values()];
}

/** node:crypto prints one `KEY=value` per line, most significant first as encoded. */
function distinguishedName(text: string): string {
  return text.split('\n').filter(Boolean).join(', ');
}

function curveBits(curve: string | undefined): number | undefined {
  const bits = /(\d{3})/.exec(curve ?? '')?.[1];
  return bits ? Number(bits) : undefined;
}

function children(der: Buffer, parent: Tlv): Tlv[] {
  const out: Tlv[] = [];
  for (let at = parent.start; at < parent.end && out.length < 4096; ) {
    const child = tlv(der, at, parent.end);
    if (!child) break;
    out.push(child);
    at = child.end;
  }
  return out;
}

/** A DER tag-length-value at `at` (definite lengths up to 4 bytes), inside `limit`. */
function tlv(der: Buffer, at: number, limit = der.length): Tlv | undefined {
  if (at + 2 > limit) return undefined;
  const tag = der[at] ?? 0;
  let length = der[at + 1] ?? 0;
  let start = at + 2;
  if (length & 0x80) {
    const bytes = length & 0x7f;
    if (bytes === 0 || bytes > 4 || start + bytes > limit) return undefined;
    length = 0;
    for (let i = 0; i < bytes; i++) length = length * 256 + (der[start + i] ?? 0);
    start += bytes;
  }
  const end = start + length;
  return end > limit ? undefined : { tag, at, start, end };
}
