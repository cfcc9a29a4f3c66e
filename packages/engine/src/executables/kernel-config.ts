// Linux kernel configurations: the text Kconfig writes (`.config`, /boot/config-*) and the
// copy a kernel built with CONFIG_IKCONFIG embeds (`IKCFG_ST` + gzip + `IKCFG_ED`, in the
// image or in configs.ko), checked against one data table of hardening recommendations.
import { gunzipSync } from 'node:zlib';
import type { KernelConfigCheck } from '../model/index.ts';
import table from './data/kernel-hardening.json' with { type: 'json' };

interface Recommendation {
  option: string;
  expected: string;
  why: string;
  /** Checked only when this option is `y` (architecture-specific advice). */
  when?: string;
  /** `at-least`: a number no smaller than `expected` passes. */
  compare?: string;
}

export const IKCFG_START = Buffer.from('IKCFG_ST');
export const IKCFG_END = Buffer.from('IKCFG_ED');
/** An embedded configuration is a few hundred KiB of text; more is refused. */
const MAX_CONFIG_TEXT = 8 * 1024 * 1024;
const RECOMMENDATIONS: readonly Recommendation[] = table.checks;

// CONFIG_SLAB_FREELIST_RANDOM=y / CONFIG_LOCALVERSION="-amd64" / CONFIG_NR_CPUS=8192
const SET = /^(CONFIG_[A-Za-z0-9_]+)=(.*)$/;
// # CONFIG_DEVMEM is not set
const NOT_SET = /^# (CONFIG_[A-Za-z0-9_]+) is not set$/;

/** Option → value (`y`, `m`, `n`, a number, a string without its quotes). */
export function parseKernelConfig(text: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    const set = SET.exec(line);
    if (set?.[1] && set[2] !== undefined) out.set(set[1], unquote(set[2]));
    const off = NOT_SET.exec(line);
    if (off?.[1]) out.set(off[1], 'n');
  }
  return out;
}

/** Every applicable recommendation with what the configuration has; an absent option counts as `n`. */
export function checkKernelConfig(config: ReadonlyMap<string, string>): KernelConfigCheck[] {
  return RECOMMENDATIONS.filter((r) => r.when === undefined || config.get(r.when) === 'y').map((r) => {
    const actual = config.get(r.option) ?? 'n';
    const ok = r.compare === 'at-least' ? Number(actual) >= Number(r.expected) : actual === r.expected;
    return { option: r.option, expected: r.expected, actual, ok, why: r.why };
  });
}

/** The text of an IKCONFIG blob that starts at `start` in `bytes` (after `IKCFG_ST`); undefined when it does not inflate. */
export function inflateIkconfig(bytes: Buffer, start: number): string | undefined {
  const end = bytes.indexOf(IKCFG_END, start);
  const gz = bytes.subarray(start, end < 0 ? bytes.length : end);
  if (gz[0] !== 0x1f || gz[1] !== 0x8b) return undefined;
  try {
    return gunzipSync(gz, { maxOutputLength: MAX_CONFIG_TEXT }).toString('utf8');
  } catch {
    return undefined;
  }
}

function unquote(v: string): string {
  return v.length >= 2 && v.startsWith('"') && v.endsWith('"') ? v.slice(1, -1).replace(/\\(.)/g, '$1') : v;
}
