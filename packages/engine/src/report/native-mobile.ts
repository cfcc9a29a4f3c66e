// Mobile apps for the native JSON contract (`mobile_apps[]`), keys in snake case.
// Mapped field by field: values such as entitlements or ABI names are data, not keys to rename.
import type { AndroidFacts, ApkCertificate, IosFacts, MobileApp } from '../model/index.ts';
import { displayPath } from './display-path.ts';

export interface NativeMobileApp {
  platform: 'android' | 'ios';
  path: string[];
  id: string;
  name: string | null;
  version: string | null;
  build: string | null;
  min_os: string | null;
  target_sdk: string | null;
  permissions: { name: string; protection_level: string | null; usage: string | null }[];
  android: Record<string, unknown> | null;
  ios: Record<string, unknown> | null;
}

export function toNativeMobileApps(apps: readonly MobileApp[], inputName: string): NativeMobileApp[] {
  return apps.map((app) => ({
    platform: app.platform,
    path: displayPath(app.path, inputName),
    id: app.id,
    name: app.name ?? null,
    version: app.version ?? null,
    build: app.build ?? null,
    min_os: app.minOs ?? null,
    target_sdk: app.targetSdk ?? null,
    permissions: app.permissions.map((p) => ({ name: p.name, protection_level: p.protectionLevel ?? null, usage: p.usage ?? null })),
    android: app.android ? toNativeAndroid(app.android) : null,
    ios: app.ios ? toNativeIos(app.ios, inputName) : null,
  }));
}

function toNativeAndroid(facts: AndroidFacts): Record<string, unknown> {
  return {
    debuggable: facts.debuggable,
    allow_backup: facts.allowBackup,
    uses_cleartext_traffic: facts.usesCleartextTraffic ?? null,
    network_security_config: facts.networkSecurityConfig ?? null,
    exported: facts.exported.map((c) => ({ kind: c.kind, name: c.name, reason: c.reason, permission: c.permission ?? null })),
    native_libs: facts.nativeLibs,
    dex_count: facts.dexCount,
    signing: { v1: facts.signing.v1, schemes: facts.signing.schemes, certificates: (facts.signing.certificates ?? []).map(toNativeCertificate) },
    libraries: (facts.libraries ?? []).map((l) => ({ name: l.name, package: l.package, version: l.version ?? null, classes: l.classes, maven: l.maven ?? null })),
  };
}

function toNativeCertificate(cert: ApkCertificate): Record<string, unknown> {
  return {
    schemes: cert.schemes,
    subject: cert.subject,
    issuer: cert.issuer,
    serial: cert.serial,
    valid_from: cert.validFrom,
    valid_to: cert.validTo,
    sha256: cert.sha256,
    key_algorithm: cert.keyAlgorithm,
    key_size: cert.keySize ?? null,
    debug: cert.debug,
  };
}

function toNativeIos(facts: IosFacts, inputName: string): Record<string, unknown> {
  const profile = facts.provisioning;
  return {
    executable: facts.executable ? displayPath(facts.executable, inputName) : null,
    encrypted: facts.encrypted ?? null,
    url_schemes: facts.urlSchemes,
    ats: { allows_arbitrary_loads: facts.ats.allowsArbitraryLoads, exception_domains: facts.ats.exceptionDomains },
    frameworks: facts.frameworks.map((f) => ({ name: f.name, version: f.version, path: displayPath(f.path, inputName) })),
    provisioning: profile
      ? { name: profile.name ?? null, team_id: profile.teamId ?? null, expires: profile.expires ?? null, entitlements: profile.entitlements }
      : null,
  };
}
