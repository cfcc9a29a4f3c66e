// Android APK: a zip whose root holds a binary AndroidManifest.xml (and normally
// classes*.dex). From the manifest: package, versions, SDK levels, permissions,
// exported components and security flags; from the member list: DEX count, native
// libraries per ABI and v1 (JAR) signature files; from the zip itself: the APK Signing
// Block (schemes v2/v3) that sits right before the central directory.
import type { AndroidFacts, ExportedComponent, MobileApp, MobilePermission } from '../model/index.ts';
import { findDirectory } from '../unpack/layouts/zip-directory.ts';
import type { Reader } from '../util/reader.ts';
import { type AxmlElement, type AxmlValue, decodeBinaryXml, isBinaryXml } from './android-binary-xml.ts';
import { platformProtectionLevel } from './android-permissions.ts';

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
}

export interface ApkResult {
  app?: MobileApp;
  problems: { code: string; message: string }[];
}

const COMPONENT_KINDS = new Set(['activity', 'activity-alias', 'service', 'receiver', 'provider']);
// lib/arm64-v8a/libfoo.so
const NATIVE_LIB = /^lib\/([^/]+)\/([^/]+\.so)$/;
// classes.dex, classes2.dex
const DEX = /^classes\d*\.dex$/;
// META-INF/CERT.RSA, META-INF/ANDROIDD.EC
const V1_SIGNATURE = /^META-INF\/[^/]+\.(RSA|DSA|EC)$/i;
// IDs of the signing block's pairs (apksig's ApkSigningBlockUtils).
const BLOCK_SCHEMES = new Map([
  [0x7109871a, 'v2'],
  [0xf05368c0, 'v3'],
  [0x1b93ad61, 'v3.1'],
]);
const BLOCK_MAGIC = 'APK Sig Block 42';
const MAX_BLOCK_PAIRS = 64;

/** A zip member list with a root AndroidManifest.xml in binary form is an APK. */
export function looksLikeApk(members: readonly string[], manifestHead: Buffer): boolean {
  return members.includes(MANIFEST) && isBinaryXml(manifestHead);
}

export function analyseApk(input: ApkInput): ApkResult {
  const decoded = decodeBinaryXml(input.manifest);
  const manifest = decoded.root;
  if (manifest?.name !== 'manifest') return { problems: [...decoded.problems, { code: 'corrupt', message: 'AndroidManifest.xml has no <manifest> root' }] };
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
  return { app, problems: decoded.problems };
}

/** Schemes in the APK Signing Block before the central directory; [] when there is none. */
export async function signingBlockSchemes(reader: Reader): Promise<string[]> {
  const dir = await findDirectory(reader);
  if (!dir || dir.offset < 32) return [];
  const tail = await reader.read(dir.offset - 24, 24);
  if (tail.length < 24 || tail.toString('latin1', 8) !== BLOCK_MAGIC) return [];
  const blockSize = Number(tail.readBigUInt64LE(0));
  const start = dir.offset - blockSize - 8;
  if (!Number.isSafeInteger(start) || start < 0) return [];
  const schemes: string[] = [];
  // Pairs: u64 length (of id + value), u32 id, value; they end 24 bytes before the directory.
  let at = start + 8;
  for (let i = 0; i < MAX_BLOCK_PAIRS && at + 12 <= dir.offset - 24; i++) {
    const head = await reader.read(at, 12);
    const length = Number(head.readBigUInt64LE(0));
    const scheme = BLOCK_SCHEMES.get(head.readUInt32LE(8));
    if (scheme) schemes.push(scheme);
    if (!Number.isSafeInteger(length) || length < 4) break;
    at += 8 + length;
  }
  return schemes;
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
  const cleartext = application?.attrs.usesCleartextTraffic;
  if (typeof cleartext === 'boolean') facts.usesCleartextTraffic = cleartext;
  const nsc = str(application?.attrs.networkSecurityConfig);
  if (nsc !== undefined) facts.networkSecurityConfig = nsc;
  return facts;
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
