import path from 'node:path';
import { type Limits, parseLimitSettings } from '@binlens/engine';
import { fileURLToPath } from 'node:url';
import { type MailSettings, parseMailSettings, parsePublicUrl } from './lib/mail-settings.ts';
import { parseS3Settings, type S3Settings } from './blobs/s3-settings.ts';
import { DEFAULT_SCAN_HEARTBEAT_SECONDS } from './lib/scan-heartbeat.ts';

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
  /** BINLENS_KB_SYNC (default on; 0 turns it off): sync the knowledge base at start when it is empty, then daily (jobs/kb-sync.ts). */
  kbSync: boolean;
  /** Test hook BINLENS_TEST_KB_RETRY_MS: every retry of a failed feed waits this long (0: 1, 5, 15 minutes). */
  testKbRetryMs: number;
  /** Fastify's trustProxy: which proxies' X-Forwarded-* headers to believe (request.protocol, request.ip). */
  trustProxy: TrustProxy;
  quotas: Quotas;
  /** BINLENS_SCAN_CONCURRENCY (default 2): scans this process runs at once; 0 on a server whose scans run in `binlens worker` processes. */
  scanConcurrency: number;
  /** BINLENS_SCAN_HEARTBEAT_SECONDS (default 20): on PostgreSQL, how long a scan whose process died waits before it is retried (lib/scan-heartbeat.ts). */
  scanHeartbeatSeconds: number;
  /** BINLENS_S3_*: blobs in an S3-compatible bucket (blobs/s3-settings.ts); null: in `${dataDir}/blobs`. */
  s3: S3Settings | null;
  /** BINLENS_SCAN_LIMITS: the engine's extraction limits for every scan of this server, over its defaults. */
  scanLimits: Partial<Limits>;
  /** Test hook BINLENS_TEST_SCAN_DELAY_MS: each scan waits this long before the engine starts (0: off). */
  testScanDelayMs: number;
  /** BINLENS_DEPLOYMENT: on-premises (default) or hosted; notices exist on premises only (spec §2). */
  deployment: Deployment;
  /** BINLENS_SMTP_URL, BINLENS_MAIL_FROM, BINLENS_PUBLIC_URL (lib/mail-settings.ts); null: no mail, so no invitation or reset mails. */
  mail: MailSettings | null;
  /** BINLENS_PUBLIC_URL: where users open the web app (links in reports, the public API's report_url, SSO, mails); null: the address each request came to. */
  publicUrl: string | null;
  /** BINLENS_EVALUATION_CACHE_MB (MiB, default 128; 0 keeps none): stored scans' evaluations kept in the process (modules/scans/evaluation-cache.ts). */
  evaluationCacheMb: number;
}

export type Deployment = 'on-premises' | 'hosted';

/** false, true (every hop), a hop count, or a comma-separated list of addresses and CIDRs. */
export type TrustProxy = boolean | number | string;

/** Upload quotas; 0 turns one off. */
export interface Quotas {
  /** Bytes of all the scans a user uploaded. */
  userBytes: number;
  /** Bytes of all the scans of the account (every user). */
  accountBytes: number;
  /** Uploads a user may start in any hour. */
  userUploadsPerHour: number;
}

export const NO_QUOTAS: Quotas = { userBytes: 0, accountBytes: 0, userUploadsPerHour: 0 };

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
    kbSync: env.BINLENS_KB_SYNC !== '0',
    testKbRetryMs: parseCount(env.BINLENS_TEST_KB_RETRY_MS, 'BINLENS_TEST_KB_RETRY_MS'),
    trustProxy: parseTrustProxy(env.BINLENS_TRUST_PROXY),
    quotas: {
      userBytes: parseCount(env.BINLENS_QUOTA_USER_BYTES, 'BINLENS_QUOTA_USER_BYTES'),
      accountBytes: parseCount(env.BINLENS_QUOTA_ACCOUNT_BYTES, 'BINLENS_QUOTA_ACCOUNT_BYTES'),
      userUploadsPerHour: parseCount(env.BINLENS_QUOTA_USER_UPLOADS_PER_HOUR, 'BINLENS_QUOTA_USER_UPLOADS_PER_HOUR'),
    },
    scanConcurrency: parseScanConcurrency(env.BINLENS_SCAN_CONCURRENCY),
    scanHeartbeatSeconds: parseScanHeartbeat(env.BINLENS_SCAN_HEARTBEAT_SECONDS),
    s3: parseS3Settings(env),
    scanLimits: parseScanLimits(env.BINLENS_SCAN_LIMITS),
    testScanDelayMs: parseCount(env.BINLENS_TEST_SCAN_DELAY_MS, 'BINLENS_TEST_SCAN_DELAY_MS'),
    deployment: parseDeployment(env.BINLENS_DEPLOYMENT),
    mail: parseMailSettings(env),
    publicUrl: parsePublicUrl(env.BINLENS_PUBLIC_URL),
    evaluationCacheMb: env.BINLENS_EVALUATION_CACHE_MB?.trim() === '0' ? 0 : parseInteger(env.BINLENS_EVALUATION_CACHE_MB, 128, 'BINLENS_EVALUATION_CACHE_MB'),
  };
}

/** "" or "false" → false; "true" → true; "2" → two hops; "10.0.0.0/8,127.0.0.1" → those addresses. */
export function parseTrustProxy(value: string | undefined): TrustProxy {
  const text = value?.trim() ?? '';
  if (text === '' || text === 'false' || text === '0') return false;
  if (text === 'true') return true;
  if (/^\d+$/.test(text)) return Number(text); // a hop count, e.g. "1"
  return text;
}

/** "" → on-premises; "hosted" → hosted; anything else stops the start. */
export function parseDeployment(value: string | undefined): Deployment {
  const text = value?.trim() ?? '';
  if (text === '' || text === 'on-premises') return 'on-premises';
  if (text === 'hosted') return 'hosted';
  throw new Error(`BINLENS_DEPLOYMENT must be on-premises or hosted, got "${value}"`);
}

/** "maxCompressionRatio=5000,maxTotalBytes=1073741824": the limits named, over the engine's defaults. */
export function parseScanLimits(value: string | undefined): Partial<Limits> {
  const settings = (value ?? '').split(',').filter((setting) => setting.trim() !== '');
  const limits = parseLimitSettings(settings);
  if (typeof limits === 'string') throw new Error(`BINLENS_SCAN_LIMITS: ${limits}`);
  return limits;
}

/** Absent or empty: 2; otherwise a whole number from 0 to 64. */
export function parseScanConcurrency(value: string | undefined): number {
  if (value === undefined || value.trim() === '') return 2;
  const parsed = Number(value);
  if (!Number.isSafeInteger(parsed) || parsed < 0 || parsed > 64) {
    throw new Error(`BINLENS_SCAN_CONCURRENCY must be a whole number from 0 to 64 (scans run at once by this process), got "${value}"`);
  }
  return parsed;
}

export function parseScanHeartbeat(value: string | undefined): number {
  if (value === undefined || value.trim() === '') return DEFAULT_SCAN_HEARTBEAT_SECONDS;
  const parsed = Number(value);
  // pg-boss refuses a heartbeat under 10 s; over an hour, a dead worker's scan would wait longer than anyone would.
  if (!Number.isSafeInteger(parsed) || parsed < 10 || parsed > 3600) {
    throw new Error(`BINLENS_SCAN_HEARTBEAT_SECONDS must be a whole number of seconds from 10 to 3600, got "${value}"`);
  }
  return parsed;
}

/** A quota: absent, empty or 0 is off. */
function parseCount(value: string | undefined, name: string): number {
  if (value === undefined || value === '' || value === '0') return 0;
  return parseInteger(value, 0, name);
}

function parseInteger(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === '') return fallback;
  const parsed = Number(value);
  if (!Number.isSafeInteger(parsed) || parsed <= 0) {
    throw new Error(`${name} must be a positive integer, got "${value}"`);
  }
  return parsed;
}
