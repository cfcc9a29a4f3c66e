// Every detector: registered, sorted, exercised by its own true/false samples, and seen
// in an infoleak fixture (the completeness rule for detectors).
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { Identification } from '../model/index.ts';
import { DETECTORS } from './registry.ts';
import { mask, scanBytes, strings } from './scan-text.ts';

const DETECTOR_DIR = fileURLToPath(new URL('./detectors/', import.meta.url));
const FIXTURES = fileURLToPath(new URL('../../fixtures/infoleak/', import.meta.url));
const find = (text: string | Buffer, path = 'f', decoys = true) => scanBytes(Buffer.isBuffer(text) ? text : Buffer.from(text), [path], DETECTORS, { decoys });

describe('infoleak registry', () => {
  it('every detector file is registered under its file name, sorted, unique', () => {
    const files = readdirSync(DETECTOR_DIR).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts')).map((f) => f.slice(0, -3)).sort();
    expect(DETECTORS.map((d) => d.name)).toEqual(files);
  });

  it.each(DETECTORS.map((d) => [d.name, d] as const))('%s: true samples found, false samples not', (name, detector) => {
    const path = detector.samples.path;
    for (const sample of detector.samples.positive) expect(find(sample, path).filter((f) => f.detector === name), sample).toHaveLength(1);
    for (const sample of detector.samples.negative) expect(find(sample, path).filter((f) => f.detector === name), sample).toEqual([]);
    expect(detector.pattern.flags).toContain('g');
  });

  it.each(DETECTORS.map((d) => d.name))('detector %s appears in an infoleak fixture', (name) => {
    const seen = readdirSync(FIXTURES).some((dir) => {
      const expected = JSON.parse(readFileSync(`${FIXTURES}${dir}/expected.json`, 'utf8')) as Identification;
      return expected.infoleaks?.some((f) => f.detector === name);
    });
    expect(seen).toBe(true);
  });
});

describe('detectors in detail', () => {
  it('private keys: type, curve, encryption and fingerprints as openssl/ssh-keygen give them', () => {
    const [ec, ssh, encrypted] = DETECTORS.find((d) => d.name === 'private-key')?.samples.positive.map((s) => find(s)[0]?.details) ?? [];
    expect(ec).toEqual({ format: 'pkcs8', encrypted: false, type: 'ec', curve: 'prime256v1', fingerprint: 'SHA256:1XKGKJ0wBUjcaRN7kShzS6Lbg94xtKM9n+nFO16obuY' });
    expect(ssh).toEqual({ format: 'openssh', type: 'ssh-ed25519', encrypted: false, fingerprint: 'SHA256:XqQLHg7t9cQKXMx+2xqtWwb/P/JHZbQkTpUwhoMjTUw' });
    expect(encrypted).toEqual({ format: 'traditional', encrypted: true, type: 'rsa' });
  });

  const detailsOf = (name: string) => {
    const detector = DETECTORS.find((d) => d.name === name);
    return (detector?.samples.positive ?? []).map((s) => find(s, detector?.samples.path).find((f) => f.detector === name)?.details);
  };

  it('checksummed tokens: Azure DevOps annotated (Marvin32) and legacy (CRC32) PATs, Grafana service accounts', () => {
    expect(detailsOf('azure-devops-pat')).toEqual([
      { format: 'annotated', created: '2025-12', checksum: 'valid' },
      { format: 'legacy', type: 'user' },
    ]);
    expect(detailsOf('grafana-token')).toEqual([{ type: 'service-account' }, { type: 'cloud', org: '918273' }, { type: 'api-key', name: 'provisioning', org: '1' }]);
  });

  it('credentials with who and where: docker config, Maven servers, command lines, SAS tokens', () => {
    expect(detailsOf('docker-registry-auth')).toEqual([
      { registry: 'registry.corp.net:5000', user: 'ci-bot', type: 'password' },
      { registry: 'quay.io', user: 'acme+deployer', type: 'robot-account' },
    ]);
    expect(detailsOf('maven-settings-password')).toEqual([
      { server: 'corp-releases', user: 'deployer', field: 'password', encrypted: false },
      { server: 'corp-snapshots', user: 'ci', field: 'password', encrypted: true, note: 'encrypted with the master password in settings-security.xml' },
    ]);
    expect(detailsOf('command-line-password')).toEqual([{ tool: 'mysql' }, { tool: 'mysqldump' }, { tool: 'sshpass' }, { tool: 'curl', user: 'deploy' }, { tool: 'curl', user: 'ops' }]);
    expect(detailsOf('azure-sas-token')[0]).toEqual({ version: '2022-11-02', permissions: 'r', expiry: '2024-05-02T08:00:00Z', resource: 'b' });
    // The Maven password is not reported a second time by the generic config detector.
    expect(find(DETECTORS.find((d) => d.name === 'maven-settings-password')?.samples.positive[0] ?? '').map((f) => f.detector)).toEqual(['maven-settings-password']);
  });

  it('values in their canonical form: Cisco MACs in colon notation, JSON-escaped keys as PEM', () => {
    expect(find('address is 001A.2B3C.4D5E').map((f) => [f.value, f.details])).toEqual([['00:1a:2b:3c:4d:5e', { notation: 'cisco' }]]);
    const [plain, , , escaped] = DETECTORS.find((d) => d.name === 'private-key')?.samples.positive.map((s) => find(s).find((f) => f.detector === 'private-key')) ?? [];
    expect(escaped?.value).toBe(plain?.value);
    expect(escaped?.details).toEqual({ ...plain?.details, escaped: true });
  });

  const DECOYS = [
    'AKIAIOSFODNN7EXAMPLE admin@example.com root@localhost ci@build.test user@mail.example.org',
    'aws_secret_access_key = wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
    'see https://example.com/setup and http://localhost:8080/ or http://127.0.0.1:9000/',
    'listen 0.0.0.0:80 and 127.0.0.1:8080 or ::1',
    'libfoo version 1.2.3.4',
    'password = changeme',
    'hwaddr 00:00:00:00:00:00',
  ].join('\n');

  it('the decoy set yields nothing', () => {
    expect(find(DECOYS)).toEqual([]);
  });

  it('with the decoy filter off, decoys are reported and marked', () => {
    const found = find(DECOYS, 'f', false);
    expect(found.every((f) => f.decoy === true)).toBe(true);
    expect(found.map((f) => `${f.detector}:${f.value}`).sort()).toEqual([
      'aws-access-key:AKIAIOSFODNN7EXAMPLE',
      'aws-secret-key:wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
      'config-password:changeme',
      'email:admin@example.com',
      'email:ci@build.test',
      'email:user@mail.example.org',
      'ipv4:0.0.0.0',
      'ipv4:1.2.3.4',
      'ipv4:127.0.0.1',
      'ipv4:127.0.0.1',
      'mac-address:00:00:00:00:00:00',
      'url:http://127.0.0.1:9000/',
      'url:http://localhost:8080/',
      'url:https://example.com/setup',
    ]);
  });

  it('shell histories only under history file names', () => {
    expect(find('ls\n', '.zsh_history').map((f) => [f.kind, f.details])).toEqual([['shell_histories', { commands: 1 }]]);
    expect(find('ls\n', 'notes.txt')).toEqual([]);
  });

  it('binaries: ASCII and UTF-16LE strings with byte offsets', () => {
    const bytes = Buffer.concat([Buffer.alloc(10), Buffer.from('key AKIAZ3MSJV7WQ2KDHX4B'), Buffer.alloc(3), Buffer.from('mail ops@corp-mail.net', 'utf16le'), Buffer.alloc(2)]);
    expect(find(bytes).map((f) => [f.detector, f.offset, f.value])).toEqual([
      ['aws-access-key', 14, 'AKIAZ3MSJV7WQ2KDHX4B'],
      ['email', 37 + 2 * 'mail '.length, 'ops@corp-mail.net'],
    ]);
    expect(strings(Buffer.from('\0short\0long enough\0')).map((p) => p.text)).toEqual(['long enough']);
  });

  it('text files: 1-based lines; secrets masked, other kinds not', () => {
    const found = find('a\nb\nsecret=AKIAZ3MSJV7WQ2KDHX4B\nby x.y@corp-mail.net');
    expect(found.map((f) => [f.line, f.masked])).toEqual([
      [3, 'AKIA************HX4B'],
      [4, undefined],
    ]);
    expect([mask('abcdefgh'), mask('abc')]).toEqual(['ab****gh', '***']);
  });
});
