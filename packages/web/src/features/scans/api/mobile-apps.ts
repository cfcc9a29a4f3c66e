// The mobile-apps tab: the Android and iOS apps of a ready scan, a page of apps at a time
// (limit/offset in the URL). The API types the platform records loosely
// (`android`/`ios`: Record<string, unknown>, docs/native-json.md); the readers below narrow
// them field by field, so a missing or odd value becomes null or an empty list, never a crash.
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api-client.ts';
import type { MobileApp, Paged } from '../../../lib/api-schemas.ts';
import { defineListSearch } from '../../../lib/list-search.ts';
import { scanKeys, type PageParams } from './keys.ts';

/** An app is a tall card: a few per page. The API does not search or order apps. */
export const mobileAppListSearch = defineListSearch({ fields: [], defaultLimit: 10 });

export function mobileAppsKey(id: number, page: PageParams) {
  return [...scanKeys.detail(id), 'mobile-apps', page] as const;
}

export function listMobileApps(id: number, { limit, offset }: PageParams, signal?: AbortSignal): Promise<Paged<MobileApp>> {
  return unwrap(api.GET('/rest/scans/{id}/mobileapps/', { params: { path: { id }, query: { limit, offset } }, signal }));
}

/** 409 (the scan is busy or failed) is shown in place with the server's detail. */
export const mobileAppsQueryOptions = (id: number, page: PageParams) =>
  queryOptions({
    queryKey: mobileAppsKey(id, page),
    queryFn: ({ signal }) => listMobileApps(id, page, signal),
    placeholderData: keepPreviousData,
    meta: { handledStatuses: [409] },
  });

// ---- Narrowing the loosely typed records ----

type UnknownRecord = Record<string, unknown>;

function isRecord(value: unknown): value is UnknownRecord {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function text(value: unknown): string | null {
  return typeof value === 'string' ? value : null;
}

function flag(value: unknown): boolean | null {
  return typeof value === 'boolean' ? value : null;
}

function whole(value: unknown): number | null {
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

function texts(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
}

function records(value: unknown): UnknownRecord[] {
  return Array.isArray(value) ? value.filter(isRecord) : [];
}

/** An exported activity, activity-alias, service, receiver or provider. */
export interface ExportedComponent {
  kind: string;
  name: string;
  /** `exported` (android:exported="true") or `intent-filter` (no attribute but an intent filter). */
  reason: string | null;
  permission: string | null;
}

/** An APK signing certificate as read (not verified). */
export interface SigningCertificate {
  schemes: string[];
  subject: string;
  issuer: string | null;
  serial: string | null;
  valid_from: string | null;
  valid_to: string | null;
  /** SHA-256 of the DER certificate, lower-case hex. */
  sha256: string | null;
  key_algorithm: string | null;
  key_size: number | null;
  /** The Android debug keystore's CN=Android Debug. */
  debug: boolean;
}

/** A library recognised in the DEX files by its Java package. */
export interface DexLibrary {
  name: string;
  package: string | null;
  version: string | null;
  classes: number | null;
  /** `group:artifact` when known. */
  maven: string | null;
}

/** A native library file and the ABIs that ship it. */
export interface NativeLibrary {
  name: string;
  abis: string[];
}

export interface AndroidFacts {
  debuggable: boolean | null;
  allow_backup: boolean | null;
  /** null: not declared, the platform default applies (allowed below API 28). */
  uses_cleartext_traffic: boolean | null;
  network_security_config: string | null;
  exported: ExportedComponent[];
  native_libs: NativeLibrary[];
  dex_count: number | null;
  signing: { v1: string[]; schemes: string[]; certificates: SigningCertificate[] };
  libraries: DexLibrary[];
}

export interface IosFramework {
  name: string;
  version: string | null;
  path: string[];
}

/** One entitlement of the provisioning profile; the value as text (lists comma-separated). */
export interface Entitlement {
  name: string;
  value: string;
}

export interface IosFacts {
  executable: string[] | null;
  encrypted: boolean | null;
  url_schemes: string[];
  ats: { allows_arbitrary_loads: boolean | null; exception_domains: string[] };
  frameworks: IosFramework[];
  provisioning: { name: string | null; team_id: string | null; expires: string | null; entitlements: Entitlement[] } | null;
}

/** An app's `android` record, or null for an iOS app (or one without it). */
export function androidFacts(app: MobileApp): AndroidFacts | null {
  const raw = app.android;
  if (!isRecord(raw)) return null;
  const signing = isRecord(raw['signing']) ? raw['signing'] : {};
  return {
    debuggable: flag(raw['debuggable']),
    allow_backup: flag(raw['allow_backup']),
    uses_cleartext_traffic: flag(raw['uses_cleartext_traffic']),
    network_security_config: text(raw['network_security_config']),
    exported: records(raw['exported']).flatMap((entry) => {
      const kind = text(entry['kind']);
      const name = text(entry['name']);
      return kind === null || name === null ? [] : [{ kind, name, reason: text(entry['reason']), permission: text(entry['permission']) }];
    }),
    native_libs: nativeLibraries(raw['native_libs']),
    dex_count: whole(raw['dex_count']),
    signing: {
      v1: texts(signing['v1']),
      schemes: texts(signing['schemes']),
      certificates: records(signing['certificates']).flatMap(certificate),
    },
    libraries: records(raw['libraries']).flatMap((entry) => {
      const name = text(entry['name']);
      return name === null
        ? []
        : [{ name, package: text(entry['package']), version: text(entry['version']), classes: whole(entry['classes']), maven: text(entry['maven']) }];
    }),
  };
}

function certificate(entry: UnknownRecord): SigningCertificate[] {
  const subject = text(entry['subject']);
  if (subject === null) return [];
  return [
    {
      schemes: texts(entry['schemes']),
      subject,
      issuer: text(entry['issuer']),
      serial: text(entry['serial']),
      valid_from: text(entry['valid_from']),
      valid_to: text(entry['valid_to']),
      sha256: text(entry['sha256']),
      key_algorithm: text(entry['key_algorithm']),
      key_size: whole(entry['key_size']),
      debug: entry['debug'] === true,
    },
  ];
}

/** `{abi: [file]}` turned around: each file once, with the ABIs that ship it, by name. */
function nativeLibraries(value: unknown): NativeLibrary[] {
  if (!isRecord(value)) return [];
  const byName = new Map<string, string[]>();
  for (const [abi, files] of Object.entries(value)) {
    for (const file of texts(files)) byName.set(file, [...(byName.get(file) ?? []), abi]);
  }
  return [...byName].map(([name, abis]) => ({ name, abis })).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

/** An app's `ios` record, or null for an Android app (or one without it). */
export function iosFacts(app: MobileApp): IosFacts | null {
  const raw = app.ios;
  if (!isRecord(raw)) return null;
  const ats = isRecord(raw['ats']) ? raw['ats'] : {};
  const profile = raw['provisioning'];
  const executable = texts(raw['executable']);
  return {
    executable: executable.length > 0 ? executable : null,
    encrypted: flag(raw['encrypted']),
    url_schemes: texts(raw['url_schemes']),
    ats: { allows_arbitrary_loads: flag(ats['allows_arbitrary_loads']), exception_domains: texts(ats['exception_domains']) },
    frameworks: records(raw['frameworks']).flatMap((entry) => {
      const name = text(entry['name']);
      return name === null ? [] : [{ name, version: text(entry['version']), path: texts(entry['path']) }];
    }),
    provisioning: isRecord(profile)
      ? {
          name: text(profile['name']),
          team_id: text(profile['team_id']),
          expires: text(profile['expires']),
          entitlements: Object.entries(isRecord(profile['entitlements']) ? profile['entitlements'] : {}).map(([name, value]) => ({
            name,
            value: entitlementValue(value),
          })),
        }
      : null,
  };
}

/** A plist value as one line: text as is, booleans and numbers spelled, lists comma-separated, anything else as JSON. */
export function entitlementValue(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'boolean' || typeof value === 'number') return String(value);
  if (Array.isArray(value) && value.every((item) => typeof item !== 'object' || item === null)) return value.map((item) => String(item)).join(', ');
  return JSON.stringify(value) ?? '';
}
