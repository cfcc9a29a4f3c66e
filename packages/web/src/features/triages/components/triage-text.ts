// A triage's parts in words, for the list and the edit page: the versions it names, where it
// holds (its scope with what that names) and who made it when.
import type { Triage } from '../../../lib/api-schemas.ts';
import { displayText } from '../../../lib/format.ts';
import { TRIAGE_SCOPE_NAMES } from '../../../lib/triage.ts';
import type { TriageNames } from '../api/triage-names.ts';

/** `4.17.20`, or the range `>=4.17.0 <4.18.0`; a triage names one of them. */
export function versionText(triage: Pick<Triage, 'component_version' | 'version_range'>): string {
  return displayText(triage.version_range ?? triage.component_version ?? '');
}

/** What the scope names, in words: a group's name, an application's name, a file's SHA-1; '' for the account. */
export function scopeTarget(triage: Triage, names: Pick<TriageNames, 'group' | 'application'>): string {
  switch (triage.scope) {
    case 'CA':
      return '';
    case 'G':
      return displayText(names.group(triage.group_scope) ?? `group #${triage.group_scope ?? '?'}`);
    case 'R':
      return displayText(names.application(triage.result_scope) ?? `application #${triage.result_scope ?? '?'}`);
    case 'FN':
      return displayText(triage.application_name ?? '');
    case 'FH':
      return triage.triaged_obj ?? '';
  }
}

/** "Group · Routers", "Account". */
export function scopeText(triage: Triage, names: Pick<TriageNames, 'group' | 'application'>): string {
  const target = scopeTarget(triage, names);
  return target === '' ? TRIAGE_SCOPE_NAMES[triage.scope] : `${TRIAGE_SCOPE_NAMES[triage.scope]} · ${target}`;
}
