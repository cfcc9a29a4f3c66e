export const vulnerabilityKeys = {
  all: ['vulnerabilities'] as const,
  details: () => [...vulnerabilityKeys.all, 'detail'] as const,
  detail: (id: string, distro: string | undefined) => [...vulnerabilityKeys.details(), id, distro ?? null] as const,
  affected: (id: string) => [...vulnerabilityKeys.all, 'affected', id] as const,
};
