export * from './identification.ts';
export * from './scan-result.ts';
