// Memory the scan's worker threads share for what each would otherwise build for itself: the
// signature automaton and the licence index (util/shared-build.ts). One set per process, so the
// threads of a later scan read what an earlier scan's threads built.
import { sharedSlot } from '../util/shared-build.ts';

export interface ThreadShares {
  automaton: SharedArrayBuffer;
  licenseIndex: SharedArrayBuffer;
}

/** Room for each: ~10 MB and ~3 MB today; memory is committed only as far as it is written. */
const AUTOMATON_BYTES = 256 * 1024 * 1024;
const LICENSE_INDEX_BYTES = 64 * 1024 * 1024;

let shares: ThreadShares | undefined;

export function threadShares(): ThreadShares {
  shares ??= { automaton: sharedSlot(AUTOMATON_BYTES), licenseIndex: sharedSlot(LICENSE_INDEX_BYTES) };
  return shares;
}
