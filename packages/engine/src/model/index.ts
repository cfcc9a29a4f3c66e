export * from './identification.ts';
export * from './scan-result.ts';
export * from './sbom-vulnerability.ts';
