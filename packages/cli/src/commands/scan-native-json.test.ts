// The native JSON contract (docs/native-json.md) as `binlens scan --format json` prints it.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { runCli } from '../testing/run-cli.ts';
import { NO_DATA_NOTE } from './scan-knowledge-base.ts';

const fixture = (path: string) => fileURLToPath(new URL(`../../../engine/fixtures/${path}`, import.meta.url));

async function scanJson(path: string): Promise<Record<string, unknown>> {
  const { code, stdout, stderr } = await runCli(['scan', fixture(path), '--format', 'json']);
  expect([code, stderr]).toEqual([0, NO_DATA_NOTE]);
  return JSON.parse(stdout) as Record<string, unknown>;
}

const noCanaryLibrary = {
  nx: true,
  relro: 'full',
  canary: false,
  fortify: false,
  fortified: 0,
  fortifiable: 0,
  rpath: [],
  runpath: [],
  stripped: false,
  debug_info: false,
  cfi: false,
  safe_stack: false,
  separate_code: true,
  dynsym_symbols: 2,
};

describe('binlens scan --format json: native contract', () => {
  it('an APK: schema version, executables with snake-case attributes and missing, the mobile app', async () => {
    const json = await scanJson('mobile/apk-basic/demo.apk');
    expect(json.schema_version).toBe(1);
    expect(json.executables).toEqual([
      {
        path: ['lib/arm64-v8a/libdemo.so'],
        format: 'elf',
        machine: 'aarch64',
        bits: 64,
        endianness: 'little',
        type: 'shared-object',
        attributes: { ...noCanaryLibrary, bti: false, pac: false, rwx_segments: false, textrel: false, sanitizers: [], build_id: '1c65106fc63f5cc6', symtab_symbols: 7, needed: [], imported_symbols: 0, exported_symbols: 1, unsafe_imports: [] },
        missing: ['no-canary', 'no-bti', 'no-pac'],
      },
      {
        path: ['lib/x86_64/libdemo.so'],
        format: 'elf',
        machine: 'x86-64',
        bits: 64,
        endianness: 'little',
        type: 'shared-object',
        attributes: { ...noCanaryLibrary, cet_ibt: false, cet_shstk: false, rwx_segments: false, textrel: false, sanitizers: [], build_id: 'ce2a92628b1fec7d', symtab_symbols: 4, needed: [], imported_symbols: 0, exported_symbols: 1, unsafe_imports: [] },
        missing: ['no-canary', 'no-ibt', 'no-shstk'],
      },
    ]);
    expect(json.mobile_apps).toEqual([
      {
        platform: 'android',
        path: ['demo.apk'],
        id: 'org.binlens.demo',
        name: 'Binlens Demo',
        version: '1.4.2',
        build: '42',
        min_os: '21',
        target_sdk: '30',
        permissions: [
          { name: 'android.permission.CAMERA', protection_level: 'dangerous', usage: null },
          { name: 'android.permission.INTERNET', protection_level: 'normal', usage: null },
          { name: 'android.permission.READ_CONTACTS', protection_level: 'dangerous', usage: null },
          { name: 'org.binlens.demo.permission.SYNC', protection_level: 'signature', usage: null },
        ],
        android: expect.objectContaining({
          debuggable: true,
          allow_backup: false,
          uses_cleartext_traffic: true,
          network_security_config: null,
          exported: [
            { kind: 'activity', name: 'org.binlens.demo.MainActivity', reason: 'intent-filter', permission: null },
            { kind: 'service', name: 'org.binlens.demo.SyncService', reason: 'exported', permission: 'org.binlens.demo.permission.SYNC' },
            { kind: 'receiver', name: 'org.binlens.demo.BootReceiver', reason: 'exported', permission: null },
          ],
          native_libs: { 'arm64-v8a': ['libdemo.so'], x86_64: ['libdemo.so'] },
          dex_count: 1,
          signing: {
            v1: ['META-INF/DEMO.RSA'],
            schemes: ['v1', 'v2'],
            certificates: [
              {
                schemes: ['v1', 'v2'],
                subject: 'CN=binlens-demo',
                issuer: 'CN=binlens-demo',
                serial: '93d75239003755c3',
                valid_from: '2026-11-22T22:49:46.000Z',
                valid_to: '2054-04-09T22:49:46.000Z',
                sha256: '0a76f7cb76e8165bf403c76637887e82f343245932eda5a48491ee44bd790c3c',
                key_algorithm: 'RSA',
                key_size: 2048,
                debug: false,
              },
            ],
          },
          libraries: [],
        }),
        ios: null,
      },
    ]);
    // The signing certificate is found as a certificate, with the fingerprint the app's signer shows.
    const leaks = json.infoleaks as { kind: string; path: string[]; details: { fingerprint: string; subject: string } }[];
    expect(leaks.map((l) => [l.kind, l.path.join('/'), l.details.subject, l.details.fingerprint])).toEqual([
      ['certificates', 'META-INF/DEMO.RSA', 'binlens-demo', 'SHA256:0A:76:F7:CB:76:E8:16:5B:F4:03:C7:66:37:88:7E:82:F3:43:24:59:32:ED:A5:A4:84:91:EE:44:BD:79:0C:3C'],
    ]);
    expect([json.licenses, json.kernel_configs, json.problems]).toEqual([[], [], []]);
  });

  it('infoleaks carry kind, path, line or offset, value and masked', async () => {
    const json = await scanJson('infoleak/secrets-tar/secrets.tar');
    expect((json.infoleaks as Record<string, unknown>[]).slice(0, 2)).toEqual([
      {
        kind: 'cloud_provider_keys',
        detector: 'aws-access-key',
        path: ['etc/app/config.ini'],
        offset: null,
        line: 2,
        value: 'AKIAZ3MSJV7WQ2KDHX4B',
        masked: 'AKIA************HX4B',
        context: '[aws]\naws_access_key_id = AKIAZ3MSJV7WQ2KDHX4B\n; from the AWS docs, not a key:\nexample_key_id = AKIAIOSFODNN7EXAMPLE\n[contact]',
        details: { type: 'long-term' },
        decoy: false,
      },
      {
        kind: 'emails',
        detector: 'email',
        path: ['etc/app/config.ini'],
        offset: null,
        line: 6,
        value: 'jane.roe@corp-mail.net',
        masked: null,
        context: 's, not a key:\nexample_key_id = AKIAIOSFODNN7EXAMPLE\n[contact]\nowner = Jane Roe <jane.roe@corp-mail.net>\nsupport = help@example.com\n',
        details: null,
        decoy: false,
      },
    ]);
  });

  it('licences per expression with policy class, components and files', async () => {
    const json = await scanJson('licenses/texts-tar/texts.tar');
    const licenses = json.licenses as { expression: string; policy: string }[];
    expect(licenses.map((l) => `${l.expression}:${l.policy}`)).toEqual([
      'Apache-2.0:PE',
      'BSD-3-Clause:PE',
      'GPL-2.0-only:RE',
      'GPL-2.0-or-later:RE',
      'GPL-3.0-only:RE',
      'ISC:PE',
      'LGPL-2.1-only:RE',
      'LGPL-3.0-only:RE',
      'MIT:PE',
      'MPL-2.0:RE',
      'OpenSSL:PE',
      'WTFPL:PE',
      'Zlib:PE',
      'bzip2-1.0.6:PE',
      'curl:PE',
    ]);
    expect(licenses[3]).toEqual({
      name: 'GPL-2.0-or-later',
      expression: 'GPL-2.0-or-later',
      policy: 'RE',
      components: [],
      // Its GPL-2+ notice and its SPDX tag: two pieces of evidence in one file.
      files: [
        { path: ['src/main.c'], source: 'license-text', score: 1, line: null, policy: 'RE' },
        { path: ['src/main.c'], source: 'spdx-identifier', score: null, line: 1, policy: 'RE' },
      ],
    });
  });

  it('a Debian package: licences of components name the component', async () => {
    const json = await scanJson('unpack/deb-zstd/libbinlens-tools1_0.9.1-3_amd64.deb');
    expect(json.licenses).toEqual([
      { name: 'MIT', expression: 'MIT', policy: 'PE', components: [{ uid: '1d7fd3ed20e281a44631e90356f6b0314f190f1a', lib: '@babel/helper-plugin-utils', version: '7.24.0' }], files: [] },
    ]);
  });

  it('--license-policy FILE overrides classes; a bad class is a usage error', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'binlens-cli-policy-'));
    try {
      const good = join(dir, 'good.json');
      const bad = join(dir, 'bad.json');
      await writeFile(good, '{"MIT": "RE"}');
      await writeFile(bad, '{"MIT": "copyleft"}');
      const deb = fixture('unpack/deb-zstd/libbinlens-tools1_0.9.1-3_amd64.deb');
      const run = await runCli(['scan', deb, '--license-policy', good]);
      expect((JSON.parse(run.stdout) as { licenses: { policy: string }[] }).licenses.map((l) => l.policy)).toEqual(['RE']);
      const refused = await runCli(['scan', deb, '--license-policy', bad]);
      expect([refused.code, refused.stderr.split('\n')[0]]).toEqual([2, `binlens: --license-policy ${bad}: licence policy for MIT must be one of RE, RU, PE, not "copyleft"`]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
