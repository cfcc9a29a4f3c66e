import { describe, expect, it } from 'vitest';
import { runCli } from './testing/run-cli.ts';

describe('binlens', () => {
  it('--help lists every command', async () => {
    const { code, stdout } = await runCli(['--help']);
    expect(code).toBe(0);
    expect(stdout).toBe(
      [
        'Usage: binlens COMMAND [ARGS]',
        '',
        'Commands:',
        '  db import FILE... | db status           manage the vulnerability knowledge base',
        '  import FILE.bdba [--format json|cyclonedx[-xml]|spdx[-tag-value]|table|sarif]   report the scan a portable scan file holds',
        '  scan PATH [--format json|cyclonedx[-xml]|spdx[-tag-value]|table|sarif|bdba] [--fail-on SEVERITY]   report the components inside PATH',
        '  unpack FILE [--out DIR] [--list] [--json]   list or extract the files inside FILE',
        '  upload PATH --server URL --group ID [--wait] [--fail-on SEVERITY]   scan PATH on a Binlens server',
        '  versions compare ECOSYSTEM           order version pairs read on standard input',
        "  worker                             run scans from the server's queue (PostgreSQL)",
        '',
        'Run "binlens COMMAND --help" for a command\'s options.',
        '',
      ].join('\n'),
    );
  });

  it.each([
    [[], 'Usage: binlens COMMAND [ARGS]'],
    [['list', 'x'], 'binlens: unknown command "list"'],
  ])('%j is a usage error (exit 2)', async (argv, first) => {
    const { code, stderr } = await runCli(argv);
    expect(code).toBe(2);
    expect(stderr.split('\n')[0]).toBe(first);
  });
});
