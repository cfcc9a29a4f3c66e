import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { inputContext } from '../../test/scan-context.ts';
import { ustar } from '../../test/ustar.ts';
import { startEarlySearch } from './early-search.ts';
import { extractStage } from './extract-stage.ts';
import { startInfoleakStage } from './infoleak-stage.ts';
import { readLicenses } from './license-stage.ts';
import { signatureStage } from './signature-stage.ts';
import { poolWidth } from './worker-pool.ts';

const MIT = `Permission is hereby granted, free of charge, to any person obtaining a copy
of this software and associated documentation files (the "Software"), to deal
in the Software without restriction, including without limitation the rights
to use, copy, modify, merge, publish, distribute, sublicense, and/or sell
copies of the Software, and to permit persons to whom the Software is
furnished to do so, subject to the following conditions:

The above copyright notice and this permission notice shall be included in all
copies or substantial portions of the Software.

THE SOFTWARE IS PROVIDED "AS IS", WITHOUT WARRANTY OF ANY KIND, EXPRESS OR
IMPLIED, INCLUDING BUT NOT LIMITED TO THE WARRANTIES OF MERCHANTABILITY,
FITNESS FOR A PARTICULAR PURPOSE AND NONINFRINGEMENT. IN NO EVENT SHALL THE
AUTHORS OR COPYRIGHT HOLDERS BE LIABLE FOR ANY CLAIM, DAMAGES OR OTHER
LIABILITY, WHETHER IN AN ACTION OF CONTRACT, TORT OR OTHERWISE, ARISING FROM,
OUT OF OR IN CONNECTION WITH THE SOFTWARE OR THE USE OR OTHER DEALINGS IN THE
SOFTWARE.
`;

// The threads fed file by file while the tree is unpacked must find what the stages find after it.
describe('startEarlySearch', () => {
  it('finds the same leaks, signature hits and licences, in the same order, as the stages run after the extraction', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'binlens-early-'));
    try {
      const config = Buffer.from('db_password = "Tr0ub4dor&3x"\nserver = 10.20.30.40\nmaintainer: Jane Roe <jane.roe@corp-mail.net>\n');
      const binary = Buffer.concat([Buffer.from('\x7fELF\x02\x01\x01\0'), Buffer.alloc(200), Buffer.from('\0contact ops@binlens-corp.net now\0'), Buffer.alloc(300 * 1024)]);
      const blob = Buffer.concat([Buffer.alloc(16), Buffer.from('zlib 1.2.13 deflate 1.2.13 Copyright 1995-2022 Jean-loup Gailly and Mark Adler\0'), Buffer.alloc(64)]);
      const input = join(dir, 'input.tar');
      const archive = ustar({
        'etc/app.conf': config,
        'usr/bin/tool': binary,
        'usr/lib/libz.blob': blob,
        'usr/share/doc/tool/LICENSE': Buffer.from(`Copyright (c) 2024 Jane Roe\n\n${MIT}`),
        'doc.gz': gzipSync(Buffer.from('see https://docs.binlens-corp.net/setup\n')),
        'empty': Buffer.alloc(0),
      });
      await writeFile(input, archive);
      const context = () => inputContext(dir, input, archive.length);
      const early = await context();
      // Told the input is large, as a scan of a root file system would be.
      const search = startEarlySearch(early, 64 * 1024 * 1024);
      if (search === undefined) {
        expect(poolWidth()).toBeLessThan(2);
        return;
      }
      await extractStage(early, { retain: true, passed: search.passed });
      const ahead = search.finish();
      const fed = { leaks: await ahead.leaks.result, licences: await readLicenses(early, await ahead.licences), components: await signatureStage(early, undefined, undefined, ahead.hits) };
      const after = await context();
      await extractStage(after);
      const alone = { leaks: await startInfoleakStage(after).result, licences: await readLicenses(after), components: await signatureStage(after) };
      expect(fed).toEqual(alone);
      // Read in the threads, not by the stages again: every file of no format, every candidate for signatures.
      const paths = (byFile: Map<{ entry: { path: string[] } }, unknown>) => [...byFile.keys()].map((f) => f.entry.path.join('!'));
      expect(paths(await ahead.licences)).toEqual(['etc/app.conf', 'usr/lib/libz.blob', 'usr/share/doc/tool/LICENSE', 'doc.gz!doc']);
      expect(paths(await ahead.hits)).toEqual(['etc/app.conf', 'usr/bin/tool', 'usr/lib/libz.blob', 'usr/share/doc/tool/LICENSE', 'doc.gz!doc']);
      expect(fed.leaks.findings.map((f) => [f.path.join('!'), f.detector, f.value])).toEqual([
        ['etc/app.conf', 'config-password', 'Tr0ub4dor&3x'],
        ['etc/app.conf', 'email', 'jane.roe@corp-mail.net'],
        ['etc/app.conf', 'ipv4', '10.20.30.40'],
        ['usr/bin/tool', 'email', 'ops@binlens-corp.net'],
        ['doc.gz!doc', 'url', 'https://docs.binlens-corp.net/setup'],
      ]);
      expect(fed.licences.findings.map((f) => [f.path.join('!'), f.expression, f.source])).toEqual([['usr/share/doc/tool/LICENSE', 'MIT', 'license-text']]);
      expect(fed.components.map((c) => [c.name, c.version, c.evidence[0]?.path.join('!')])).toEqual([['zlib', '1.2.13', 'usr/lib/libz.blob']]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
