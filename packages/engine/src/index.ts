// Public API of @binlens/engine.
export * from './model/index.ts';
export { scan, type ScanOptions } from './pipeline.ts';
export { toScanResult } from './report/scan-result.ts';
export { DEFAULT_LIMITS, type Limits } from './unpack/limits.ts';
