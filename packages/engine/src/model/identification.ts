// The engine's one contract: what a scan of some bytes found. Versioned: a change
// of shape bumps IDENTIFICATION_SCHEMA_VERSION and is noted in docs/architecture.md.

export const IDENTIFICATION_SCHEMA_VERSION = 1;

/** Spec §9 component code types. */
export type CodeType = 'GO' | 'NA' | 'MA' | 'JA' | 'MS' | 'DP' | 'RB' | 'PY' | 'JS' | 'CP';

export type ProblemLevel = 'error' | 'warning' | 'info';

/** A located, non-fatal problem: bad input never throws, it becomes one of these. */
export interface Problem {
  level: ProblemLevel;
  /** Extended path of the file concerned (see FileEntry.path); empty for the whole input. */
  location: string[];
  /** Plugin that met the problem, e.g. `archive/zip`, `debian/dpkg-status`. */
  plugin: string;
  /** Stable machine-readable code, e.g. `truncated`, `unknown-format`, `limit-exceeded`. */
  code: string;
  message: string;
}

/** How a piece of evidence was found (spec: matching_methods). */
export type MatchingMethod = 'package-metadata' | 'signature' | 'soname' | 'filename';

export interface Evidence {
  method: MatchingMethod;
  /** Cataloger or matcher that produced it, e.g. `debian/dpkg-status`. */
  foundBy: string;
  /** Extended path of the file the evidence sits in. */
  path: string[];
  offset?: number;
  /** The matched text or the metadata field, bounded to a few hundred characters. */
  text?: string;
  /** SPDX expression this evidence itself declares (a signature entry's licence), so a licence keeps its source. */
  license?: string;
}

export interface Distro {
  /** `debian`, `ubuntu`, `alpine`, `openwrt`, ... */
  name: string;
  /** Release or version id, e.g. `12`, `3.19`; empty when unknown. */
  release: string;
}

export interface Component {
  /** Stable id: hash of (codetype, vendor, name, version, distro). */
  id: string;
  name: string;
  /** Exact version as found; empty string when only the name is known (never invented). */
  version: string;
  codetype: CodeType;
  vendor: string;
  /** Package URL (purl spec), e.g. `pkg:deb/debian/zlib1g@1:1.2.13.dfsg-1?arch=amd64&distro=debian-12`. */
  purl: string;
  /** CPE 2.3 candidates, e.g. `cpe:2.3:a:zlib:zlib:1.2.13:*:*:*:*:*:*:*`. */
  cpes: string[];
  /** SPDX licence expressions or names as declared. */
  licenses: string[];
  distro?: Distro;
  /** Every piece of evidence for the component, each pointing at a file. */
  evidence: Evidence[];
  /**
   * Ids of the components this one sits inside: the distro packages that own the file(s) it
   * was found in, when it is a different piece of software (a static or vendored copy), and
   * the Java archive (war, ear, fat or shaded jar) holding the file. SPDX `CONTAINS`,
   * CycloneDX dependency of the container. Absent when none.
   */
  containedIn?: string[];
}

export type ExecutableFormat = 'elf' | 'pe' | 'macho';

export interface ExecutableInfo {
  format: ExecutableFormat;
  machine: string;
  bits: 32 | 64;
  endianness: 'little' | 'big';
  /** `executable`, `shared-object`, `relocatable`, `core`, ... */
  type: string;
  /** Hardening attributes; `undefined` where not determinable for this format. */
  nx?: boolean;
  pie?: boolean;
  /** ELF: PT_GNU_RELRO absent → none; present → partial; plus BIND_NOW → full. */
  relro?: 'none' | 'partial' | 'full';
  /** A stack protector symbol (`__stack_chk_fail`, `__stack_chk_guard`) is present. */
  canary?: boolean;
  /** Fortified `__X_chk` functions are used; counts as checksec counts them. */
  fortify?: boolean;
  fortified?: number;
  fortifiable?: number;
  /** DT_RPATH / DT_RUNPATH entries (colon lists split). */
  rpath?: string[];
  runpath?: string[];
  /** No symbol table (.symtab); `debugInfo` = DWARF sections present. */
  stripped?: boolean;
  debugInfo?: boolean;
  /** x86 CET from GNU property notes: indirect branch tracking, shadow stack. */
  cetIbt?: boolean;
  cetShstk?: boolean;
  /** AArch64 from GNU property notes: branch target identification, pointer authentication. */
  bti?: boolean;
  pac?: boolean;
  /** A loadable segment that is writable and executable. */
  rwxSegments?: boolean;
  /** Text relocations (DT_TEXTREL or DF_TEXTREL). */
  textrel?: boolean;
  /** Sanitizer runtimes present (`asan`, `ubsan`, ...). */
  sanitizers?: string[];
  buildId?: string;
  soname?: string;
  /** Needed libraries (ELF DT_NEEDED, PE imported DLLs, Mach-O dylibs). */
  needed?: string[];
  importedSymbols?: number;
  exportedSymbols?: number;
  /** Imports of known-unsafe functions (gets, strcpy, system, ...), sorted. */
  unsafeImports?: string[];
  /** PE: IMAGE_DLLCHARACTERISTICS and load-config derived mitigations. */
  dynamicBase?: boolean;
  highEntropyVa?: boolean;
  nxCompat?: boolean;
  /** PE: /GS security cookie in the load configuration. */
  gs?: boolean;
  safeSeh?: boolean;
  cfg?: boolean;
  cetCompat?: boolean;
  forceIntegrity?: boolean;
  authenticode?: boolean;
  dotnet?: boolean;
  /** Mach-O: Objective-C ARC runtime used (_objc_release imported). */
  arc?: boolean;
  /** Mach-O: LC_ENCRYPTION_INFO with a non-zero cryptid (App Store FairPlay). */
  encrypted?: boolean;
  /** Mach-O: LC_CODE_SIGNATURE present (not verified). */
  codeSignature?: boolean;
  /** Mach-O: a __RESTRICT segment (dyld ignores DYLD_* variables). */
  restrict?: boolean;
  /** Mach-O header flags MH_ALLOW_STACK_EXECUTION and MH_NO_HEAP_EXECUTION. */
  allowStackExecution?: boolean;
  noHeapExecution?: boolean;
  /** Mach-O fat files: the machine of every slice (attributes are the first slice's). */
  architectures?: string[];
  /** Symbol table sizes as readelf counts entries: ELF .symtab (Mach-O: LC_SYMTAB's nsyms) and .dynsym. */
  symtabSymbols?: number;
  dynsymSymbols?: number;
  /** Clang control-flow integrity (`__cfi_check`, `__cfi_slowpath`, `__typeid_*`, `*.cfi` symbols). */
  cfi?: boolean;
  /** Clang SafeStack runtime (`__safestack_init`, `__safestack_unsafe_stack_ptr`). */
  safeStack?: boolean;
  /** ELF: code in PT_LOAD R+X segments of its own, apart from headers and read-only data. */
  separateCode?: boolean;
  /** PE: IMAGE_DLLCHARACTERISTICS NO_SEH (the image uses no structured exception handlers). */
  noSeh?: boolean;
  /** PE: IMAGE_DLLCHARACTERISTICS NO_ISOLATION (manifest isolation off) and APPCONTAINER. */
  noIsolation?: boolean;
  appContainer?: boolean;
  /** Missing mitigations in the spec's style: `no-pie`, `execstack`, `no-relro`, ... */
  missing?: string[];
}

export interface FileEntry {
  /**
   * Extended full path: element 0 is the path inside the input, each next element
   * the path inside the archive named by the previous one. Spec: extended_fullpath.
   */
  path: string[];
  size: number;
  sha1: string;
  sha256: string;
  /** Detected format name, e.g. `archive/zip`, `executable/elf`; absent for plain data. */
  format?: string;
  executable?: ExecutableInfo;
  /** Symlink target as recorded; links are never followed. */
  linkTarget?: string;
  /** Unpacker (or `carve`) that produced this file; absent for the input. Filled when asked for (`unpackFile`). */
  handler?: string;
  /** Extended path of the container it came from (`path` without its last element). Filled with `handler`. */
  parent?: string[];
  /** Container images: 64-hex digest of the layer the file comes from (from the layer's path). */
  layer?: string;
  /** Container images: the file was deleted by a whiteout in this later layer (64-hex digest). */
  whiteout?: string;
}

export interface InputInfo {
  name: string;
  size: number;
  sha1: string;
  sha256: string;
  format?: string;
}

export interface Identification {
  schemaVersion: typeof IDENTIFICATION_SCHEMA_VERSION;
  input: InputInfo;
  files: FileEntry[];
  components: Component[];
  problems: Problem[];
  /** Container images (docker save, OCI archives) found in the tree; absent when none. */
  dockerImages?: DockerImage[];
  /** Information leaks found in the file tree; absent when the infoleak stage did not run. */
  infoleaks?: InfoleakFinding[];
  /** Licences found in files (licence texts, Debian copyright, SPDX tags); absent when none. */
  licenses?: LicenseFinding[];
  /** Android and iOS apps (APK, IPA) found in the tree, one per app; absent when none. */
  mobileApps?: MobileApp[];
  /** Linux kernel configurations (IKCONFIG, config files) checked against hardening advice; absent when none. */
  kernelConfig?: KernelConfigReport[];
  /** What the scan was run with; absent in results of engines before it was recorded. */
  analysis?: AnalysisSettings;
  startedAt: string;
  finishedAt: string;
}

/** The settings a scan ran with, so a result says how it was made. */
export interface AnalysisSettings {
  /** The extraction limits in force (unpack/limits.ts names), the input-scaled budgets applied. */
  limits: Readonly<Record<string, number>>;
  /** Documentation examples and placeholders dropped from the leaks. */
  infoleakDecoyFilter: boolean;
  /** Ids of the custom leak patterns searched for. */
  customPatterns: string[];
}

/** A container image found in the input: a `docker save` archive or an OCI archive. */
export interface DockerImage {
  /** Extended path of the archive that holds it. */
  path: string[];
  /** Image id: the config blob's sha256 (64 hex). */
  id: string;
  /** Names as `repo:tag`, e.g. `binlens/demo:1.0`; empty when untagged. */
  repoTags: string[];
  /** Layer digests (64 hex), bottom first, taken from the layer paths. */
  layers: string[];
  /**
   * What made each layer, from the image config's `history` with its `empty_layer` steps (ENV,
   * CMD, ...) left out: one per entry of `layers`, in the same order. Absent when the config
   * holds no history or could not be read.
   */
  layerHistory?: LayerHistory[];
}

/** One build step of a container image that wrote a layer. */
export interface LayerHistory {
  /** The step as the builder recorded it, e.g. `/bin/sh -c apt-get install -y curl`; absent when the history does not say. */
  createdBy?: string;
  /** When, as recorded (ISO 8601). */
  created?: string;
  /** The builder's note, e.g. `buildkit.dockerfile.v0`. */
  comment?: string;
}

/** A licence found in a file, as an SPDX expression. */
export interface LicenseFinding {
  /** Extended path of the file. */
  path: string[];
  /** SPDX expression, e.g. `MIT`, `GPL-2.0-or-later AND BSD-3-Clause`. */
  expression: string;
  /** A licence text matched against references, a Debian DEP-5 copyright file, or an SPDX-License-Identifier tag. */
  source: 'license-text' | 'debian-copyright' | 'spdx-identifier';
  /** license-text: similarity to the reference excerpts, 0..1. */
  score?: number;
  /** spdx-identifier: 1-based line of the tag. */
  line?: number;
  /** debian-copyright: the `Files:` globs of a paragraph other than `Files: *`, which licenses only those files. */
  files?: string[];
  /** Ids of the components the file was attributed to (their `licenses` hold the expression). */
  components?: string[];
}

/** Spec §3 infoleak kinds, snake case. */
export type InfoleakKind =
  | 'asymmetric_keys'
  | 'cloud_provider_keys'
  | 'urls'
  | 'emails'
  | 'ips'
  | 'macs'
  | 'image_data'
  | 'jwts'
  | 'shell_histories'
  | 'passwords'
  | 'oauths'
  | 'custom'
  | 'http_credentials'
  | 'google_cloud_keys'
  | 'facebook_tokens'
  | 'twilio_keys'
  | 'certificates';

export interface InfoleakFinding {
  kind: InfoleakKind;
  /** Detector that found it, e.g. `cloud/aws-access-key`. */
  detector: string;
  /** Extended path of the file. */
  path: string[];
  /** Byte offset of the value in the file (binaries), or 1-based line (text). */
  offset?: number;
  line?: number;
  value: string;
  /** Display form of a secret: first and last characters kept, the rest `*`. */
  masked?: string;
  /** A bounded excerpt around the value (the string it sits in). */
  context: string;
  /** Validated facts: key type, size, encrypted, fingerprint, decoded JWT claims, ... */
  details?: Record<string, string | number | boolean>;
  /** A documentation example or placeholder, kept because the decoy filter was turned off. */
  decoy?: boolean;
}

/** Spec §9 scanner processes, reported live by `scan`. */
export type ScanStage =
  | 'downloading file'
  | 'file extractors'
  | 'BOM matching'
  | 'BOM postprocessing'
  | 'infoleak'
  | 'custom pattern search'
  | 'static analysis'
  | 'other';

export interface Progress {
  stage: ScanStage;
  /** Files done and in all; total 0 when unknown. */
  done: number;
  total: number;
  /** Bytes of those files, where the stage's work goes by bytes (file extractors, signature matching). */
  bytesDone?: number;
  bytesTotal?: number;
  message?: string;
}

export type ProgressListener = (progress: Progress) => void;

/** A mobile app (spec: mobile-apps tab). */
export interface MobileApp {
  platform: 'android' | 'ios';
  /** Extended path of the .apk or .ipa. */
  path: string[];
  /** Android package name or iOS bundle identifier. */
  id: string;
  /** android:label (when a literal) or CFBundleDisplayName / CFBundleName. */
  name?: string;
  /** versionName or CFBundleShortVersionString. */
  version?: string;
  /** versionCode or CFBundleVersion. */
  build?: string;
  /** minSdkVersion or MinimumOSVersion. */
  minOs?: string;
  /** Android targetSdkVersion. */
  targetSdk?: string;
  /** Android uses-permission (with protection level when known); iOS NS*UsageDescription keys (with the usage text). */
  permissions: MobilePermission[];
  android?: AndroidFacts;
  ios?: IosFacts;
}

export interface MobilePermission {
  name: string;
  /** Android: `normal`, `dangerous`, `signature`, `signatureOrSystem`. */
  protectionLevel?: string;
  /** iOS: the usage description shown to the user. */
  usage?: string;
}

export interface AndroidFacts {
  /** android:debuggable (default false). */
  debuggable: boolean;
  /** android:allowBackup (default true). */
  allowBackup: boolean;
  /** android:usesCleartextTraffic as declared; absent = platform default (true below API 28). */
  usesCleartextTraffic?: boolean;
  /** android:networkSecurityConfig resource reference, e.g. `@0x7f0f0001`. */
  networkSecurityConfig?: string;
  exported: ExportedComponent[];
  /** ABI → library file names (`lib/<abi>/*.so`). */
  nativeLibs: Record<string, string[]>;
  dexCount: number;
  signing: {
    /** v1 (JAR) signature block files, e.g. `META-INF/CERT.RSA`. */
    v1: string[];
    /** Schemes present (not verified): `v1`, `v2`, `v3`, `v3.1`. */
    schemes: string[];
    /** Signing certificates, one per certificate with the schemes that carry it. */
    certificates?: ApkCertificate[];
  };
  /** Libraries recognised in the DEX files by package prefix. */
  libraries?: DexLibrary[];
}

/** An APK signing certificate (X.509), as read, not verified. */
export interface ApkCertificate {
  /** `v1` (META-INF/*.RSA|DSA|EC), `v2`, `v3`, `v3.1`. */
  schemes: string[];
  /** Distinguished names, e.g. `CN=binlens-demo`. */
  subject: string;
  issuer: string;
  /** Serial number, lower-case hex. */
  serial: string;
  /** ISO 8601. */
  validFrom: string;
  validTo: string;
  /** SHA-256 of the DER certificate, lower-case hex (apksigner's "certificate SHA-256 digest"). */
  sha256: string;
  /** `RSA`, `EC`, `DSA`. */
  keyAlgorithm: string;
  /** RSA/DSA modulus bits or EC curve bits. */
  keySize?: number;
  /** Signed with the Android debug keystore (CN=Android Debug). */
  debug: boolean;
}

/** A library found in an APK's DEX files by its package prefix. */
export interface DexLibrary {
  name: string;
  /** Java package prefix, e.g. `okhttp3`. */
  package: string;
  /** From a version constant in the DEX strings; absent when none is present. */
  version?: string;
  /** Classes defined under the prefix. */
  classes: number;
  /** `group:artifact` of the library's main Maven artifact, when known. */
  maven?: string;
}

export interface ExportedComponent {
  /** `activity`, `activity-alias`, `service`, `receiver`, `provider`. */
  kind: string;
  name: string;
  /** `exported`: android:exported="true"; `intent-filter`: no exported attribute but an intent filter. */
  reason: 'exported' | 'intent-filter';
  /** android:permission guarding it. */
  permission?: string;
}

export interface IosFacts {
  /** Extended path of the main executable (its attributes are in `files[].executable`). */
  executable?: string[];
  /** The main executable's LC_ENCRYPTION_INFO cryptid ≠ 0. */
  encrypted?: boolean;
  urlSchemes: string[];
  /** App Transport Security: NSAllowsArbitraryLoads and NSExceptionDomains. */
  ats: { allowsArbitraryLoads: boolean; exceptionDomains: string[] };
  /** Frameworks/*.framework with their CFBundleShortVersionString (also components, code type MA). */
  frameworks: { name: string; version: string; path: string[] }[];
  /** embedded.mobileprovision: team and entitlements. */
  provisioning?: { name?: string; teamId?: string; expires?: string; entitlements: Record<string, unknown> };
}

/** One kernel configuration checked against the hardening table. */
export interface KernelConfigReport {
  /** Extended path of the file holding it (config file, kernel image or configs.ko). */
  path: string[];
  /** `ikconfig` (embedded IKCFG_ST blob) or `file`. */
  source: 'ikconfig' | 'file';
  /** `CONFIG_` options set in it. */
  options: number;
  checks: KernelConfigCheck[];
}

export interface KernelConfigCheck {
  option: string;
  /** Recommended value: `y`, `n` (not set), `m`, a number or a string. */
  expected: string;
  /** Value found; `n` when not set or absent. */
  actual: string;
  ok: boolean;
  why: string;
}
