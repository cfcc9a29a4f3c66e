import path from 'node:path';
import { fileURLToPath } from 'node:url';

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  /** PostgreSQL connection string; PGlite in `${dataDir}/db` when absent. */
  databaseUrl: string | undefined;
  adminEmail: string | undefined;
  adminPassword: string | undefined;
  webDist: string;
  maxUploadBytes: number;
  logLevel: string;
  /** BINLENS_KB_SYNC=1: sync the knowledge base from the official feeds daily (jobs/kb-sync.ts). */
  kbSync: boolean;
}

const packageDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** 20 GB, spec §9: a gigabyte is 1e9. */
export const DEFAULT_MAX_UPLOAD_BYTES = 20e9;

export function loadConfig(env: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): Config {
  const dataDir = path.resolve(cwd, env.BINLENS_DATA_DIR || './data');
  return {
    port: parseInteger(env.PORT, 8080, 'PORT'),
    host: env.HOST || '0.0.0.0',
    dataDir,
    databaseUrl: env.DATABASE_URL || undefined,
    adminEmail: env.BINLENS_ADMIN_EMAIL || undefined,
    adminPassword: env.BINLENS_ADMIN_PASSWORD || undefined,
    webDist: env.BINLENS_WEB_DIST
      ? path.resolve(cwd, env.BINLENS_WEB_DIST)
      : path.resolve(packageDir, '../web/dist'),
    maxUploadBytes: parseInteger(env.BINLENS_MAX_UPLOAD_BYTES, DEFAULT_MAX_UPLOAD_BYTES, 'BINLENS_MAX_UPLOAD_BYTES'),
    logLevel: env.LOG_LEVEL || 'info',
    kbSync: env.BINLENS_KB_SYNC === '1',
  };
}

function parseInteger(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === '') return fallback;
  const parsed = Number(value);
  if (!Number.isSafeInteger(parsed) || parsed <= 0) {
    throw new Error(`${name} must be a positive integer, got "${value}"`);
  }
  return parsed;
}
