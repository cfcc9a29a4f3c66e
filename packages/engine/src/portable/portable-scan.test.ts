// The reader against what the engine really writes: every fixture's Identification passes its
// checks unchanged, and a scan exported and read back gives the same native JSON.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { FIXTURES_DIR, listFixtures } from '../../test/fixtures.ts';
import type { Identification } from '../model/index.ts';
import { scan } from '../pipeline.ts';
import { toNativeJson } from '../report/native-json.ts';
import { toScanResult } from '../report/scan-result.ts';
import { checkIdentification } from './identification-shape.ts';
import { portableScanFileName } from './portable-scan.ts';
import { readPortableScan } from './read.ts';
import { writePortableScan } from './write.ts';

const times = { startedAt: '2026-01-01T00:00:00.000Z', finishedAt: '2026-01-01T00:00:02.000Z' };

describe('portable scan files of real scans', () => {
  it.each(listFixtures().map((fixture) => [fixture.id, fixture.expected] as const))('%s: its Identification passes the checks unchanged', (_id, expected) => {
    const identification = { ...(JSON.parse(readFileSync(expected, 'utf8')) as Identification), ...times };
    expect(checkIdentification(JSON.parse(JSON.stringify(identification)), 'identification')).toEqual(identification);
  });

  it('a scan exported and read back gives the same Identification and native JSON', async () => {
    const identification = await scan(`${FIXTURES_DIR}mobile/apk-basic/demo.apk`);
    const file = Buffer.from(await new Response(writePortableScan(JSON.stringify(identification), new Date('2026-03-01T12:00:00Z')) as unknown as ReadableStream).arrayBuffer());
    const read = await readPortableScan(file);
    expect(read.exportedAt).toBe('2026-03-01T12:00:00.000Z');
    expect(read.identification).toEqual(identification);
    expect(toNativeJson(read.identification, toScanResult(read.identification))).toEqual(toNativeJson(identification, toScanResult(identification)));
  });

  it('names the file after the scan', () => {
    expect(portableScanFileName('router fw 1.2.bin')).toBe('router fw 1.2.bin.bdba');
  });
});
