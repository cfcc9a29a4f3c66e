export const ssoKeys = {
  all: ['sso'] as const,
  settings: () => [...ssoKeys.all, 'settings'] as const,
  status: () => [...ssoKeys.all, 'status'] as const,
};
