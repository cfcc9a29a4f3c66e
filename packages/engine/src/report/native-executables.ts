// Executable attributes for the native JSON contract: one entry per executable file,
// `ExecutableInfo`'s attributes under their snake-case contract names.
import type { ExecutableInfo, FileEntry } from '../model/index.ts';
import { displayPath } from './display-path.ts';

export type AttributeValue = boolean | number | string | string[];

export interface NativeExecutable {
  path: string[];
  format: ExecutableInfo['format'];
  machine: string;
  bits: 32 | 64;
  endianness: 'little' | 'big';
  type: string;
  /** Only the attributes that apply to the format are present (`pie` is absent for a shared library). */
  attributes: Record<string, AttributeValue>;
  /** Missing mitigations in the spec's style: `no-pie`, `execstack`, `no-relro`, `no-control-flow-guard`... */
  missing: string[];
}

/** Contract names that are not the plain snake case of the model's field. */
const RENAMED: Readonly<Record<string, string>> = { safeSeh: 'safeseh' };

/** Identity fields, carried beside `attributes` rather than in it. */
const NOT_ATTRIBUTES = new Set(['format', 'machine', 'bits', 'endianness', 'type', 'missing']);

export function toNativeExecutables(files: readonly FileEntry[], inputName: string): NativeExecutable[] {
  const executables: NativeExecutable[] = [];
  for (const file of files) {
    const exe = file.executable;
    if (!exe) continue;
    executables.push({
      path: displayPath(file.path, inputName),
      format: exe.format,
      machine: exe.machine,
      bits: exe.bits,
      endianness: exe.endianness,
      type: exe.type,
      attributes: toAttributes(exe),
      missing: exe.missing ?? [],
    });
  }
  return executables;
}

function toAttributes(exe: ExecutableInfo): Record<string, AttributeValue> {
  const attributes: Record<string, AttributeValue> = {};
  for (const [field, value] of Object.entries(exe) as [string, AttributeValue | undefined][]) {
    if (value === undefined || NOT_ATTRIBUTES.has(field)) continue;
    attributes[RENAMED[field] ?? snakeCase(field)] = value;
  }
  return attributes;
}

/** `highEntropyVa` → `high_entropy_va`. */
export function snakeCase(name: string): string {
  return name.replace(/[A-Z]/g, (upper) => `_${upper.toLowerCase()}`);
}
