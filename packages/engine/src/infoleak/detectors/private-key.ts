// Asymmetric private keys in PEM (PKCS#1, SEC1, PKCS#8, encrypted PKCS#8) and OpenSSH
// format, with key type, size, whether encrypted, and the public-key fingerprint
// (SHA-256 of the SPKI, or of the SSH public key blob as `ssh-keygen -l` prints it),
// so the same key is recognisable across scans. Keys inside JSON strings, their newlines
// escaped ("-----BEGIN RSA PRIVATE KEY-----\nMIIE…\n-----END RSA PRIVATE KEY-----"), are unescaped first.
import { createHash, createPrivateKey, createPublicKey } from 'node:crypto';
import type { Detected, InfoleakDetector } from '../types.ts';

export const PRIVATE_KEY: InfoleakDetector = {
  name: 'private-key',
  kind: 'asymmetric_keys',
  version: 2,
  keywords: ['private key-----'],
  // -----BEGIN RSA PRIVATE KEY----- ... -----END RSA PRIVATE KEY-----
  pattern: /-----BEGIN ((?:RSA |EC |DSA |OPENSSH |ENCRYPTED )?PRIVATE KEY)-----[A-Za-z0-9+/=:,\-\s\\]{20,16384}?-----END \1-----/g,
  secret: true,
  validate: (m) => {
    const escaped = m[0].includes('\\');
    const found = describe(escaped ? m[0].replace(/\\r/g, '').replace(/\\n/g, '\n').replace(/\\\//g, '/') : m[0], m[1] ?? '');
    return escaped ? { ...found, details: { ...found.details, escaped: true } } : found;
  },
  samples: {
    positive: [
      // Throw-away test keys generated for these samples (openssl genpkey, ssh-keygen); never used anywhere.
      `-----BEGIN PRIVATE KEY-----
MIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQgmjRmlsEI3bs169Z/
zKKT/Z//lRdQ/eiRWOolcpXHmROhRANCAARZj37cYuA7c9ErpzaWuZQtW69VPPNb
+FTBc4f3xyvIAM+bjuq7lGeDh7O+b7SRDeB1LH6JejkpQa2MpSR0rYQ8
-----END PRIVATE KEY-----`,
      `-----BEGIN OPENSSH PRIVATE KEY-----
b3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQAAAAAAAAABAAAAMwAAAAtzc2gtZW
QyNTUxOQAAACBgdaiSQSbW7asolEuxV/F7//61yRJIvIa9lEnFn4VtsgAAAIjQ6dSw0OnU
sAAAAAtzc2gtZWQyNTUxOQAAACBgdaiSQSbW7asolEuxV/F7//61yRJIvIa9lEnFn4Vtsg
AAAEDznZ+Qh2wRDucnv5km3j1WNCC+PFj1Bw7ETlbg7TsRrWB1qJJBJtbtqyiUS7FX8Xv/
/rXJEki8hr2UScWfhW2yAAAAAAECAwQF
-----END OPENSSH PRIVATE KEY-----`,
      '-----BEGIN RSA PRIVATE KEY-----\nProc-Type: 4,ENCRYPTED\nDEK-Info: AES-128-CBC,00112233445566778899AABBCCDDEEFF\n\nq83vEi3aBcDeFgHiJkLmNoPqRsTuVwXyZ0123456789==\n-----END RSA PRIVATE KEY-----',
      // The first key again, as a JSON string value (escaped newlines and slashes).
      '{"type": "service", "key": "-----BEGIN PRIVATE KEY-----\\nMIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQgmjRmlsEI3bs169Z\\/\\nzKKT\\/Z\\/\\/lRdQ\\/eiRWOolcpXHmROhRANCAARZj37cYuA7c9ErpzaWuZQtW69VPPNb\\n+FTBc4f3xyvIAM+bjuq7lGeDh7O+b7SRDeB1LH6JejkpQa2MpSR0rYQ8\\n-----END PRIVATE KEY-----\\n"}',
    ],
    negative: ['-----BEGIN PUBLIC KEY-----\nMFkwEwYHKoZIzj0CAQYIKoZIzj0DAQcDQgAE\n-----END PUBLIC KEY-----', '-----BEGIN PRIVATE KEY-----\nMIGH\n-----END RSA PRIVATE KEY-----'],
  },
};

function describe(pem: string, label: string): Detected {
  if (label === 'OPENSSH PRIVATE KEY') return { value: pem, details: openssh(pem) };
  const encrypted = label === 'ENCRYPTED PRIVATE KEY' || pem.includes('Proc-Type: 4,ENCRYPTED');
  const details: Record<string, string | number | boolean> = { format: label === 'PRIVATE KEY' || label === 'ENCRYPTED PRIVATE KEY' ? 'pkcs8' : 'traditional', encrypted };
  const labelled = /^(RSA|EC|DSA) /.exec(label)?.[1];
  if (labelled) details.type = labelled.toLowerCase();
  if (encrypted) return { value: pem, details };
  try {
    const key = createPrivateKey(pem);
    details.type = key.asymmetricKeyType ?? 'unknown';
    const info = key.asymmetricKeyDetails;
    if (info?.modulusLength) details.bits = info.modulusLength;
    if (info?.namedCurve) details.curve = info.namedCurve;
    const spki = createPublicKey(key).export({ type: 'spki', format: 'der' });
    details.fingerprint = `SHA256:${createHash('sha256').update(spki).digest('base64').replace(/=+$/, '')}`;
  } catch {
    details.valid = false;
  }
  return { value: pem, details };
}

/** openssh-key-v1: magic, cipher, kdf, kdf options, key count, then the public key blob in clear. */
function openssh(pem: string): Record<string, string | number | boolean> {
  const body = Buffer.from(pem.replace(/-----[A-Z ]+-----/g, '').replace(/\s+/g, ''), 'base64');
  const magic = 'openssh-key-v1\0';
  if (body.toString('latin1', 0, magic.length) !== magic) return { format: 'openssh', valid: false };
  let pos = magic.length;
  const next = (): Buffer | undefined => {
    if (pos + 4 > body.length) return undefined;
    const len = body.readUInt32BE(pos);
    if (pos + 4 + len > body.length) return undefined;
    const out = body.subarray(pos + 4, pos + 4 + len);
    pos += 4 + len;
    return out;
  };
  const cipher = next()?.toString('latin1');
  next(); // kdf name
  next(); // kdf options
  pos += 4; // number of keys
  const pub = next();
  if (cipher === undefined || !pub || pub.length < 4) return { format: 'openssh', valid: false };
  const type = pub.toString('latin1', 4, 4 + Math.min(pub.readUInt32BE(0), 64));
  return { format: 'openssh', type, encrypted: cipher !== 'none', fingerprint: `SHA256:${createHash('sha256').update(pub).digest('base64').replace(/=+$/, '')}` };
}
