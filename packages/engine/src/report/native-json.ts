// The native JSON contract (`binlens scan --format json`, documented in docs/native-json.md):
// the spec §3 scan result plus executables, information leaks, licences per component and
// per file, mobile apps and kernel configurations, in snake case. A change of shape bumps
// NATIVE_JSON_SCHEMA_VERSION.
import type { Identification, InfoleakFinding, InputInfo, KernelConfigReport, Problem, ScanResult } from '../model/index.ts';
import { displayPath } from './display-path.ts';
import { type NativeCodeFinding, toNativeCodeFindings } from './native-code-findings.ts';
import { type NativeExecutable, toNativeExecutables } from './native-executables.ts';
import { type NativeLicense, toNativeLicenses } from './native-licenses.ts';
import { type NativeMobileApp, toNativeMobileApps } from './native-mobile.ts';

export const NATIVE_JSON_SCHEMA_VERSION = 1;

export interface NativeInfoleak {
  kind: InfoleakFinding['kind'];
  detector: string;
  path: string[];
  /** Byte offset in a binary, or null when the finding has a line. */
  offset: number | null;
  /** 1-based line in a text file, or null when the finding has an offset. */
  line: number | null;
  value: string;
  /** Display form of a secret; null for values that are not secret (URLs, e-mail addresses...). */
  masked: string | null;
  context: string;
  details: Record<string, string | number | boolean> | null;
  decoy: boolean;
}

export interface NativeJson extends Omit<ScanResult, 'licenses'> {
  schema_version: typeof NATIVE_JSON_SCHEMA_VERSION;
  input: InputInfo;
  licenses: NativeLicense[];
  executables: NativeExecutable[];
  /** Static code analysis: rules an executable breaks (executables/code-rules.ts). */
  code_findings: NativeCodeFinding[];
  infoleaks: NativeInfoleak[];
  mobile_apps: NativeMobileApp[];
  kernel_configs: KernelConfigReport[];
  problems: Problem[];
}

export interface NativeJsonOptions {
  /** SPDX id → policy class, overriding the built-in table (see licenses/policy.ts). */
  licensePolicy?: Readonly<Record<string, string>>;
}

/**
 * The native JSON document of a scan. `result` is `toScanResult(identification)`,
 * possibly with vulnerabilities joined; its components are kept as they are.
 */
export function toNativeJson(identification: Identification, result: ScanResult, options: NativeJsonOptions = {}): NativeJson {
  const inputName = identification.input.name;
  return {
    schema_version: NATIVE_JSON_SCHEMA_VERSION,
    input: identification.input,
    components: result.components,
    licenses: toNativeLicenses(identification, options.licensePolicy),
    'docker-images': result['docker-images'],
    executables: toNativeExecutables(identification.files, inputName),
    code_findings: toNativeCodeFindings(identification.files, inputName),
    infoleaks: (identification.infoleaks ?? []).map((leak) => toNativeInfoleak(leak, inputName)),
    mobile_apps: toNativeMobileApps(identification.mobileApps ?? [], inputName),
    kernel_configs: (identification.kernelConfig ?? []).map((config) => ({ ...config, path: displayPath(config.path, inputName) })),
    problems: identification.problems,
  };
}

function toNativeInfoleak(leak: InfoleakFinding, inputName: string): NativeInfoleak {
  return {
    kind: leak.kind,
    detector: leak.detector,
    path: displayPath(leak.path, inputName),
    offset: leak.offset ?? null,
    line: leak.line ?? null,
    value: leak.value,
    masked: leak.masked ?? null,
    context: leak.context,
    details: leak.details ?? null,
    decoy: leak.decoy ?? false,
  };
}
