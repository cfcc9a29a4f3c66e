// Public API of @binlens/engine.
export * from './model/index.ts';
export { scan, type ScanOptions } from './pipeline.ts';
export { toScanResult } from './report/scan-result.ts';
export { DEFAULT_LIMITS, type Limits } from './unpack/limits.ts';
export { unpackFile, type UnpackOptions, type UnpackedTree } from './unpack/unpack-file.ts';
export { SBOM_WRITERS, findSbomWriter } from './sbom/registry.ts';
export type { SbomOptions, SbomWriter } from './sbom/common.ts';
export { writeCycloneDx } from './sbom/writers/cyclonedx.ts';
export { writeSpdx } from './sbom/writers/spdx.ts';
export { validateCustomPattern } from './infoleak/custom.ts';
export type { CustomPattern, InfoleakOptions } from './infoleak/types.ts';
export { SignatureMatcher } from './signatures/matcher.ts';
export { allSignatures } from './signatures/registry.ts';
export type { Signature } from './signatures/types.ts';
export { sameSoftware } from './identify/ownership.ts';
export { decodeBinaryXml, type AxmlElement } from './mobile/android-binary-xml.ts';
export { parsePlist, PlistError, type PlistValue } from './mobile/plist.ts';
export { checkKernelConfig, parseKernelConfig } from './executables/kernel-config.ts';
