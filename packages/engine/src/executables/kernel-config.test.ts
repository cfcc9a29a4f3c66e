import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { checkKernelConfig, inflateIkconfig, parseKernelConfig } from './kernel-config.ts';

const CONFIG = `#
# Linux/x86 6.1.0 Kernel Configuration
CONFIG_X86_64=y
CONFIG_LOCALVERSION="-amd64"
CONFIG_BINFMT_MISC=m
# CONFIG_DEVMEM is not set
CONFIG_DEFAULT_MMAP_MIN_ADDR=65536
CONFIG_STACKPROTECTOR_STRONG=y
`;

describe('kernel config', () => {
  it('parses y/m/n, strings and numbers', () => {
    const c = parseKernelConfig(CONFIG);
    expect(Object.fromEntries(c)).toEqual({
      CONFIG_X86_64: 'y',
      CONFIG_LOCALVERSION: '-amd64',
      CONFIG_BINFMT_MISC: 'm',
      CONFIG_DEVMEM: 'n',
      CONFIG_DEFAULT_MMAP_MIN_ADDR: '65536',
      CONFIG_STACKPROTECTOR_STRONG: 'y',
    });
  });

  it('checks against the table: absent counts as n, numbers compare at least, arch checks need their arch', () => {
    const checks = new Map(checkKernelConfig(parseKernelConfig(CONFIG)).map((c) => [c.option, c]));
    expect(checks.get('CONFIG_DEVMEM')).toMatchObject({ expected: 'n', actual: 'n', ok: true });
    expect(checks.get('CONFIG_BINFMT_MISC')).toMatchObject({ expected: 'n', actual: 'm', ok: false });
    expect(checks.get('CONFIG_STACKPROTECTOR_STRONG')?.ok).toBe(true);
    expect(checks.get('CONFIG_VMAP_STACK')).toMatchObject({ actual: 'n', ok: false });
    expect(checks.get('CONFIG_DEFAULT_MMAP_MIN_ADDR')?.ok).toBe(true);
    expect(checks.has('CONFIG_X86_X32')).toBe(true);
    const arm = checkKernelConfig(parseKernelConfig('CONFIG_ARM64=y\n'));
    expect(arm.some((c) => c.option === 'CONFIG_X86_X32')).toBe(false);
    expect(arm.every((c) => typeof c.why === 'string' && c.why.length > 10)).toBe(true);
  });

  it('inflates an IKCONFIG blob and refuses a broken one', () => {
    const blob = Buffer.concat([Buffer.from('xxIKCFG_ST'), gzipSync(CONFIG), Buffer.from('IKCFG_EDyy')]);
    expect(inflateIkconfig(blob, 10)).toBe(CONFIG);
    const broken = Buffer.from(blob);
    broken.fill(0, 30, 40);
    expect(inflateIkconfig(broken, 10)).toBeUndefined();
    expect(inflateIkconfig(Buffer.from('IKCFG_STnot gzip'), 8)).toBeUndefined();
  });
});
