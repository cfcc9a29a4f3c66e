import type { ProblemLevel } from '../../../lib/api-schemas.ts';
import type { ExecutableListParams } from './executable-attributes.ts';
import type { ScanListParams } from './scans.ts';

export const scanKeys = {
  all: ['scans'] as const,
  lists: () => [...scanKeys.all, 'list'] as const,
  list: (params: ScanListParams) => [...scanKeys.lists(), params] as const,
  details: () => [...scanKeys.all, 'detail'] as const,
  detail: (id: number) => [...scanKeys.details(), id] as const,
  result: (id: number) => [...scanKeys.detail(id), 'result'] as const,
  problems: (id: number, level: ProblemLevel, page: PageParams) =>
    [...scanKeys.detail(id), 'problems', level, page] as const,
  executables: (id: number, params: ExecutableListParams) => [...scanKeys.detail(id), 'executables', params] as const,
};

export interface PageParams {
  limit: number;
  offset: number;
}
