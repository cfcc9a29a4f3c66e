export const overrideKeys = {
  all: ['overrides'] as const,
  versions: (scanId: number, componentName: string) => [...overrideKeys.all, 'versions', scanId, componentName] as const,
  ignores: (scanId: number) => [...overrideKeys.all, 'ignores', scanId] as const,
  moves: (scanId: number) => [...overrideKeys.all, 'moves', scanId] as const,
  group: (groupId: number) => [...overrideKeys.all, 'group', groupId] as const,
};
