import { describe, expect, it } from 'vitest';
import { answerOfThread } from '../../test/in-thread.ts';
import { fullLicenseText, matchFullText, normaliseWords } from '../licenses/full-text.ts';
import { SignatureMatcher } from '../signatures/matcher.ts';
import { allSignatures } from '../signatures/registry.ts';
import { sharedSlot } from '../util/shared-build.ts';

/** The slot's state once its bytes are there (util/shared-build.ts). */
const READY = 2;
const WORKER = new URL('./thread-shares.test-worker.ts', import.meta.url);

// The scan's threads share one build of each (thread-shares.ts): what a thread reads from
// another's build must answer as what this thread builds itself.
describe('thread shares', () => {
  it('the licence index built by one thread answers as the index built in this one', async () => {
    const text = `${fullLicenseText('BSD-3-Clause')}\n`;
    const expected = matchFullText(normaliseWords(text));
    expect(expected).toEqual({ id: 'BSD-3-Clause', score: 1 });
    const slot = sharedSlot(64 * 1024 * 1024);
    const answers = await Promise.all([answerOfThread(WORKER, { slot, task: 'licence', text }), answerOfThread(WORKER, { slot, task: 'licence', text })]);
    // The reading thread has no licence list: MIT's text comes from its own file in the package.
    expect(answers).toEqual([
      { match: expected, mitText: fullLicenseText('MIT') },
      { match: expected, mitText: fullLicenseText('MIT') },
    ]);
    expect(new Int32Array(slot, 0, 1)[0]).toBe(READY);
  });

  it('the signature automaton built by one thread finds what this thread finds', async () => {
    const text = 'x\0OpenSSL 3.0.11 19 Sep 2023\0zlib 1.2.13\0inflate 1.2.13 Copyright 1995-2022 Mark Adler\0';
    const local = new SignatureMatcher(allSignatures());
    const bytes = Buffer.from(text, 'latin1');
    const hits = (await local.scan(bytes.length, (o, l) => Promise.resolve(bytes.subarray(o, o + l)))).map((h) => `${h.signature.id} ${h.version}`);
    expect(hits.length).toBeGreaterThan(0);
    const slot = sharedSlot(256 * 1024 * 1024);
    const answers = await Promise.all([answerOfThread(WORKER, { slot, task: 'automaton', text }), answerOfThread(WORKER, { slot, task: 'automaton', text })]);
    expect(answers).toEqual([
      { hits, states: local.automatonStates },
      { hits, states: local.automatonStates },
    ]);
    expect(new Int32Array(slot, 0, 1)[0]).toBe(READY);
  });
});
