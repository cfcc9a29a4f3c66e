// The Identification's shape as a portable scan file must hold it: every field the server and
// the CLI read (results, native JSON, evaluation, SBOMs, the stored lists), each typed as the
// model declares it. Fields<T> makes a field added to the model a compile error here until it
// has its check.
import {
  type AnalysisSettings,
  type AndroidFacts,
  type ApkCertificate,
  type CodeType,
  type Component,
  type DexLibrary,
  type Distro,
  type DockerImage,
  type Evidence,
  type ExecutableInfo,
  type ExportedComponent,
  type FileEntry,
  IDENTIFICATION_SCHEMA_VERSION,
  type Identification,
  type InfoleakFinding,
  type InfoleakKind,
  type InputInfo,
  type IosFacts,
  type KernelConfigCheck,
  type KernelConfigReport,
  type LayerHistory,
  type LicenseFinding,
  type MobileApp,
  type MobilePermission,
  type Problem,
} from '../model/identification.ts';
import {
  array,
  between,
  boolean,
  type Check,
  dateTime,
  integer,
  jsonValue,
  literal,
  number,
  object,
  optional,
  pattern,
  record,
  scalar,
  storableText,
  string,
} from './shape.ts';

/** Deepest nesting of data kept as it is (an iOS app's entitlements): real ones are 3 or 4 levels. */
export const MAX_FREE_JSON_DEPTH = 32;

// Lower-case hex digests; a link's file entry has none (empty), e.g. `da39a3ee5e6b4b0d3255bfef95601890afd80709`.
const sha1 = pattern(/^(?:[0-9a-f]{40})?$/, 'a SHA-1 as 40 lower-case hex digits');
// e.g. `e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855`.
const sha256 = pattern(/^(?:[0-9a-f]{64})?$/, 'a SHA-256 as 64 lower-case hex digits');
const strings = array(string);
/** An extended path: one element per nesting level, the input itself `[]`. */
const path = strings;
const size = integer(0);
const opt = optional;

const CODE_TYPES: readonly CodeType[] = ['GO', 'NA', 'MA', 'JA', 'MS', 'DP', 'RB', 'PY', 'JS', 'CP'];
const INFOLEAK_KINDS: readonly InfoleakKind[] = [
  'asymmetric_keys', 'cloud_provider_keys', 'urls', 'emails', 'ips', 'macs', 'image_data', 'jwts', 'shell_histories',
  'passwords', 'oauths', 'custom', 'http_credentials', 'google_cloud_keys', 'facebook_tokens', 'twilio_keys',
  'certificates',
];

const input = object<InputInfo>({ name: string, size, sha1, sha256, format: opt(string) });

const executable = object<ExecutableInfo>({
  format: literal('elf', 'pe', 'macho'),
  machine: string,
  bits: literal(32, 64),
  endianness: literal('little', 'big'),
  type: string,
  nx: opt(boolean),
  pie: opt(boolean),
  relro: opt(literal('none', 'partial', 'full')),
  canary: opt(boolean),
  fortify: opt(boolean),
  fortified: opt(size),
  fortifiable: opt(size),
  rpath: opt(strings),
  runpath: opt(strings),
  stripped: opt(boolean),
  debugInfo: opt(boolean),
  cetIbt: opt(boolean),
  cetShstk: opt(boolean),
  bti: opt(boolean),
  pac: opt(boolean),
  rwxSegments: opt(boolean),
  textrel: opt(boolean),
  sanitizers: opt(strings),
  buildId: opt(string),
  soname: opt(string),
  needed: opt(strings),
  importedSymbols: opt(size),
  exportedSymbols: opt(size),
  unsafeImports: opt(strings),
  dynamicBase: opt(boolean),
  highEntropyVa: opt(boolean),
  nxCompat: opt(boolean),
  gs: opt(boolean),
  safeSeh: opt(boolean),
  cfg: opt(boolean),
  cetCompat: opt(boolean),
  forceIntegrity: opt(boolean),
  authenticode: opt(boolean),
  dotnet: opt(boolean),
  arc: opt(boolean),
  encrypted: opt(boolean),
  codeSignature: opt(boolean),
  restrict: opt(boolean),
  allowStackExecution: opt(boolean),
  noHeapExecution: opt(boolean),
  architectures: opt(strings),
  symtabSymbols: opt(size),
  dynsymSymbols: opt(size),
  cfi: opt(boolean),
  safeStack: opt(boolean),
  separateCode: opt(boolean),
  noSeh: opt(boolean),
  noIsolation: opt(boolean),
  appContainer: opt(boolean),
  missing: opt(strings),
});

const file = object<FileEntry>({
  path,
  size,
  sha1,
  sha256,
  format: opt(string),
  executable: opt(executable),
  linkTarget: opt(string),
  handler: opt(string),
  parent: opt(path),
  layer: opt(string),
  whiteout: opt(string),
});

const evidence = object<Evidence>({
  method: literal('package-metadata', 'signature', 'soname', 'filename'),
  foundBy: string,
  path,
  offset: opt(size),
  text: opt(string),
  license: opt(string),
});

const distro = object<Distro>({ name: string, release: string });

const component = object<Component>({
  // Kept in plain text columns by the server (the component index), so NUL-free.
  id: storableText,
  name: storableText,
  version: storableText,
  codetype: literal(...CODE_TYPES),
  vendor: string,
  purl: string,
  cpes: strings,
  licenses: strings,
  distro: opt(distro),
  evidence: array(evidence),
  containedIn: opt(strings),
});

const problem = object<Problem>({ level: literal('error', 'warning', 'info'), location: path, plugin: string, code: string, message: string });

const layerHistory = object<LayerHistory>({ createdBy: opt(string), created: opt(string), comment: opt(string) });

const dockerImage = object<DockerImage>({ path, id: string, repoTags: strings, layers: strings, layerHistory: opt(array(layerHistory)) });

const infoleak = object<InfoleakFinding>({
  kind: literal(...INFOLEAK_KINDS),
  detector: string,
  path,
  offset: opt(size),
  line: opt(integer(1)),
  value: string,
  masked: opt(string),
  context: string,
  details: opt(record(scalar)),
  decoy: opt(boolean),
});

const license = object<LicenseFinding>({
  path,
  expression: string,
  source: literal('license-text', 'debian-copyright', 'spdx-identifier'),
  score: opt(between(0, 1)),
  line: opt(integer(1)),
  files: opt(strings),
  components: opt(strings),
});

const permission = object<MobilePermission>({ name: string, protectionLevel: opt(string), usage: opt(string) });

const exported = object<ExportedComponent>({ kind: string, name: string, reason: literal('exported', 'intent-filter'), permission: opt(string) });

const certificate = object<ApkCertificate>({
  schemes: strings,
  subject: string,
  issuer: string,
  serial: string,
  validFrom: string,
  validTo: string,
  sha256: string,
  keyAlgorithm: string,
  keySize: opt(size),
  debug: boolean,
});

const dexLibrary = object<DexLibrary>({ name: string, package: string, version: opt(string), classes: size, maven: opt(string) });

const android = object<AndroidFacts>({
  debuggable: boolean,
  allowBackup: boolean,
  usesCleartextTraffic: opt(boolean),
  networkSecurityConfig: opt(string),
  exported: array(exported),
  nativeLibs: record(strings),
  dexCount: size,
  signing: object<AndroidFacts['signing']>({ v1: strings, schemes: strings, certificates: opt(array(certificate)) }),
  libraries: opt(array(dexLibrary)),
});

const ios = object<IosFacts>({
  executable: opt(path),
  encrypted: opt(boolean),
  urlSchemes: strings,
  ats: object<IosFacts['ats']>({ allowsArbitraryLoads: boolean, exceptionDomains: strings }),
  frameworks: array(object<IosFacts['frameworks'][number]>({ name: string, version: string, path })),
  provisioning: opt(
    object<NonNullable<IosFacts['provisioning']>>({
      name: opt(string),
      teamId: opt(string),
      expires: opt(string),
      entitlements: record(jsonValue(MAX_FREE_JSON_DEPTH)),
    }),
  ),
});

const mobileApp = object<MobileApp>({
  platform: literal('android', 'ios'),
  path,
  id: string,
  name: opt(string),
  version: opt(string),
  build: opt(string),
  minOs: opt(string),
  targetSdk: opt(string),
  permissions: array(permission),
  android: opt(android),
  ios: opt(ios),
});

const kernelCheck = object<KernelConfigCheck>({ option: string, expected: string, actual: string, ok: boolean, why: string });

const kernelConfig = object<KernelConfigReport>({ path, source: literal('ikconfig', 'file'), options: size, checks: array(kernelCheck) });

const analysis = object<AnalysisSettings>({ limits: record(number), infoleakDecoyFilter: boolean, customPatterns: strings });

export const checkIdentification: Check<Identification> = object<Identification>({
  schemaVersion: literal(IDENTIFICATION_SCHEMA_VERSION),
  input,
  files: array(file),
  components: array(component),
  problems: array(problem),
  dockerImages: opt(array(dockerImage)),
  infoleaks: opt(array(infoleak)),
  licenses: opt(array(license)),
  mobileApps: opt(array(mobileApp)),
  kernelConfig: opt(array(kernelConfig)),
  analysis: opt(analysis),
  startedAt: dateTime,
  finishedAt: dateTime,
});
