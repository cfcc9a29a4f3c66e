// The native JSON of a file as the engine finds it in-process: what a journey compares a tab with.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { scan, toNativeJson, toScanResult, type NativeJson } from '../../packages/engine/src/index.ts';

export async function nativeJsonOf(fileName: string, bytes: Buffer): Promise<NativeJson> {
  const dir = await mkdtemp(join(tmpdir(), 'binlens-native-json-'));
  try {
    await writeFile(join(dir, fileName), bytes);
    const identification = await scan(join(dir, fileName));
    return toNativeJson(identification, toScanResult(identification));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
