import { zstdDecompressSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { cargoAuditable } from './cargo-auditable.ts';
import { memoryFile } from '../../test-helpers.ts';
import { fixtureBytes, fuzzCataloger } from '../../test-fixtures.ts';

// cargo build + the .dep-v0 section cargo-auditable writes, see fixtures/identify/rust-cargo-auditable/make.sh.
const BINARY = zstdDecompressSync(fixtureBytes('rust-cargo-auditable/binlens-hello.zst'));
const PATH = ['image.tar', 'usr/bin/binlens-hello'];
// `readelf -S` of the fixture: [32] .dep-v0 PROGBITS, file offset 0x5345a, size 0x84.
const SECTION_OFFSET = 0x5345a;

describe('rust/cargo-auditable', () => {
  it('matches ELF executables only', () => {
    expect(['executable/elf', 'executable/pe', undefined].map((f) => cargoAuditable.matches(PATH, 'usr/bin/binlens-hello', f))).toEqual([true, false, false]);
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
});
