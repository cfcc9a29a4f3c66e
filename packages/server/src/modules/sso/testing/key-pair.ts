import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

export interface KeyPair {
  privateKey: string;
  certificate: string;
}

/** A fresh RSA key and self-signed certificate from openssl, as an IdP's signing pair. */
export async function generateKeyPair(commonName: string): Promise<KeyPair> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'binlens-saml-key-'));
  try {
    const key = path.join(dir, 'key.pem');
    const cert = path.join(dir, 'cert.pem');
    await promisify(execFile)('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-sha256', '-days', '2', '-subj', `/CN=${commonName}`, '-keyout', key, '-out', cert]);
    return { privateKey: await readFile(key, 'utf8'), certificate: await readFile(cert, 'utf8') };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
