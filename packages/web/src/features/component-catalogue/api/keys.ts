import type { ComponentListParams } from './components.ts';
import type { ComponentVulnerabilityParams } from './component-vulnerabilities.ts';

export const componentKeys = {
  all: ['components'] as const,
  lists: () => [...componentKeys.all, 'list'] as const,
  list: (params: ComponentListParams) => [...componentKeys.lists(), params] as const,
  tags: () => [...componentKeys.all, 'tags'] as const,
  details: () => [...componentKeys.all, 'detail'] as const,
  detail: (id: string) => [...componentKeys.details(), id] as const,
  vulnerabilities: (id: string, params: ComponentVulnerabilityParams) => [...componentKeys.detail(id), 'vulnerabilities', params] as const,
};
