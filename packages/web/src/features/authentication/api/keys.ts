export const authenticationKeys = {
  all: ['authentication'] as const,
  otps: () => [...authenticationKeys.all, 'otps'] as const,
  apiKey: () => [...authenticationKeys.all, 'api-key'] as const,
  user: (userId: number) => [...authenticationKeys.all, 'user', userId] as const,
};
