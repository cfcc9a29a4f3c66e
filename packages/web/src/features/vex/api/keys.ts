export const vexKeys = {
  all: ['vex'] as const,
  groups: () => [...vexKeys.all, 'groups'] as const,
  applications: () => [...vexKeys.all, 'applications'] as const,
};
