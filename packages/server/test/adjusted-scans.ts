// Scans for the route tests of overrides, ignores and moves (modules/version-overrides and its
// siblings): an app with the real re-evaluation job and the fake engine, a knowledge base
// holding lodash's CVE-2021-23337 (fixed in 4.17.21), and uploads whose components' evidence
// points at files with SHA-1s, waited for until ready and evaluated.
import { createHash } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Component, FileEntry } from '@binlens/engine/model';
import { importFeed } from '@binlens/vulndb';
import { expect } from 'vitest';
import type { TestApp } from './app.ts';
import { component, findingsFile } from './fake-engine.ts';
import { multipart } from './files.ts';

const FEEDS = fileURLToPath(new URL('../../vulndb/fixtures/feeds/', import.meta.url));

export async function importLodashAdvisory(t: TestApp): Promise<void> {
  const report = await importFeed(t.database.db, { path: path.join(FEEDS, 'osv-ghsa-35jh-r3h4-6jhm.json') });
  expect(report).toMatchObject({ status: 'complete', imported: 1 });
}

const digest = (algorithm: string, text: string) => createHash(algorithm).update(text).digest('hex');

/** A file of the upload whose content is `content` (its hashes are the content's). */
export function fileOf(filePath: string, content: string): FileEntry {
  return { path: ['upload', filePath], size: content.length, sha1: digest('sha1', content), sha256: digest('sha256', content) };
}

/** A component found in these files (its evidence points at them). */
export function componentIn(files: readonly FileEntry[], fields: Pick<Component, 'name' | 'version'> & Partial<Component>): Component {
  return component({ ...fields, evidence: files.map((file) => ({ method: 'package-metadata' as const, foundBy: 'npm', path: file.path })) });
}

/** The same lodash file in every upload that holds it. */
export const LODASH_FILE = fileOf('node_modules/lodash/package.json', '{"name":"lodash","version":"4.17.20"}');

export type Headers = Record<string, string>;

/** Uploads the findings as `name` into the group and waits until the scan is ready and its counts are stored; its id. */
export async function uploadReady(t: TestApp, headers: Headers, groupId: number, name: string, findings: { components: Component[]; files: FileEntry[] }): Promise<number> {
  const body = multipart('file', name, findingsFile(findings));
  const created = await t.app.inject({ method: 'POST', url: `/rest/groups/${groupId}/upload/`, headers: { ...headers, ...body.headers }, payload: body.payload });
  expect(created.statusCode).toBe(201);
  const id = created.json<{ id: number }>().id;
  const deadline = Date.now() + 45_000;
  for (;;) {
    const scan = (await t.app.inject({ method: 'GET', url: `/rest/scans/${id}/`, headers })).json<{ status: string; vulnerability_counts: unknown }>();
    if (scan.status === 'R' && scan.vulnerability_counts !== null) return id;
    if (scan.status === 'F' || Date.now() > deadline) throw new Error(`scan ${id} did not become ready: ${JSON.stringify(scan)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

export type Counts = Record<'critical' | 'high' | 'medium' | 'low' | 'missing', number>;
export const NONE: Counts = { critical: 0, high: 0, medium: 0, low: 0, missing: 0 };
export const ONE_HIGH: Counts = { ...NONE, high: 1 };

/** The stored counts the scan list shows for each scan, once the re-evaluation job has brought them to `expected` (or the last seen after 30 s). */
export async function listedCounts(t: TestApp, headers: Headers, ids: readonly number[], expected: readonly Counts[]): Promise<Counts[]> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const page = (await t.app.inject({ method: 'GET', url: '/rest/scans/?limit=500', headers })).json<{ results: { id: number; vulnerability_counts: Counts | null }[] }>();
    const counts = ids.map((id) => page.results.find((scan) => scan.id === id)?.vulnerability_counts ?? NONE);
    if (JSON.stringify(counts) === JSON.stringify(expected) || Date.now() > deadline) return counts;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

export interface ResultComponentBody {
  uid: string;
  lib: string;
  version: string;
  custom_version: string | null;
  detected_version: string | null;
  purl: string;
  license: string[];
  license_overrides: { id: number; license_name: string }[];
  name_override: { id: number; name: string } | null;
  ignored_component_ids: string[];
  objects: { sha1: string }[];
  vulns: { vuln_id: string }[];
}

export async function resultComponents(t: TestApp, headers: Headers, scanId: number): Promise<ResultComponentBody[]> {
  const response = await t.app.inject({ method: 'GET', url: `/rest/scans/${scanId}/result/`, headers });
  expect(response.statusCode).toBe(200);
  return response.json<{ components: ResultComponentBody[] }>().components;
}
