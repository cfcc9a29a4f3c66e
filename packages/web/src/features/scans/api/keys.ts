import type { ProblemLevel } from '../../../lib/api-schemas.ts';
import { scanDetailKey, scanKeyRoot, scanListsKey } from '../../../lib/scan-keys.ts';
import type { CodeFindingListParams } from './code-findings.ts';
import type { ExecutableListParams } from './executable-attributes.ts';
import type { ScanListParams } from './scans.ts';

export const scanKeys = {
  all: scanKeyRoot,
  lists: scanListsKey,
  list: (params: ScanListParams) => [...scanKeys.lists(), params] as const,
  details: () => [...scanKeys.all, 'detail'] as const,
  detail: scanDetailKey,
  result: (id: number) => [...scanKeys.detail(id), 'result'] as const,
  problems: (id: number, level: ProblemLevel, page: PageParams) =>
    [...scanKeys.detail(id), 'problems', level, page] as const,
  executables: (id: number, params: ExecutableListParams) => [...scanKeys.detail(id), 'executables', params] as const,
  codeFindings: (id: number, params: CodeFindingListParams) => [...scanKeys.detail(id), 'code-findings', params] as const,
  codeRules: () => [...scanKeys.all, 'code-rules'] as const,
  metadata: (id: number) => [...scanKeys.detail(id), 'metadata'] as const,
  licenses: (id: number) => [...scanKeys.detail(id), 'licenses'] as const,
  evidence: (id: number, uid: string) => [...scanKeys.detail(id), 'evidence', uid] as const,
};

export interface PageParams {
  limit: number;
  offset: number;
}
