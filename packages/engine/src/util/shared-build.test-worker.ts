// A thread of shared-build.test.ts: asks for the slot's bytes, with a build slow enough that
// the other thread asks while this one builds, and counts its builds in `builds`.
import { parentPort, workerData } from 'node:worker_threads';
import { sharedBytes } from './shared-build.ts';

const { slot, builds } = workerData as { slot: SharedArrayBuffer; builds: SharedArrayBuffer };
const bytes = sharedBytes(slot, () => {
  Atomics.add(new Int32Array(builds), 0, 1);
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 200);
  return Uint8Array.of(1, 2, 3, 4, 5);
});
parentPort?.postMessage({ bytes: [...bytes], shared: bytes.buffer instanceof SharedArrayBuffer });
