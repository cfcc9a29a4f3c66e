import { describe, expect, it } from 'vitest';
import { runCli } from '../testing/run-cli.ts';

describe('binlens versions compare', () => {
  it('orders Debian versions with epochs and tildes', async () => {
    const pairs = ['1:1.2.13.dfsg-1 1.2.13-1', '2.36-9+deb12u7 2.36-9+deb12u10', '1.0~rc1 1.0', '7.88.1-10 7.88.1-10'].join('\n');
    expect(await runCli(['versions', 'compare', 'Debian'], pairs)).toEqual({ code: 0, stdout: '>\n<\n<\n=\n', stderr: '' });
  });

  it('orders OpenSSL letter releases with the generic scheme', async () => {
    const pairs = '1.0.2k 1.0.2za\n1.1.1w 3.0.0\n';
    expect(await runCli(['versions', 'compare', 'generic'], pairs)).toEqual({ code: 0, stdout: '<\n<\n', stderr: '' });
  });

  it('rejects an unknown ecosystem with exit 2', async () => {
    const { code, stdout, stderr } = await runCli(['versions', 'compare', 'Cobol'], '1 2\n');
    expect([code, stdout]).toEqual([2, '']);
    expect(stderr).toMatch(/Cobol/);
  });

  it.each([
    [['versions'], 'binlens: missing action'],
    [['versions', 'sort', 'npm'], 'binlens: unknown action "sort"'],
    [['versions', 'compare'], 'binlens: missing ECOSYSTEM'],
  ])('%j is a usage error', async (argv, first) => {
    const { code, stderr } = await runCli(argv);
    expect(code).toBe(2);
    expect(stderr.split('\n')[0]).toBe(first);
  });
});
