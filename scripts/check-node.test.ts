import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, realpathSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { isSupportedNode, oldNodeMessage } from '../packages/cli/bin/node-version.js';

const root = path.resolve(import.meta.dirname, '..');
const oldNode = findOldNode();

describe('isSupportedNode', () => {
  it.each([
    ['v20.20.2', false],
    ['v23.11.1', false],
    ['v24.0.0', true],
    ['v25.1.0', true],
  ])('%s → %s', (version, supported) => {
    expect(isSupportedNode(version)).toBe(supported);
  });
});

describe('oldNodeMessage', () => {
  it('names the version found and how to get a newer one, in two lines', () => {
    expect(oldNodeMessage('v20.20.2')).toBe(
      'Binlens needs Node.js 24 or newer (found v20.20.2).\n' +
        'Install Node.js 24 LTS from https://nodejs.org or with your package manager, then run the command again.\n',
    );
  });
});

describe('root package.json scripts', () => {
  it('each runs the check first', () => {
    const { scripts } = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as {
      scripts: Record<string, string>;
    };
    const unchecked = Object.entries(scripts)
      .filter(([, command]) => !command.startsWith('node scripts/check-node.mjs && '))
      .map(([name]) => name);
    expect(unchecked).toEqual([]);
  });
});

describe.skipIf(oldNode === undefined)(
  oldNode === undefined
    ? 'on an older Node: skipped, no Node.js older than 24 on PATH or in /usr/bin, /usr/local/bin, /bin'
    : `on ${oldNode.path} (${oldNode.version})`,
  () => {
    // Only the two lines and status 1: nothing after the check ran (no build, no .ts import).
    it.each([
      ['scripts/check-node.mjs', []],
      ['packages/cli/bin/binlens.js', ['--help']],
    ])('node %s refuses with the message alone', (script, args) => {
      const { path: node, version } = oldNode ?? { path: '', version: '' };
      const result = spawnSync(node, [script, ...args], { cwd: root, env: oldNodeEnv(), encoding: 'utf8' });
      expect({ status: result.status, stdout: result.stdout, stderr: result.stderr }).toEqual({
        status: 1,
        stdout: '',
        stderr:
          `Binlens needs Node.js 24 or newer (found ${version}).\n` +
          'Install Node.js 24 LTS from https://nodejs.org or with your package manager, then run the command again.\n',
      });
    });
  },
);

/** The first `node` older than 24 on PATH or in the usual system directories, as `which -a node` would list it. */
function findOldNode(): { path: string; version: string } | undefined {
  const dirs = [...(process.env['PATH'] ?? '').split(path.delimiter), '/usr/bin', '/usr/local/bin', '/bin'];
  const seen = new Set<string>();
  for (const dir of dirs) {
    const candidate = path.join(dir, 'node');
    if (dir === '' || !existsSync(candidate)) continue;
    const real = realpathSync(candidate);
    if (seen.has(real)) continue;
    seen.add(real);
    const version = spawnSync(real, ['--version'], { env: oldNodeEnv(), encoding: 'utf8' }).stdout?.trim() ?? '';
    // "v20.20.2"
    if (/^v\d+\.\d+\.\d+$/.test(version) && !isSupportedNode(version)) return { path: real, version };
  }
  return undefined;
}

/** This environment without NODE_OPTIONS, whose flags an older Node may not know. */
function oldNodeEnv(): NodeJS.ProcessEnv {
  const env = { ...process.env };
  delete env['NODE_OPTIONS'];
  return env;
}
