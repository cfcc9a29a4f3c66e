import type { KnowledgeBase } from '@binlens/vulndb';
import { describe, expect, it } from 'vitest';
import { oneAtATime } from './diff-snapshot.ts';

/** A knowledge base whose lookups take `ms` and write down when each starts and ends. */
function recordingKnowledgeBase(events: string[], failing: string[] = []): KnowledgeBase {
  const lookup = (name: string, ms: number) => async (): Promise<never[]> => {
    events.push(`start ${name}`);
    await new Promise((resolve) => setTimeout(resolve, ms));
    events.push(`end ${name}`);
    if (failing.includes(name)) throw new Error(`${name} failed`);
    return [];
  };
  return {
    packageRanges: lookup('packageRanges', 20), cpeMatches: lookup('cpeMatches', 5), distroFixes: lookup('distroFixes', 1),
    records: lookup('records', 1), recordSummaries: lookup('recordSummaries', 1), aliases: lookup('aliases', 1), cpeSources: lookup('cpeSources', 1),
    epss: lookup('epss', 1), kev: lookup('kev', 1), distroCvss: lookup('distroCvss', 1),
  };
}

describe('oneAtATime', () => {
  it('runs lookups asked for at once one after the other, in the order asked', async () => {
    const events: string[] = [];
    const kb = oneAtATime(recordingKnowledgeBase(events));
    await Promise.all([kb.packageRanges([]), kb.cpeMatches([]), kb.distroFixes([])]);
    expect(events).toEqual(['start packageRanges', 'end packageRanges', 'start cpeMatches', 'end cpeMatches', 'start distroFixes', 'end distroFixes']);
  });

  it('goes on after a lookup failed, and hands its caller the failure', async () => {
    const events: string[] = [];
    const kb = oneAtATime(recordingKnowledgeBase(events, ['packageRanges']));
    const [failed, next] = await Promise.allSettled([kb.packageRanges([]), kb.epss([])]);
    expect([failed.status, next]).toEqual(['rejected', { status: 'fulfilled', value: [] }]);
    expect(events).toEqual(['start packageRanges', 'end packageRanges', 'start epss', 'end epss']);
  });
});
