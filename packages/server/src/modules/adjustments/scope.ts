// Where a triage, a component ignore or an infoleak triage holds (spec §9 triage scopes): the
// whole account (CA), a group (G; with the company's inheritance on, its subgroups too), one
// result (R), every upload of an application name (FN) or every file with a hash (FH). The one
// place these scopes are decided; each kind of rule stores the same five columns.
import { Type } from 'typebox';
import { TRIAGE_SCOPES, type TriageScope } from '../../db/schema/index.ts';
import { Id, Text } from '../../lib/schemas.ts';

export { TRIAGE_SCOPES, type TriageScope };

export const TRIAGE_SCOPE_NAMES: Readonly<Record<TriageScope, string>> = {
  CA: 'Account', G: 'Group', R: 'Application', FN: 'Application name', FH: 'File hash',
};

/** A rule's reach as stored: the scope with what it names (the others null). */
export interface ScopedRule {
  readonly scope: TriageScope;
  readonly groupScope: number | null;
  readonly resultScope: number | null;
  /** FN: the application name (the result's file name when the rule was made). */
  readonly applicationName: string | null;
  /** FH: the file's SHA-1 (lower-case hex). */
  readonly fileHash: string | null;
}

/** What a scan offers the scopes: where it sits and what it is called. */
export interface ScanScopeContext {
  readonly scanId: number;
  readonly groupId: number;
  /** Ids from the root group down to the scan's group (its search path). */
  readonly groupPath: readonly number[];
  /** The company's membership_inheritance_enabled: a group's rules reach its subgroups. */
  readonly inheritance: boolean;
  readonly applicationName: string;
}

/**
 * Whether the rule reaches the scan at all. An FH rule reaches every scan: whether it holds is
 * decided per component by the hashes of its files (ruleReachesFiles).
 */
export function ruleReachesScan(rule: ScopedRule, scan: ScanScopeContext): boolean {
  switch (rule.scope) {
    case 'CA':
    case 'FH':
      return true;
    case 'G':
      return rule.groupScope === scan.groupId || (scan.inheritance && rule.groupScope !== null && scan.groupPath.includes(rule.groupScope));
    case 'R':
      return rule.resultScope === scan.scanId;
    case 'FN':
      return rule.applicationName !== null && rule.applicationName === scan.applicationName;
  }
}

/** Whether the rule holds for something made of files with these SHA-1s (only FH looks). */
export function ruleReachesFiles(rule: ScopedRule, sha1s: ReadonlySet<string>): boolean {
  return rule.scope !== 'FH' || (rule.fileHash !== null && sha1s.has(rule.fileHash));
}

export const SHA1_PATTERN = '^[0-9a-fA-F]{40}$';

/** The scope fields of a request body, as the spec names them (shared by every scoped rule). */
export const ScopeFields = {
  scope: Type.Enum(TRIAGE_SCOPES, { description: 'CA account, G group, R application, FN application name, FH file hash.' }),
  group_scope: Type.Optional(Type.Union([Id, Type.Null()], { description: 'The group (scope G).' })),
  result_scope: Type.Optional(Type.Union([Id, Type.Null()], { description: 'The application (scopes R and FN, and FH when triaged_obj is not given).' })),
  triaged_obj: Type.Optional(Type.Union([Text({ maxLength: 200 }), Type.Null()], { description: 'What is triaged: for FH the SHA-1 of the file.' })),
};

/** What a scope needs besides itself, for a clear refusal before anything is stored. */
export type ScopeRequirement = 'group_scope' | 'result_scope' | 'triaged_obj' | null;

export function missingScopeField(scope: TriageScope, fields: { group_scope?: number | null; result_scope?: number | null; triaged_obj?: string | null }): ScopeRequirement {
  if (scope === 'G' && fields.group_scope == null) return 'group_scope';
  if ((scope === 'R' || scope === 'FN') && fields.result_scope == null) return 'result_scope';
  if (scope === 'FH' && (fields.triaged_obj == null || !new RegExp(SHA1_PATTERN).test(fields.triaged_obj))) return 'triaged_obj';
  return null;
}

/** The search path `1.4.9` as ids. */
export function groupPathOf(searchPath: string): number[] {
  return searchPath.split('.').filter((part) => part !== '').map(Number);
}
