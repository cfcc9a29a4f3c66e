import type { TriageListParams } from './triages.ts';

export const triageKeys = {
  all: ['triages'] as const,
  lists: () => [...triageKeys.all, 'list'] as const,
  list: (params: TriageListParams) => [...triageKeys.lists(), params] as const,
  details: () => [...triageKeys.all, 'detail'] as const,
  detail: (id: number) => [...triageKeys.details(), id] as const,
};

/** What a triage names, looked up to show it in words: a triage change leaves these as they are. */
export const triageNameKeys = {
  all: ['triage-names'] as const,
  users: (ids: readonly number[]) => [...triageNameKeys.all, 'users', ids] as const,
  group: (id: number) => [...triageNameKeys.all, 'group', id] as const,
  groups: () => [...triageNameKeys.all, 'groups'] as const,
  scan: (id: number) => [...triageNameKeys.all, 'scan', id] as const,
  vulnerability: (id: string) => [...triageNameKeys.all, 'vulnerability', id] as const,
};
