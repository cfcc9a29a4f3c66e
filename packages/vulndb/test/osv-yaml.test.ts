// OSV records in YAML, as the PyPA advisory database keeps them: detected by content,
// every scalar read as a string, matched like the JSON form.
import type { Component, Identification } from '@binlens/engine/model';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { evaluate } from '../src/evaluate.ts';
import { importFeed } from '../src/import/import-file.ts';
import { detectFeed } from '../src/import/registry.ts';
import { createKnowledgeBase } from '../src/kb/knowledge-base.ts';
import { DATABASES, fixture, openTestKb, type TestKb } from './knowledge-bases.ts';

function salt(version: string): Component {
  return { id: `salt-${version}`, name: 'salt', version, codetype: 'PY', vendor: '', cpes: [], licenses: [], evidence: [], purl: `pkg:pypi/salt@${version}` };
}

function identification(components: Component[]): Identification {
  return { schemaVersion: 1, input: { name: 'site-packages', size: 1, sha1: '', sha256: '' }, files: [], components, problems: [], startedAt: '', finishedAt: '' };
}

describe.each(DATABASES)('OSV YAML on %s', (kind) => {
  let t: TestKb;
  beforeAll(async () => {
    t = await openTestKb(kind);
  });
  afterAll(() => t.dispose());

  it('is detected as OSV and imported; versions stay strings (3000 is not the number 3000.0)', async () => {
    expect((await detectFeed(fixture('osv-pysec-2020-102.yaml')))?.kind).toBe('osv');
    expect(await importFeed(t.db, fixture('osv-pysec-2020-102.yaml'))).toMatchObject({ source: 'osv', status: 'complete', records: 1, imported: 1, skipped: 0 });
    const evaluation = await evaluate(identification([salt('2019.2.0'), salt('3000.1'), salt('2019.2.4'), salt('3000.2')]), createKnowledgeBase(t.db));
    expect(Object.fromEntries(Object.entries(evaluation.components).map(([id, vulns]) => [id, vulns.map((v) => [v.vuln_id, v.matched_by[0]?.fixed])]))).toEqual({
      'salt-2019.2.0': [['CVE-2020-11651', '2019.2.4']],
      'salt-3000.1': [['CVE-2020-11651', '3000.2']],
      'salt-2019.2.4': [],
      'salt-3000.2': [],
    });
  });

  it('skips a malformed YAML record with its id', async () => {
    const report = await importFeed(t.db, { name: 'PYSEC-2099-1.yaml', bytes: Buffer.from('id: PYSEC-2099-1\ndetails: x\naffected: [\n') });
    expect(report).toMatchObject({ status: 'complete', records: 1, imported: 0, skipped: 1, skips: [{ id: 'PYSEC-2099-1', reason: 'malformed YAML' }] });
  });
});
