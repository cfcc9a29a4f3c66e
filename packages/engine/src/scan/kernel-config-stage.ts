// Stage "kernel configuration" (part of static analysis): configuration files by name
// (`.config`, `config-6.1.0-18-amd64`) and the IKCONFIG blob inside kernel images and
// modules found by name (vmlinux, bzImage, Image, uImage's `kernel`, *.ko), read in
// windows, never whole. Each becomes one report of hardening checks.
import { posix } from 'node:path';
import type { KernelConfigReport } from '../model/index.ts';
import { IKCFG_START, checkKernelConfig, inflateIkconfig, parseKernelConfig } from '../executables/kernel-config.ts';
import { openSource } from '../util/reader.ts';
import type { ScanContext } from './context.ts';
import { internalProblem } from './context.ts';
import type { TreeFile } from './tree.ts';

export const KERNEL_CONFIG_PLUGIN = 'executables/kernel-config';
// .config, config-6.1.0-18-amd64
const CONFIG_FILE = /^(\.config|config-[^/]+)$/;
// vmlinux, vmlinuz-6.1.0-18-amd64, bzImage, zImage, Image, kernel, kernel.bin, configs.ko
const KERNEL_FILE = /^(vmlinu[xz]|[bz]?Image|kernel)([.-][^/]*)?$|\.ko$/;
const MAX_CONFIG_FILE = 4 * 1024 * 1024;
const MAX_KERNEL_FILE = 512 * 1024 * 1024;
const WINDOW = 4 * 1024 * 1024;
/** A compressed configuration is well under this; the window overlap keeps a blob whole. */
const MAX_BLOB = 1024 * 1024;
/** A config file needs this many options to count (a `config-x` of another program does not). */
const MIN_OPTIONS = 5;

export async function kernelConfigStage(ctx: ScanContext): Promise<KernelConfigReport[]> {
  const reports: KernelConfigReport[] = [];
  for (const file of ctx.tree.files) {
    ctx.signal.throwIfAborted();
    if (file.diskPath === undefined || file.entry.linkTarget !== undefined) continue;
    const name = posix.basename(file.entry.path.at(-1) ?? ctx.inputName);
    const isConfig = CONFIG_FILE.test(name) && file.entry.size <= MAX_CONFIG_FILE;
    const isKernel = KERNEL_FILE.test(name) && file.entry.size <= MAX_KERNEL_FILE;
    if (!isConfig && !isKernel) continue;
    try {
      const text = isConfig ? await readText(file) : await findIkconfig(file, ctx.signal);
      if (text === undefined) continue;
      const config = parseKernelConfig(text);
      if (config.size < MIN_OPTIONS) continue;
      reports.push({ path: file.entry.path, source: isConfig ? 'file' : 'ikconfig', options: config.size, checks: checkKernelConfig(config) });
    } catch (err) {
      if (ctx.signal.aborted) throw err;
      ctx.problems.push(internalProblem(file.entry.path, KERNEL_CONFIG_PLUGIN, err));
    }
  }
  return reports;
}

async function readText(file: TreeFile): Promise<string | undefined> {
  const reader = await openSource(file);
  try {
    const bytes = await reader.read(0, reader.size);
    return bytes.includes(0) ? undefined : bytes.toString('utf8');
  } finally {
    await reader.close();
  }
}

async function findIkconfig(file: TreeFile, signal: AbortSignal): Promise<string | undefined> {
  const reader = await openSource(file);
  try {
    for (let at = 0; at < reader.size; at += WINDOW) {
      signal.throwIfAborted();
      const window = await reader.read(at, WINDOW + MAX_BLOB);
      for (let hit = window.indexOf(IKCFG_START); hit >= 0 && hit < WINDOW; hit = window.indexOf(IKCFG_START, hit + 1)) {
        const text = inflateIkconfig(window, hit + IKCFG_START.length);
        if (text !== undefined) return text;
      }
    }
    return undefined;
  } finally {
    await reader.close();
  }
}
