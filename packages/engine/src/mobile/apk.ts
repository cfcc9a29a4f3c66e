// Android APK: a zip whose root holds a binary AndroidManifest.xml (and normally
// classes*.dex). From the manifest: package, versions, SDK levels, permissions,
// exported components and security flags; from the member list: DEX count, native
// libraries per ABI and v1 (JAR) signature files and their certificates, libraries in the
// DEX files; from the zip itself: the APK Signing Block (schemes v2/v3 and their signers'
// certificates) that sits right before the central directory.
import type { AndroidFacts, ApkCertificate, Component, DexLibrary, ExportedComponent, MobileApp, MobilePermission } from '../model/index.ts';
import { makeComponent } from '../identify/component.ts';
import { formatPurl } from '../identify/purl.ts';
import type { Reader } from '../util/reader.ts';
import { type AxmlElement, type AxmlValue, decodeBinaryXml, isBinaryXml } from './android-binary-xml.ts';
import { platformProtectionLevel } from './android-permissions.ts';
import { describeCertificate, mergeCertificates, pkcs7Certificates } from './apk-certificates.ts';
import { readSigningBlock } from './apk-signing-block.ts';
import { dexLibraries } from './dex.ts';

export const APK_PLUGIN = 'mobile/apk';
export const MANIFEST = 'AndroidManifest.xml';

export interface ApkInput {
  /** Extended path of the APK. */
  path: string[];
  /** Inner paths of its members. */
  members: readonly string[];
  manifest: Buffer;
  /** Signature schemes found in the APK Signing Block (`v2`, `v3`, `v3.1`). */
  blockSchemes: string[];
  /** DER certificates of the signing block's v2/v3 signers. */
  blockCertificates?: readonly { scheme: string; der: Buffer }[];
  /** v1 signature block files (`META-INF/CERT.RSA`) by inner path. */
  signatureFiles?: ReadonlyMap<string, Buffer>;
  /** classes*.dex contents. */
  dexFiles?: readonly Buffer[];
}

export interface ApkResult {
  app?: MobileApp;
  /** DEX libraries as components (code type JA), evidence on the APK. */
  components: Component[];
  /** `location` (extended path) when the problem is in a member other than the manifest. */
  problems: { code: string; message: string; location?: string[] }[];
}

const COMPONENT_KINDS = new Set(['activity', 'activity-alias', 'service', 'receiver', 'provider']);
// lib/arm64-v8a/libfoo.so
const NATIVE_LIB = /^lib\/([^/]+)\/([^/]+\.so)$/;
// classes.dex, classes2.dex
const DEX = /^classes\d*\.dex$/;
// META-INF/CERT.RSA, META-INF/ANDROIDD.EC
const V1_SIGNATURE = /^META-INF\/[^/]+\.(RSA|DSA|EC)$/i;
/** A zip member list with a root AndroidManifest.xml in binary form is an APK. */
export function looksLikeApk(members: readonly string[], manifestHead: Buffer): boolean {
  return members.includes(MANIFEST) && isBinaryXml(manifestHead);
}

export function analyseApk(input: ApkInput): ApkResult {
  const decoded = decodeBinaryXml(input.manifest);
  const manifest = decoded.root;
  if (manifest?.name !== 'manifest') return { components: [], problems: [...decoded.problems, { code: 'corrupt', message: 'AndroidManifest.xml has no <manifest> root' }] };
  const sdk = manifest.children.find((c) => c.name === 'uses-sdk');
  const application = manifest.children.find((c) => c.name === 'application');
  const pkg = str(manifest.attrs.package) ?? '';
  const app: MobileApp = {
    platform: 'android',
    path: input.path,
    id: pkg,
    ...present({
      // A label that is a resource reference (@0x7f060023) needs resources.arsc: left out.
      name: literal(str(application?.attrs.label)),
      version: str(manifest.attrs.versionName),
      build: str(manifest.attrs.versionCode),
      minOs: str(sdk?.attrs.minSdkVersion),
      targetSdk: str(sdk?.attrs.targetSdkVersion),
    }),
    permissions: permissions(manifest),
    android: androidFacts(input, application, pkg),
  };
  return { app, components: libraryComponents(app.android?.libraries ?? [], input.path), problems: [...decoded.problems, ...signatureProblems(input)] };
}

/** Schemes in the APK Signing Block before the central directory; [] when there is none. */
export async function signingBlockSchemes(reader: Reader): Promise<string[]> {
  return (await readSigningBlock(reader)).schemes;
}

/** Members whose bytes analyseApk wants: v1 signature blocks and DEX files. */
export function apkMembersToRead(members: readonly string[]): { signatureFiles: string[]; dexFiles: string[] } {
  return { signatureFiles: members.filter((m) => V1_SIGNATURE.test(m)), dexFiles: members.filter((m) => DEX.test(m)).sort() };
}

function androidFacts(input: ApkInput, application: AxmlElement | undefined, pkg: string): AndroidFacts {
  const nativeLibs: Record<string, string[]> = {};
  for (const m of [...input.members].sort()) {
    const lib = NATIVE_LIB.exec(m);
    if (lib?.[1] && lib[2]) (nativeLibs[lib[1]] ??= []).push(lib[2]);
  }
  const facts: AndroidFacts = {
    // Absent attributes take the platform defaults: not debuggable, backup allowed.
    debuggable: application?.attrs.debuggable === true,
    allowBackup: application?.attrs.allowBackup !== false,
    exported: exportedComponents(application, pkg),
    nativeLibs,
    dexCount: input.members.filter((m) => DEX.test(m)).length,
    signing: { v1: input.members.filter((m) => V1_SIGNATURE.test(m)).sort(), schemes: [...(input.members.some((m) => V1_SIGNATURE.test(m)) ? ['v1'] : []), ...input.blockSchemes] },
  };
  if (input.signatureFiles || input.blockCertificates) facts.signing.certificates = signingCertificates(input);
  if (input.dexFiles) facts.libraries = dexLibraries(input.dexFiles);
  const cleartext = application?.attrs.usesCleartextTraffic;
  if (typeof cleartext === 'boolean') facts.usesCleartextTraffic = cleartext;
  const nsc = str(application?.attrs.networkSecurityConfig);
  if (nsc !== undefined) facts.networkSecurityConfig = nsc;
  return facts;
}

/** v1 certificates (from each PKCS#7 block, by file name order) then v2/v3 ones, merged by SHA-256. */
function signingCertificates(input: ApkInput): ApkCertificate[] {
  const described: ApkCertificate[] = [];
  for (const [, block] of sortedSignatureFiles(input)) {
    for (const der of pkcs7Certificates(block)) {
      const cert = describeCertificate(der, 'v1');
      if (cert) described.push(cert);
    }
  }
  for (const { scheme, der } of input.blockCertificates ?? []) {
    const cert = describeCertificate(der, scheme);
    if (cert) described.push(cert);
  }
  return mergeCertificates(described);
}

/** Maven purl when the library's artifact is known, else generic; version '' when no constant gave one. */
function libraryComponents(libraries: readonly DexLibrary[], apkPath: string[]): Component[] {
  return libraries.map((lib) => {
    const [group, artifact] = lib.maven?.split(':') ?? [];
    const version = lib.version ?? '';
    return makeComponent({
      name: artifact ?? lib.name,
      version,
      codetype: 'JA',
      vendor: group ?? '',
      purl: group && artifact ? formatPurl({ type: 'maven', namespace: group, name: artifact, version: version || undefined }) : formatPurl({ type: 'generic', name: lib.name, version: version || undefined }),
      evidence: [{ method: 'signature', foundBy: APK_PLUGIN, path: apkPath, text: `${lib.classes} DEX classes in package ${lib.package}${lib.version ? `, version constant ${lib.version}` : ''}` }],
    });
  });
}

/** A v1 signature block without a readable certificate is located at its file. */
function signatureProblems(input: ApkInput): ApkResult['problems'] {
  return sortedSignatureFiles(input)
    .filter(([, block]) => !pkcs7Certificates(block).some((der) => describeCertificate(der, 'v1')))
    .map(([name]) => ({ code: 'corrupt', message: `${name}: no readable X.509 certificate in the PKCS#7 signature block`, location: [...input.path, name] }));
}

function sortedSignatureFiles(input: ApkInput): [string, Buffer][] {
  return [...(input.signatureFiles ?? new Map<string, Buffer>())].sort(([a], [b]) => (a < b ? -1 : 1));
}

function permissions(manifest: AxmlElement): MobilePermission[] {
  // Levels the app declares for its own permissions win over the platform table.
  const declared = new Map<string, string>();
  for (const p of manifest.children.filter((c) => c.name === 'permission')) {
    const name = str(p.attrs.name);
    if (name) declared.set(name, protectionLevelName(p.attrs.protectionLevel));
  }
  const out = new Map<string, MobilePermission>();
  for (const c of manifest.children) {
    if (c.name !== 'uses-permission' && c.name !== 'uses-permission-sdk-23') continue;
    const name = str(c.attrs.name);
    if (!name || out.has(name)) continue;
    const level = declared.get(name) ?? platformProtectionLevel(name);
    out.set(name, level ? { name, protectionLevel: level } : { name });
  }
  return [...out.values()].sort((a, b) => (a.name < b.name ? -1 : 1));
}

// android:protectionLevel flags: the low 4 bits are the base level.
function protectionLevelName(v: AxmlValue | undefined): string {
  const base = typeof v === 'number' ? v & 0xf : 0;
  return ['normal', 'dangerous', 'signature', 'signatureOrSystem'][base] ?? 'normal';
}

/** Components reachable by other apps: android:exported="true", or no exported attribute and an intent filter. */
function exportedComponents(application: AxmlElement | undefined, pkg: string): ExportedComponent[] {
  const out: ExportedComponent[] = [];
  for (const c of application?.children ?? []) {
    if (!COMPONENT_KINDS.has(c.name)) continue;
    const explicit = c.attrs.exported;
    const implicit = explicit === undefined && c.children.some((x) => x.name === 'intent-filter');
    if (explicit !== true && !implicit) continue;
    const e: ExportedComponent = { kind: c.name, name: className(pkg, str(c.attrs.name) ?? ''), reason: implicit ? 'intent-filter' : 'exported' };
    const permission = str(c.attrs.permission);
    if (permission) e.permission = permission;
    out.push(e);
  }
  return out;
}

// `.MainActivity` and `MainActivity` are relative to the package (PackageParser.buildClassName).
function className(pkg: string, name: string): string {
  if (name.startsWith('.')) return `${pkg}${name}`;
  return name.includes('.') || pkg === '' ? name : `${pkg}.${name}`;
}

function literal(v: string | undefined): string | undefined {
  return v?.startsWith('@') ? undefined : v;
}

function str(v: AxmlValue | undefined): string | undefined {
  return v === undefined ? undefined : String(v);
}

/** The fields that have a non-empty value. */
export function present<T extends Record<string, string | undefined>>(fields: T): { [K in keyof T]?: string } {
  return Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined && v !== '')) as { [K in keyof T]?: string };
}
