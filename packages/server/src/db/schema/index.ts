export * from './users.ts';
export * from './sessions.ts';
export * from './groups.ts';
export * from './group-memberships.ts';
export * from './scans.ts';
export * from './audit-events.ts';
