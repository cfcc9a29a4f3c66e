// An in-process engine for route tests whose subject is not the engine: it answers at once,
// on the test's own thread, with what the test says the upload holds. The real engine runs
// in the engine's own tests, in result-store.routes.test.ts and in the e2e journeys.
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { toScanResult } from '@binlens/engine';
import { type Component, IDENTIFICATION_SCHEMA_VERSION, type Identification } from '@binlens/engine/model';
import type { Engine } from '../src/engine/engine.ts';

/** What a test uploads for the fake engine: the findings it should report, as JSON. */
export type Findings = Partial<Pick<Identification, 'components' | 'problems' | 'files' | 'infoleaks' | 'mobileApps' | 'licenses'>>;

const MARKER = 'binlens-fake-engine-findings';

/** The bytes of an upload the fake engine reads back as these findings. */
export function findingsFile(findings: Findings): Buffer {
  return Buffer.from(JSON.stringify({ [MARKER]: findings }));
}

/** A component as identification finds it from package metadata, with the fields tests rarely vary filled in. */
export function component(fields: Pick<Component, 'name' | 'version'> & Partial<Component>): Component {
  return {
    id: `${fields.codetype ?? 'JS'}:${fields.name}@${fields.version}`,
    codetype: 'JS',
    vendor: '',
    purl: `pkg:npm/${fields.name}@${fields.version}`,
    cpes: [],
    licenses: [],
    evidence: [{ method: 'package-metadata', foundBy: 'npm', path: ['upload', `node_modules/${fields.name}/package.json`] }],
    ...fields,
  };
}

/**
 * Answers the findings of a `findingsFile` upload; any other upload holds nothing. Or,
 * with `answer`, whatever the test computes from the upload (a recorded Identification).
 */
export function fakeEngine(answer?: (bytes: Buffer, name: string) => Identification | Promise<Identification>): Engine {
  return {
    async scan(path, options, onProgress) {
      options.signal?.throwIfAborted();
      const bytes = await readFile(path);
      const name = options.name ?? 'upload';
      onProgress?.({ stage: 'BOM matching', done: 1, total: 1 });
      return answer ? answer(bytes, name) : identification(bytes, name, readFindings(bytes));
    },
    toScanResult,
  };
}

function readFindings(bytes: Buffer): Findings {
  try {
    const parsed = JSON.parse(bytes.toString('utf8')) as Record<string, Findings | undefined>;
    return parsed[MARKER] ?? {};
  } catch {
    return {};
  }
}

/** The Identification of `bytes` named `name` holding `findings`. */
export function identification(bytes: Buffer, name: string, findings: Findings): Identification {
  const digest = (algorithm: string) => createHash(algorithm).update(bytes).digest('hex');
  return {
    schemaVersion: IDENTIFICATION_SCHEMA_VERSION,
    input: { name, size: bytes.length, sha1: digest('sha1'), sha256: digest('sha256') },
    files: findings.files ?? [],
    components: findings.components ?? [],
    problems: findings.problems ?? [],
    ...(findings.infoleaks ? { infoleaks: findings.infoleaks } : {}),
    ...(findings.licenses ? { licenses: findings.licenses } : {}),
    ...(findings.mobileApps ? { mobileApps: findings.mobileApps } : {}),
    startedAt: '2026-01-01T00:00:00.000Z',
    finishedAt: '2026-01-01T00:00:01.000Z',
  };
}
