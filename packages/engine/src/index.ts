// Public API of @binlens/engine.
export * from './model/index.ts';
export { scan, type ScanOptions } from './pipeline.ts';
export { toScanResult } from './report/scan-result.ts';
export { NATIVE_JSON_SCHEMA_VERSION, toNativeJson, type NativeInfoleak, type NativeJson, type NativeJsonOptions } from './report/native-json.ts';
export type { NativeExecutable } from './report/native-executables.ts';
export { toNativeLicenses, type NativeLicense } from './report/native-licenses.ts';
export type { NativeCodeFinding } from './report/native-code-findings.ts';
export { CODE_RULES, type CodeRule, type CodeRuleSeverity } from './executables/code-rules.ts';
export type { NativeMobileApp } from './report/native-mobile.ts';
export { licensePolicy, validatePolicyOverrides, type LicensePolicy, type LicensePolicyOverrides } from './licenses/policy.ts';
export { DEFAULT_LIMITS, type Limits } from './unpack/limits.ts';
export { LIMIT_NAMES, type LimitSettingMessages, parseLimitSettings } from './unpack/limit-settings.ts';
export { escapeText } from './util/escape-text.ts';
export { unpackFile, type UnpackOptions, type UnpackedTree } from './unpack-file.ts';
export { SBOM_WRITER_NAMES, findSbomWriter } from './sbom/registry.ts';
export type { SbomOptions, SbomWriter } from './sbom/common.ts';
export {
  PORTABLE_SCAN_EXTENSION,
  PORTABLE_SCAN_FORMAT,
  PORTABLE_SCAN_MEDIA_TYPE,
  PORTABLE_SCAN_READ_VERSIONS,
  PORTABLE_SCAN_VERSION,
  type PortableScan,
  PortableScanError,
  portableScanFileName,
} from './portable/portable-scan.ts';
export { isPortableScanHead, PORTABLE_SCAN_HEAD_BYTES, type PortableScanReadOptions, readPortableScan } from './portable/read.ts';
export { writePortableScan } from './portable/write.ts';
export { customPatternError, type CustomPatternError, MAX_CUSTOM_PATTERN_LENGTH, validateCustomPattern } from './infoleak/custom.ts';
export { type LeakScan, type LeakScanOptions, scanLeaks } from './scan-leaks.ts';
export type { CustomPattern, InfoleakOptions } from './infoleak/types.ts';
export { SignatureMatcher } from './signatures/matcher.ts';
export { SIGNATURE_FAMILIES, allSignatures } from './signatures/registry.ts';
export type { Signature, SignatureFamily } from './signatures/types.ts';
export { sameSoftware } from './identify/ownership.ts';
export { decodeBinaryXml, type AxmlElement } from './mobile/android-binary-xml.ts';
export { parsePlist, PlistError, type PlistValue } from './mobile/plist.ts';
export { checkKernelConfig, parseKernelConfig } from './executables/kernel-config.ts';
