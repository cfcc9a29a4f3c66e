// Licences for the native JSON contract: one entry per SPDX expression, with the
// components that declare it and the files it was found in, and its policy class.
import type { Identification, LicenseFinding } from '../model/index.ts';
import { compareStrings } from '../identify/component.ts';
import { type LicensePolicy, type LicensePolicyOverrides, licensePolicy } from '../licenses/policy.ts';
import { displayPath } from './display-path.ts';

export interface NativeLicense {
  /** The expression again, under the spec §3 `licenses[].name` key. */
  name: string;
  expression: string;
  /** Spec §9 class: RE, RU (restrictive, known only by text similarity), PE; null when unclassified. */
  policy: LicensePolicy | null;
  components: { uid: string; lib: string; version: string }[];
  files: NativeLicenseFile[];
}

export interface NativeLicenseFile {
  path: string[];
  source: LicenseFinding['source'];
  /** license-text: similarity 0..1; else null. */
  score: number | null;
  /** spdx-identifier: 1-based line of the tag; else null. */
  line: number | null;
  policy: LicensePolicy | null;
}

export function toNativeLicenses(identification: Identification, overrides?: LicensePolicyOverrides): NativeLicense[] {
  const inputName = identification.input.name;
  const byExpression = new Map<string, { components: NativeLicense['components']; findings: LicenseFinding[] }>();
  const entry = (expression: string) => {
    const found = byExpression.get(expression) ?? { components: [], findings: [] };
    byExpression.set(expression, found);
    return found;
  };
  for (const c of identification.components) {
    for (const expression of new Set(c.licenses)) entry(expression).components.push({ uid: c.id, lib: c.name, version: c.version });
  }
  for (const finding of identification.licenses ?? []) entry(finding.expression).findings.push(finding);

  return [...byExpression.entries()]
    .sort(([a], [b]) => compareStrings(a, b))
    .map(([expression, { components, findings }]) => ({
      name: expression,
      expression,
      policy: licensePolicy(expression, { estimated: onlyEstimated(components, findings), overrides }),
      components: components.sort((a, b) => compareStrings(a.lib, b.lib) || compareStrings(a.version, b.version)),
      files: findings.map((f) => ({
        path: displayPath(f.path, inputName),
        source: f.source,
        score: f.score ?? null,
        line: f.line ?? null,
        policy: licensePolicy(expression, { estimated: isEstimate(f), overrides }),
      })),
    }));
}

/** A licence text matched below an exact score is an estimate; metadata and tags are declarations. */
function isEstimate(finding: LicenseFinding): boolean {
  return finding.source === 'license-text' && (finding.score ?? 0) < 1;
}

/** Every file is an estimate and every component has the licence only from one of those files. */
function onlyEstimated(components: NativeLicense['components'], findings: LicenseFinding[]): boolean {
  if (findings.length === 0 || !findings.every(isEstimate)) return false;
  const attributed = new Set(findings.flatMap((f) => f.components ?? []));
  return components.every((c) => attributed.has(c.uid));
}
