// iOS IPA: a zip with Payload/<Name>.app/. From the app's Info.plist (binary or XML):
// bundle id, versions, minimum OS, URL schemes, App Transport Security exceptions and
// NS*UsageDescription permission strings; from Frameworks/*.framework/Info.plist: the
// bundled frameworks (also components, code type MA); from embedded.mobileprovision (a
// CMS envelope around an XML plist): team and entitlements. The main executable's Mach-O
// attributes come from the static-analysis stage; the caller passes its file entry.
import type { Component, FileEntry, IosFacts, MobileApp, MobilePermission } from '../model/index.ts';
import { makeComponent } from '../identify/component.ts';
import { formatPurl } from '../identify/purl.ts';
import { present } from './apk.ts';
import { type PlistDict, type PlistValue, PlistError, isDict, parsePlist } from './plist.ts';

export const IPA_PLUGIN = 'mobile/ipa';

export interface IpaInput {
  /** Extended path of the IPA. */
  path: string[];
  /** Contents of the files `ipaFilesToRead` named (those present and small enough). */
  files: ReadonlyMap<string, Buffer>;
  members: readonly string[];
  /** The tree entry of a member (for the main executable's Mach-O attributes). */
  entry(inner: string): FileEntry | undefined;
}

export interface IpaResult {
  app?: MobileApp;
  components: Component[];
  problems: { location: string[]; code: string; message: string }[];
}

// Payload/Demo.app/Info.plist
const APP_INFO = /^Payload\/([^/]+\.app)\/Info\.plist$/;
// Payload/Demo.app/Frameworks/Alamofire.framework/Info.plist
const FRAMEWORK_INFO = /^Payload\/[^/]+\.app\/Frameworks\/([^/]+)\.framework\/Info\.plist$/;
// NSCameraUsageDescription, NSLocationWhenInUseUsageDescription
const USAGE_KEY = /^NS\w+UsageDescription$/;
const PROVISION = 'embedded.mobileprovision';

/** The app's Info.plist, one per IPA (the first app bundle when several). */
export function appInfoPlist(members: readonly string[]): string | undefined {
  return members.filter((m) => APP_INFO.test(m)).sort()[0];
}

/** Members the analysis reads: the app's Info.plist, framework Info.plists, the provisioning profile. */
export function ipaFilesToRead(members: readonly string[]): string[] {
  const info = appInfoPlist(members);
  if (!info) return [];
  const app = info.slice(0, -'Info.plist'.length);
  return [info, `${app}${PROVISION}`, ...members.filter((m) => m.startsWith(app) && FRAMEWORK_INFO.test(m))];
}

export function analyseIpa(input: IpaInput): IpaResult {
  const problems: IpaResult['problems'] = [];
  const infoPath = appInfoPlist(input.members);
  const infoBytes = infoPath === undefined ? undefined : input.files.get(infoPath);
  if (infoPath === undefined || infoBytes === undefined) return { components: [], problems };
  const at = (inner: string): string[] => [...input.path, inner];
  const info = readDict(infoBytes, at(infoPath), problems);
  if (!info) return { components: [], problems };
  const app: MobileApp = {
    platform: 'ios',
    path: input.path,
    id: text(info.CFBundleIdentifier) ?? '',
    ...present({
      name: text(info.CFBundleDisplayName) ?? text(info.CFBundleName),
      version: text(info.CFBundleShortVersionString),
      build: text(info.CFBundleVersion),
      minOs: text(info.MinimumOSVersion) ?? text(info.LSMinimumSystemVersion),
    }),
    permissions: usagePermissions(info),
  };
  const appDir = infoPath.slice(0, -'Info.plist'.length);
  const frameworks = frameworkInfos(input, at, problems);
  const ios: IosFacts = { urlSchemes: urlSchemes(info), ats: ats(info), frameworks: frameworks.map((f) => f.facts) };
  const exeName = text(info.CFBundleExecutable);
  const exe = exeName ? input.entry(`${appDir}${exeName}`) : undefined;
  if (exe) {
    ios.executable = exe.path;
    if (exe.executable?.encrypted !== undefined) ios.encrypted = exe.executable.encrypted;
  }
  const profile = input.files.get(`${appDir}${PROVISION}`);
  if (profile) {
    const provisioning = readProvisioning(profile, at(`${appDir}${PROVISION}`), problems);
    if (provisioning) ios.provisioning = provisioning;
  }
  app.ios = ios;
  return { app, components: frameworks.map((f) => f.component), problems };
}

function readDict(bytes: Buffer, location: string[], problems: IpaResult['problems']): PlistDict | undefined {
  try {
    const v = parsePlist(bytes);
    if (isDict(v)) return v;
    problems.push({ location, code: 'corrupt', message: 'property list is not a dictionary' });
  } catch (err) {
    if (!(err instanceof PlistError)) throw err;
    problems.push({ location, code: 'corrupt', message: err.message });
  }
  return undefined;
}

function usagePermissions(info: PlistDict): MobilePermission[] {
  return Object.keys(info)
    .filter((k) => USAGE_KEY.test(k))
    .sort()
    .map((name) => ({ name, usage: text(info[name]) ?? '' }));
}

function urlSchemes(info: PlistDict): string[] {
  const out: string[] = [];
  for (const type of list(info.CFBundleURLTypes)) {
    if (isDict(type)) for (const s of list(type.CFBundleURLSchemes)) if (typeof s === 'string') out.push(s);
  }
  return [...new Set(out)].sort();
}

function ats(info: PlistDict): IosFacts['ats'] {
  const a = info.NSAppTransportSecurity;
  if (!isDict(a)) return { allowsArbitraryLoads: false, exceptionDomains: [] };
  const domains = isDict(a.NSExceptionDomains) ? Object.keys(a.NSExceptionDomains).sort() : [];
  return { allowsArbitraryLoads: a.NSAllowsArbitraryLoads === true, exceptionDomains: domains };
}

function frameworkInfos(input: IpaInput, at: (inner: string) => string[], problems: IpaResult['problems']) {
  const out: { facts: IosFacts['frameworks'][number]; component: Component }[] = [];
  for (const [inner, bytes] of [...input.files].sort(([a], [b]) => (a < b ? -1 : 1))) {
    const dirName = FRAMEWORK_INFO.exec(inner)?.[1];
    if (dirName === undefined) continue;
    const dict = readDict(bytes, at(inner), problems);
    const name = (dict && text(dict.CFBundleName)) || dirName;
    const version = (dict && (text(dict.CFBundleShortVersionString) ?? text(dict.CFBundleVersion))) || '';
    out.push({
      facts: { name, version, path: at(inner) },
      component: makeComponent({
        name,
        version,
        codetype: 'MA',
        vendor: '',
        purl: formatPurl({ type: 'generic', name, version: version || undefined }),
        evidence: [{ method: 'package-metadata', foundBy: IPA_PLUGIN, path: at(inner), text: `CFBundleName=${name} CFBundleShortVersionString=${version}` }],
      }),
    });
  }
  return out;
}

const MAX_PROFILE = 1024 * 1024;

// The profile is DER CMS whose content is the XML plist itself: take <?xml ... </plist>.
function readProvisioning(bytes: Buffer, location: string[], problems: IpaResult['problems']): IosFacts['provisioning'] {
  const head = bytes.subarray(0, MAX_PROFILE);
  const start = head.indexOf('<?xml');
  const end = head.indexOf('</plist>', start);
  if (start < 0 || end < 0) {
    problems.push({ location, code: 'corrupt', message: 'no property list inside the provisioning profile' });
    return undefined;
  }
  const dict = readDict(head.subarray(start, end + '</plist>'.length), location, problems);
  if (!dict) return undefined;
  const entitlements = isDict(dict.Entitlements) ? dict.Entitlements : {};
  const out: NonNullable<IosFacts['provisioning']> = { entitlements: toJson(entitlements) as Record<string, unknown> };
  const name = text(dict.Name);
  if (name) out.name = name;
  const team = list(dict.TeamIdentifier).find((t) => typeof t === 'string');
  if (typeof team === 'string') out.teamId = team;
  const expires = text(dict.ExpirationDate);
  if (expires) out.expires = expires;
  return out;
}

function toJson(v: PlistValue): unknown {
  if (Buffer.isBuffer(v)) return v.toString('base64');
  if (Array.isArray(v)) return v.map(toJson);
  if (isDict(v)) return Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : 1)).map(([k, x]) => [k, toJson(x)]));
  return v;
}

function text(v: PlistValue | undefined): string | undefined {
  return typeof v === 'string' || typeof v === 'number' ? String(v) : undefined;
}

function list(v: PlistValue | undefined): PlistValue[] {
  return Array.isArray(v) ? v : [];
}
