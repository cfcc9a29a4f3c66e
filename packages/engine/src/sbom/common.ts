// What every SBOM writer shares: how an evidence path reads as one location, how
// confident each matching method is, and which file a component's hashes describe.
import { randomUUID } from 'node:crypto';
import type { Component, FileEntry, Identification, MatchingMethod } from '../model/index.ts';
import { comparePaths } from '../identify/component.ts';
import type { SbomVulnerability } from './vulnerabilities.ts';

export interface SbomOptions {
  /** Document time; default now. Golden tests pass a fixed one. */
  now?: Date;
  /** Document UUID (CycloneDX serialNumber, SPDX namespace); default random. */
  uuid?: string;
  /** Tool version written into the document. */
  toolVersion?: string;
  /** The evaluation's vulnerabilities; absent when no knowledge base was at hand. */
  vulnerabilities?: readonly SbomVulnerability[];
  /**
   * Why vulnerabilities were not evaluated (no knowledge base). The document then leaves its
   * vulnerabilities out, never an empty list that reads as "none found", and says why: the
   * CycloneDX property `binlens:vulnerabilities`, the SPDX document comment.
   */
  notEvaluated?: string;
}

/** The property (CycloneDX) or comment prefix (SPDX) that says why there are no vulnerabilities. */
export const NOT_EVALUATED_PROPERTY = 'binlens:vulnerabilities';

export type ResolvedSbomOptions = Required<Omit<SbomOptions, 'notEvaluated'>> & { notEvaluated: string | null };

export interface SbomWriter {
  /** `cyclonedx`, `cyclonedx-xml`, `spdx`, `spdx-tag-value`: what `binlens scan --format` takes. */
  name: string;
  /** Media type of the output. */
  mediaType: string;
  write(identification: Identification, options?: SbomOptions): string;
}

export const TOOL_NAME = 'binlens';
export const DEFAULT_TOOL_VERSION = '0.1.0';

export function resolveOptions(options: SbomOptions = {}): ResolvedSbomOptions {
  if (options.notEvaluated !== undefined && (options.vulnerabilities?.length ?? 0) > 0) {
    throw new Error('SBOM options: vulnerabilities given but said not evaluated');
  }
  return {
    now: options.now ?? new Date(),
    uuid: options.uuid ?? randomUUID(),
    toolVersion: options.toolVersion ?? DEFAULT_TOOL_VERSION,
    vulnerabilities: options.vulnerabilities ?? [],
    notEvaluated: options.notEvaluated ?? null,
  };
}

/**
 * An extended path as one location string, its elements joined with `/` through nested
 * containers: `['data.tar.zst', 'data.tar', 'usr/bin/x']` → `data.tar.zst/data.tar/usr/bin/x`.
 * The input itself (`[]`) is its name.
 */
export function location(path: readonly string[], inputName: string): string {
  return path.length === 0 ? inputName : path.join('/');
}

/**
 * CycloneDX identity techniques and their confidence per matching method. Metadata is
 * what the packager declared (1.0 would claim more than a parse can); a version string
 * in the binary is strong; a soname gives the ABI, not the release; a file name alone
 * gives no version at all.
 */
export const METHOD_IDENTITY: Readonly<Record<MatchingMethod, { technique: 'manifest-analysis' | 'binary-analysis' | 'filename'; confidence: number }>> = {
  'package-metadata': { technique: 'manifest-analysis', confidence: 0.9 },
  signature: { technique: 'binary-analysis', confidence: 0.8 },
  soname: { technique: 'binary-analysis', confidence: 0.5 },
  filename: { technique: 'filename', confidence: 0.2 },
};

/** Distinct evidence paths of a component, in path order. */
export function evidencePaths(c: Component): string[][] {
  const byKey = new Map<string, string[]>();
  for (const e of c.evidence) byKey.set(JSON.stringify(e.path), e.path);
  return [...byKey.values()].sort(comparePaths);
}

/**
 * The file whose hashes describe the component: its only evidence file, when no other
 * component has evidence there (a `.deb`, a jar, a library found by its version string).
 * A database listing many packages (dpkg status) describes none of them by its hash.
 */
export function artifactFiles(identification: Identification): Map<string, FileEntry> {
  const files = new Map(identification.files.map((f) => [JSON.stringify(f.path), f]));
  const users = new Map<string, number>();
  for (const c of identification.components) {
    for (const p of evidencePaths(c)) users.set(JSON.stringify(p), (users.get(JSON.stringify(p)) ?? 0) + 1);
  }
  const out = new Map<string, FileEntry>();
  for (const c of identification.components) {
    const paths = evidencePaths(c);
    const only = paths.length === 1 ? JSON.stringify(paths[0]) : undefined;
    const file = only === undefined ? undefined : files.get(only);
    if (only !== undefined && users.get(only) === 1 && file && file.sha256 !== '' && file.linkTarget === undefined) out.set(c.id, file);
  }
  return out;
}

/** CycloneDX property of a component found only in files a later image layer deleted. */
export const WHITEOUT_PROPERTY = 'binlens:whiteout';

/**
 * Components whose every evidence file was deleted by a later layer of a container image
 * (a whiteout or an opaque directory): shipped in the image's bytes, absent from its file
 * system at run time. Their ids.
 */
export function deletedComponents(identification: Identification): Set<string> {
  const deleted = new Set(identification.files.filter((f) => f.whiteout !== undefined).map((f) => JSON.stringify(f.path)));
  const out = new Set<string>();
  if (deleted.size === 0) return out;
  for (const c of identification.components) {
    if (c.evidence.length > 0 && c.evidence.every((e) => deleted.has(JSON.stringify(e.path)))) out.add(c.id);
  }
  return out;
}
