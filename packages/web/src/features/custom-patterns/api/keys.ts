import type { CustomPatternListParams } from './custom-patterns.ts';

export const customPatternKeys = {
  all: ['custom-patterns'] as const,
  lists: () => [...customPatternKeys.all, 'list'] as const,
  list: (params: CustomPatternListParams) => [...customPatternKeys.lists(), params] as const,
};
