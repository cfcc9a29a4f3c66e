import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { runCli } from '../testing/run-cli.ts';

const DEB = fileURLToPath(
  new URL('../../../engine/fixtures/unpack/deb-zstd/libbinlens-tools1_0.9.1-3_amd64.deb', import.meta.url),
);

const run = (...argv: string[]) => runCli(argv);

describe('binlens CLI', () => {
  it('scan --format json prints input, the scan result and problems', async () => {
    const { code, stdout, stderr } = await run('scan', DEB);
    expect([code, stderr]).toEqual([0, '']);
    const json = JSON.parse(stdout);
    expect(Object.keys(json)).toEqual(['input', 'components', 'licenses', 'docker-images', 'problems']);
    expect(json.input.name).toBe('libbinlens-tools1_0.9.1-3_amd64.deb');
    expect(json.components.map((c: { purl: string }) => c.purl)).toEqual([
      'pkg:npm/%40babel/helper-plugin-utils@7.24.0',
      'pkg:deb/debian/libbinlens-tools1@2:0.9.1-3?arch=amd64&upstream=binlens-tools',
    ]);
    expect(json.problems).toEqual([]);
  });

  it('scan --format table prints aligned columns', async () => {
    const { code, stdout } = await run('scan', DEB, '--format', 'table');
    expect(code).toBe(0);
    expect(stdout).toBe(
      [
        'NAME                        VERSION    TYPE  FILES',
        '@babel/helper-plugin-utils  7.24.0     JS    data.tar.zst > data.tar > usr/share/nodejs/@babel/helper-plugin-utils/package.json',
        'libbinlens-tools1           2:0.9.1-3  DP    libbinlens-tools1_0.9.1-3_amd64.deb',
        '',
      ].join('\n'),
    );
  });

  it('scan --help prints the command usage', async () => {
    const { code, stdout } = await run('scan', '--help');
    expect(code).toBe(0);
    expect(stdout).toMatch(/^Usage: binlens scan FILE \[--format json\|table\]/);
  });

  it.each([
    [['scan'], 'binlens: missing FILE'],
    [['scan', 'a', 'b'], 'binlens: unexpected argument "b"'],
    [['scan', 'a', '--format', 'xml'], 'binlens: --format must be json or table, not "xml"'],
    [['scan', 'a', '--bogus'], "binlens: Unknown option '--bogus'"],
  ])('usage error %j → exit 2', async (argv, message) => {
    const { code, stderr } = await run(...argv);
    expect(code).toBe(2);
    expect(stderr.split('\n')[0]).toContain(message);
  });

  it('an unreadable file → exit 1', async () => {
    const { code, stderr } = await run('scan', '/nonexistent/file.bin');
    expect(code).toBe(1);
    expect(stderr).toMatch(/^binlens: cannot read \/nonexistent\/file\.bin: ENOENT/);
  });
});
