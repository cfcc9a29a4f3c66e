import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { inputContext } from '../../test/scan-context.ts';
import { ustar } from '../../test/ustar.ts';
import { extractStage } from './extract-stage.ts';
import { startEarlyLeakSearch, startInfoleakStage } from './infoleak-stage.ts';
import { poolWidth } from './worker-pool.ts';

// The leak search fed file by file while the tree is unpacked must find what the stage finds after it.
describe('startEarlyLeakSearch', () => {
  it('finds the same leaks, in the same order, as the stage run after the extraction', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'binlens-early-leaks-'));
    try {
      const config = Buffer.from('db_password = "Tr0ub4dor&3x"\nserver = 10.20.30.40\nmaintainer: Jane Roe <jane.roe@corp-mail.net>\n');
      const binary = Buffer.concat([Buffer.from('\x7fELF\x02\x01\x01\0'), Buffer.alloc(200), Buffer.from('\0contact ops@binlens-corp.net now\0'), Buffer.alloc(300 * 1024)]);
      const input = join(dir, 'input.tar');
      const archive = ustar({ 'etc/app.conf': config, 'usr/bin/tool': binary, 'doc.gz': gzipSync(Buffer.from('see https://docs.binlens-corp.net/setup\n')), 'empty': Buffer.alloc(0) });
      await writeFile(input, archive);
      const context = () => inputContext(dir, input, archive.length);
      const early = await context();
      // Told the input is large, as a scan of a root file system would be.
      const search = startEarlyLeakSearch(early, 64 * 1024 * 1024);
      if (search === undefined) {
        expect(poolWidth()).toBeLessThan(2);
        return;
      }
      await extractStage(early, { retain: true, passed: search.passed });
      const fed = await search.finish().result;
      const after = await context();
      await extractStage(after);
      const stage = await startInfoleakStage(after).result;
      expect(fed).toEqual(stage);
      expect(fed.findings.map((f) => [f.path.join('!'), f.detector, f.value])).toEqual([
        ['etc/app.conf', 'config-password', 'Tr0ub4dor&3x'],
        ['etc/app.conf', 'email', 'jane.roe@corp-mail.net'],
        ['etc/app.conf', 'ipv4', '10.20.30.40'],
        ['usr/bin/tool', 'email', 'ops@binlens-corp.net'],
        ['doc.gz!doc', 'url', 'https://docs.binlens-corp.net/setup'],
      ]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
