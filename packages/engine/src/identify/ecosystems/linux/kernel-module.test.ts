import { describe, expect, it } from 'vitest';
import { linuxKernelModule } from './kernel-module.ts';
import { mergeComponents } from '../../component.ts';
import { memoryFile } from '../../test-helpers.ts';
import { fixtureTarMember, fuzzCataloger } from '../../test-fixtures.ts';

// gcc-built objects with a kernel-style .modinfo section (fixtures/identify/linux-kernel-modules/make.sh).
const TAR = 'linux-kernel-modules/modules.tar';
const DUMMY = 'lib/modules/6.1.0-18-amd64/kernel/drivers/net/dummy.ko';
const ACME = 'lib/modules/5.10.0-28-amd64/updates/dkms/acme.ko';
const run = (inner: string, bytes: Buffer) => linuxKernelModule.catalog(memoryFile(['rootfs.tar', inner], bytes));

describe('linux/kernel-module', () => {
  it('matches ELF files named .ko, decompressed ones included', () => {
    expect([
      [[DUMMY], DUMMY, 'executable/elf'],
      [['x.tar', 'lib/modules/6.1.0-18-amd64/kernel/fs/fat/vfat.ko.xz', 'vfat.ko'], 'vfat.ko', 'executable/elf'],
      [['x.ko'], 'x.ko', undefined],
      [['lib/x.so'], 'lib/x.so', 'executable/elf'],
    ].map(([path, inner, format]) => linuxKernelModule.matches(path as string[], inner as string, format as string | undefined))).toEqual([true, true, false, false]);
  });

  it('the kernel release of vermagic, located in .modinfo', async () => {
    const bytes = fixtureTarMember(TAR, DUMMY);
    const { components, problems } = await run(DUMMY, bytes);
    expect(problems).toEqual([]);
    expect(components.map((c) => [c.name, c.version, c.codetype, c.vendor, c.purl, c.cpes, c.evidence])).toEqual([
      ['linux_kernel', '6.1.0-18-amd64', 'NA', 'Linux', 'pkg:generic/linux_kernel@6.1.0-18-amd64', [], [
        { method: 'package-metadata', foundBy: 'linux/kernel-module', path: ['rootfs.tar', DUMMY], offset: bytes.indexOf('vermagic='), text: 'vermagic=6.1.0-18-amd64 SMP preempt mod_unload modversions' },
      ]],
    ]);
  });

  it('one component per release, every module as its evidence', async () => {
    const found = [
      ...(await run(DUMMY, fixtureTarMember(TAR, DUMMY))).components,
      ...(await run('other/dummy.ko', fixtureTarMember(TAR, DUMMY))).components,
      ...(await run(ACME, fixtureTarMember(TAR, ACME))).components,
    ];
    expect(mergeComponents(found).map((c) => [c.version, c.evidence.map((e) => e.path[1])])).toEqual([
      ['5.10.0-28-amd64', [ACME]],
      ['6.1.0-18-amd64', [DUMMY, 'other/dummy.ko']],
    ]);
  });

  it('an ELF without vermagic is a problem, one without .modinfo nothing; mutations never throw', async () => {
    const bytes = Buffer.from(fixtureTarMember(TAR, DUMMY));
    bytes.write('vermagix', bytes.indexOf('vermagic='), 'latin1');
    expect((await run(DUMMY, bytes)).problems.map((p) => p.message)).toEqual(['.modinfo without vermagic=']);
    const renamed = Buffer.from(fixtureTarMember(TAR, DUMMY));
    renamed.write('.modinfx', renamed.indexOf('.modinfo\0'), 'latin1');
    expect(await run(DUMMY, renamed)).toEqual({ components: [], problems: [] });
    await fuzzCataloger(linuxKernelModule, [DUMMY], fixtureTarMember(TAR, DUMMY), 80);
  });
});
