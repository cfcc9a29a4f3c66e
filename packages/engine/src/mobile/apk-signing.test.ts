// APK signing certificates (v1 PKCS#7, v2/v3 signing block) and DEX libraries, on the two
// APK fixtures; values cross-checked with `apksigner verify --print-certs -v`.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { inflateRawSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { mutate, rng } from '../../test/fuzz.ts';
import { scan } from '../pipeline.ts';
import { describeCertificate, pkcs7Certificates } from './apk-certificates.ts';
import { analyseApk } from './apk.ts';
import { signerCertificates } from './apk-signing-block.ts';
import { dexLibraries } from './dex.ts';

const fixture = (name: string): string => fileURLToPath(new URL(`../../fixtures/mobile/${name}`, import.meta.url));
const BASIC = fixture('apk-basic/demo.apk');
const LIBS = fixture('apk-libraries/libs.apk');

/** A member of a zip, read through its local header (stored or deflated). */
function member(zipPath: string, name: string): Buffer {
  const zip = readFileSync(zipPath);
  for (let at = zip.indexOf('PK\x03\x04'); at >= 0; at = zip.indexOf('PK\x03\x04', at + 4)) {
    const nameLength = zip.readUInt16LE(at + 26);
    if (zip.toString('latin1', at + 30, at + 30 + nameLength) !== name) continue;
    const dataAt = at + 30 + nameLength + zip.readUInt16LE(at + 28);
    const data = zip.subarray(dataAt, dataAt + zip.readUInt32LE(at + 18));
    return zip.readUInt16LE(at + 8) === 8 ? inflateRawSync(data) : data;
  }
  throw new Error(`${name} not in ${zipPath}`);
}

async function android(path: string) {
  const id = await scan(path);
  expect(id.problems).toEqual([]);
  return id.mobileApps?.[0]?.android;
}

describe('APK signing certificates', () => {
  it('v1 + v2 with the same RSA 2048 key: one certificate, both schemes, not a debug key', async () => {
    expect((await android(BASIC))?.signing.certificates).toEqual([
      {
        schemes: ['v1', 'v2'],
        subject: 'CN=binlens-demo',
        issuer: 'CN=binlens-demo',
        serial: '93d75239003755c3',
        validFrom: '2026-11-22T22:49:46.000Z',
        validTo: '2054-04-09T22:49:46.000Z',
        sha256: '0a76f7cb76e8165bf403c76637887e82f343245932eda5a48491ee44bd790c3c',
        keyAlgorithm: 'RSA',
        keySize: 2048,
        debug: false,
      },
    ]);
  });

  it('v1 + v2 + v3 with an EC P-256 key named like the Android debug keystore: debug flag set', async () => {
    expect((await android(LIBS))?.signing).toEqual({
      v1: ['META-INF/ANDROIDD.EC'],
      schemes: ['v1', 'v2', 'v3'],
      certificates: [
        {
          schemes: ['v1', 'v2', 'v3'],
          subject: 'C=US, O=Android, CN=Android Debug',
          issuer: 'C=US, O=Android, CN=Android Debug',
          serial: 'a52ad450ed26868e',
          validFrom: '2026-11-23T00:53:21.000Z',
          validTo: '2054-04-10T00:53:21.000Z',
          sha256: '7212bfe2f0789b14e0a41df53033ed51782a409a55ff7bb6d8cab212ba9df4d6',
          keyAlgorithm: 'EC',
          keySize: 256,
          debug: true,
        },
      ],
    });
  });

  it('malformed blocks give no certificate, never a throw (bounded fuzz)', () => {
    const pkcs7 = member(BASIC, 'META-INF/DEMO.RSA');
    expect(pkcs7Certificates(pkcs7)).toHaveLength(1);
    const next = rng(0xce27);
    for (let i = 0; i < 1500; i++) {
      const input = mutate(pkcs7, next);
      for (const der of pkcs7Certificates(input)) describeCertificate(der, 'v1');
      signerCertificates(input);
    }
    expect([pkcs7Certificates(Buffer.alloc(0)), signerCertificates(Buffer.from([0xff, 0xff, 0xff, 0xff])), describeCertificate(Buffer.from('not a certificate'), 'v2')]).toEqual([[], [], undefined]);
  });
});

describe('DEX libraries', () => {
  it('libraries by package prefix, OkHttp with its version constant, app classes left out', async () => {
    expect((await android(LIBS))?.libraries).toEqual([
      { name: 'Gson', package: 'com.google.gson', classes: 2, maven: 'com.google.code.gson:gson' },
      { name: 'Kotlin coroutines', package: 'kotlinx.coroutines', classes: 1, maven: 'org.jetbrains.kotlinx:kotlinx-coroutines-core' },
      { name: 'OkHttp', package: 'okhttp3', version: '4.12.0', classes: 3, maven: 'com.squareup.okhttp3:okhttp' },
      { name: 'Retrofit', package: 'retrofit2', classes: 1, maven: 'com.squareup.retrofit2:retrofit' },
      { name: 'RxJava 3', package: 'io.reactivex.rxjava3', classes: 1, maven: 'io.reactivex.rxjava3:rxjava' },
    ]);
    expect((await android(BASIC))?.libraries).toEqual([]);
  });

  it('libraries become Java components: Maven purl, version only from a constant, evidence on the APK', async () => {
    const id = await scan(LIBS);
    expect(id.components.map((c) => [c.codetype, c.purl, c.evidence.map((e) => [e.method, e.path.length, e.text])])).toEqual([
      ['JA', 'pkg:maven/com.google.code.gson/gson', [['signature', 0, '2 DEX classes in package com.google.gson']]],
      ['JA', 'pkg:maven/org.jetbrains.kotlinx/kotlinx-coroutines-core', [['signature', 0, '1 DEX classes in package kotlinx.coroutines']]],
      ['JA', 'pkg:maven/com.squareup.okhttp3/okhttp@4.12.0', [['signature', 0, '3 DEX classes in package okhttp3, version constant 4.12.0']]],
      ['JA', 'pkg:maven/com.squareup.retrofit2/retrofit', [['signature', 0, '1 DEX classes in package retrofit2']]],
      ['JA', 'pkg:maven/io.reactivex.rxjava3/rxjava', [['signature', 0, '1 DEX classes in package io.reactivex.rxjava3']]],
    ]);
  });

  it('mutated and truncated DEX files never throw (bounded fuzz)', () => {
    const dex = member(LIBS, 'classes.dex');
    const next = rng(0xde71);
    for (let i = 0; i < 1500; i++) expect(() => dexLibraries([mutate(dex, next)])).not.toThrow();
    expect(dexLibraries([dex.subarray(0, 0x70), Buffer.from('dex\n035\0')])).toEqual([]);
  });
});

describe('APK signature problems', () => {
  it('a v1 block without a readable certificate is a corrupt problem located at the block', () => {
    const manifest = member(LIBS, 'AndroidManifest.xml');
    const { app, problems } = analyseApk({ path: ['x.apk'], members: ['AndroidManifest.xml', 'META-INF/CERT.RSA'], manifest, blockSchemes: [], signatureFiles: new Map([['META-INF/CERT.RSA', Buffer.from('0\x03\x06\x01\x00', 'latin1')]]) });
    expect(app?.android?.signing.certificates).toEqual([]);
    expect(problems).toEqual([{ code: 'corrupt', message: 'META-INF/CERT.RSA: no readable X.509 certificate in the PKCS#7 signature block', location: ['x.apk', 'META-INF/CERT.RSA'] }]);
  });
});
