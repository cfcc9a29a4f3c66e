// A thread of thread-shares.test.ts: reads a text's licence or signatures as a scan's worker
// thread does, through the shared slot it is given.
import { parentPort, workerData } from 'node:worker_threads';
import { fullLicenseText, matchFullText, normaliseWords, shareLicenseIndex } from '../licenses/full-text.ts';
import { SignatureMatcher } from '../signatures/matcher.ts';
import { allSignatures } from '../signatures/registry.ts';

const task = workerData as { slot: SharedArrayBuffer; task: 'licence' | 'automaton'; text: string };
if (task.task === 'licence') {
  shareLicenseIndex(task.slot);
  parentPort?.postMessage({ match: matchFullText(normaliseWords(task.text)), mitText: fullLicenseText('MIT') });
} else {
  const matcher = new SignatureMatcher(allSignatures(), { shared: task.slot });
  const bytes = Buffer.from(task.text, 'latin1');
  void matcher.scan(bytes.length, (offset, length) => Promise.resolve(bytes.subarray(offset, offset + length))).then((hits) => {
    parentPort?.postMessage({ hits: hits.map((h) => `${h.signature.id} ${h.version}`), states: matcher.automatonStates });
  });
}
