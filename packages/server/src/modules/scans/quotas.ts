import { count, eq, sql, sum } from 'drizzle-orm';
import type { Quotas } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { scans } from '../../db/schema/index.ts';
import { AppError, ERRORS, type ErrorCode } from '../../lib/errors.ts';

/** What the quotas are measured against, from the scans table: every scan's blob counts. */
export interface QuotaUsage {
  userBytes: number;
  accountBytes: number;
  userUploadsLastHour: number;
}

export interface QuotaRepository {
  usage(userId: number, now: Date): Promise<QuotaUsage>;
  /** Serialises the check-then-insert of uploads until the transaction ends. */
  lock(): Promise<void>;
}

/** The most an upload may still store, and which refusal exceeding it is. */
export interface ByteAllowance {
  bytes: number;
  code: ErrorCode;
  message: string;
}

const HOUR_MS = 3600_000;
/** pg_advisory_xact_lock key of upload quota checks ("bl" "up" in ASCII). */
const UPLOAD_LOCK_KEY = 0x626c7570;

export function createQuotaRepository(db: Db): QuotaRepository {
  return {
    async usage(userId, now) {
      const since = new Date(now.getTime() - HOUR_MS);
      const [user, account] = await Promise.all([
        db
          .select({ bytes: sum(scans.size).mapWith(Number), lastHour: count(sql`case when ${scans.createdAt} > ${since} then 1 end`) })
          .from(scans)
          .where(eq(scans.createdBy, userId)),
        db.select({ bytes: sum(scans.size).mapWith(Number) }).from(scans),
      ]);
      return { userBytes: user[0]?.bytes ?? 0, accountBytes: account[0]?.bytes ?? 0, userUploadsLastHour: user[0]?.lastHour ?? 0 };
    },
    async lock() {
      await db.execute(sql`select pg_advisory_xact_lock(${UPLOAD_LOCK_KEY})`);
    },
  };
}

/**
 * Before the body is read: refuses an upload when a quota is already used up, else answers
 * how many bytes the upload may store (the upload limit or what is left of a byte quota).
 */
export function allowance(quotas: Quotas, usage: QuotaUsage, maxUploadBytes: number): ByteAllowance {
  if (quotas.userUploadsPerHour > 0 && usage.userUploadsLastHour >= quotas.userUploadsPerHour) {
    throw new AppError('quota_user_uploads', uploadsMessage(quotas.userUploadsPerHour));
  }
  let allowed: ByteAllowance = { bytes: maxUploadBytes, code: 'file_too_large', message: ERRORS.file_too_large.message };
  for (const quota of byteQuotas(quotas, usage)) {
    const left = quota.limit - quota.used;
    if (left <= 0) throw new AppError(quota.code, quota.message);
    if (left < allowed.bytes) allowed = { bytes: left, code: quota.code, message: quota.message };
  }
  return allowed;
}

/** After the bytes are stored, under the upload lock: the new scan must still fit every quota. */
export function assertWithinQuotas(quotas: Quotas, usage: QuotaUsage, size: number): void {
  if (quotas.userUploadsPerHour > 0 && usage.userUploadsLastHour + 1 > quotas.userUploadsPerHour) {
    throw new AppError('quota_user_uploads', uploadsMessage(quotas.userUploadsPerHour));
  }
  for (const quota of byteQuotas(quotas, usage)) {
    if (quota.used + size > quota.limit) throw new AppError(quota.code, quota.message);
  }
}

function byteQuotas(quotas: Quotas, usage: QuotaUsage): { limit: number; used: number; code: ErrorCode; message: string }[] {
  const found: { limit: number; used: number; code: ErrorCode; message: string }[] = [];
  if (quotas.userBytes > 0) {
    found.push({ limit: quotas.userBytes, used: usage.userBytes, code: 'quota_user_bytes', message: `Your storage quota of ${formatBytes(quotas.userBytes)} is used up.` });
  }
  if (quotas.accountBytes > 0) {
    found.push({ limit: quotas.accountBytes, used: usage.accountBytes, code: 'quota_account_bytes', message: `The account's storage quota of ${formatBytes(quotas.accountBytes)} is used up.` });
  }
  return found;
}

function uploadsMessage(limit: number): string {
  return `Your quota of ${limit} ${limit === 1 ? 'upload' : 'uploads'} per hour is used up.`;
}

/** Spec §9 units, powers of 1000: 1500 → "1.5 kB", 20e9 → "20 GB", 999 → "999 bytes". */
export function formatBytes(bytes: number): string {
  const units = ['kB', 'MB', 'GB', 'TB', 'PB'];
  if (bytes < 1000) return `${bytes} ${bytes === 1 ? 'byte' : 'bytes'}`;
  let value = bytes;
  let unit = 'bytes';
  for (const next of units) {
    if (value < 1000) break;
    value /= 1000;
    unit = next;
  }
  return `${Number(value.toFixed(1))} ${unit}`;
}
