import { zstdDecompressSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { cargoAuditable } from './cargo-auditable.ts';
import { memoryFile } from '../../test-helpers.ts';
import { fixtureBytes, fixtureTarMember, fuzzCataloger } from '../../test-fixtures.ts';

// cargo build + the .dep-v0 section cargo-auditable writes, see fixtures/identify/rust-cargo-auditable/make.sh.
const BINARY = zstdDecompressSync(fixtureBytes('rust-cargo-auditable/binlens-hello.zst'));
const PATH = ['image.tar', 'usr/bin/binlens-hello'];
// `readelf -S` of the fixture: [32] .dep-v0 PROGBITS, file offset 0x5345a, size 0x84.
const SECTION_OFFSET = 0x5345a;

describe('rust/cargo-auditable', () => {
  it('matches ELF, PE and Mach-O executables only', () => {
    const formats = ['executable/elf', 'executable/pe', 'executable/macho', 'archive/zip', undefined];
    expect(formats.map((f) => cargoAuditable.matches(PATH, 'usr/bin/binlens-hello', f))).toEqual([true, true, true, false, false]);
  });

  it('every runtime crate of the graph, the root included; build dependencies left out', async () => {
    const { components, problems } = await cargoAuditable.catalog(memoryFile(PATH, BINARY));
    expect(problems).toEqual([]);
    expect(components.map((c) => [c.name, c.version, c.codetype, c.vendor, c.purl, c.evidence])).toEqual([
      ['binlens-hello', '0.1.0', 'NA', '', 'pkg:cargo/binlens-hello@0.1.0', [{ method: 'package-metadata', foundBy: 'rust/cargo-auditable', path: PATH, offset: SECTION_OFFSET, text: '.dep-v0: binlens-hello 0.1.0 (local, root)' }]],
      ['greeting', '0.3.1', 'NA', '', 'pkg:cargo/greeting@0.3.1', [{ method: 'package-metadata', foundBy: 'rust/cargo-auditable', path: PATH, offset: SECTION_OFFSET, text: '.dep-v0: greeting 0.3.1 (local)' }]],
    ]);
  });

  it('a corrupted section is one located problem; an ELF without the section gives nothing', async () => {
    const damaged = Buffer.from(BINARY);
    damaged.fill(0xff, SECTION_OFFSET + 2, SECTION_OFFSET + 12);
    const bad = await cargoAuditable.catalog(memoryFile(PATH, damaged));
    expect(bad.components).toEqual([]);
    expect(bad.problems.map((p) => [p.code, p.location, p.message.replace(/: [^:]*$/, '')])).toEqual([['malformed', PATH, `.dep-v0 at ${SECTION_OFFSET}: not zlib data`]]);
    const plain = Buffer.from(BINARY);
    // Rename the section (".dep-v0" → ".dep-x0") in the section name table.
    plain.write('.dep-x0', plain.lastIndexOf('.dep-v0'), 'latin1');
    expect(await cargoAuditable.catalog(memoryFile(PATH, plain))).toEqual({ components: [], problems: [] });
  });

  it('survives seeded mutations', async () => {
    await fuzzCataloger(cargoAuditable, PATH, BINARY, 60);
  });

  // The same .dep-v0 data linked into a PE and a Mach-O program, see
  // fixtures/identify/rust-cargo-auditable-pe-macho/make.sh.
  const FORMATS = [
    // `objdump -h`: .dep-v0 at file offset 0x2800, 0x84 bytes (raw data padded to 0x200).
    ['PE32+', 'bin/hello.exe', 0x2800],
    // `llvm-objdump --macho --private-headers`: sectname .dep-v0, segname __DATA, offset 12304, size 0x84.
    ['Mach-O', 'bin/hello-macos', 12304],
  ] as const;

  it.each(FORMATS)('reads the crate graph out of a %s executable', async (_format, member, offset) => {
    const path = ['binaries.tar', member];
    const bytes = fixtureTarMember('rust-cargo-auditable-pe-macho/binaries.tar.zst', member);
    const { components, problems } = await cargoAuditable.catalog(memoryFile(path, bytes));
    expect(problems).toEqual([]);
    expect(components.map((c) => [c.name, c.version, c.purl, c.evidence[0]?.offset, c.evidence[0]?.text])).toEqual([
      ['binlens-hello', '0.1.0', 'pkg:cargo/binlens-hello@0.1.0', offset, '.dep-v0: binlens-hello 0.1.0 (local, root)'],
      ['greeting', '0.3.1', 'pkg:cargo/greeting@0.3.1', offset, '.dep-v0: greeting 0.3.1 (local)'],
    ]);
  });

  it.each(FORMATS)('a %s executable without the section gives nothing; a damaged one a located problem', async (_format, member, offset) => {
    const bytes = fixtureTarMember('rust-cargo-auditable-pe-macho/binaries.tar.zst', member);
    const renamed = Buffer.from(bytes);
    renamed.write('.dep-x0', renamed.indexOf('.dep-v0'), 'latin1');
    expect(await cargoAuditable.catalog(memoryFile(PATH, renamed))).toEqual({ components: [], problems: [] });
    const damaged = Buffer.from(bytes);
    damaged.fill(0xff, offset + 2, offset + 12);
    const bad = await cargoAuditable.catalog(memoryFile(PATH, damaged));
    expect(bad.problems.map((p) => [p.code, p.location, p.message.replace(/: [^:]*$/, '')])).toEqual([['malformed', PATH, `.dep-v0 at ${offset}: not zlib data`]]);
  });

  it.each(FORMATS)('survives seeded mutations of a %s executable', async (_format, member) => {
    await fuzzCataloger(cargoAuditable, PATH, fixtureTarMember('rust-cargo-auditable-pe-macho/binaries.tar.zst', member), 60);
  });
});
