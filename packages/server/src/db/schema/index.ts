export * from './users.ts';
export * from './sessions.ts';
export * from './groups.ts';
export * from './group-memberships.ts';
export * from './scans.ts';
export * from './scan-items.ts';
export * from './audit-events.ts';
// The vulnerability knowledge base's tables live in packages/vulndb (its Drizzle schema).
export * from '@binlens/vulndb/schema';
export * from './kb-sync-sources.ts';
export * from './api-keys.ts';
export * from './group-favourites.ts';
export * from './group-custom-data.ts';
export * from './company-settings.ts';
export * from './license-policy-overrides.ts';
export * from './sso.ts';
export * from './password-tokens.ts';
export * from './otp-devices.ts';
