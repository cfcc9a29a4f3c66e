import { asc, count, eq, ilike, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { type CompanySettingsRow, companySettings, licensePolicyOverrides } from '../../db/schema/index.ts';
import { containing } from '../../db/like.ts';
import type { PageRequest } from '../../lib/paging.ts';

/** What a settings change may set: any column but the row's id and timestamp. */
export type CompanySettingsPatch = Partial<Omit<CompanySettingsRow, 'id' | 'updatedAt'>>;

/** The company's one settings row. */
export interface CompanySettingsRepository {
  get(): Promise<CompanySettingsRow>;
  update(patch: CompanySettingsPatch): Promise<CompanySettingsRow>;
}

export interface LicensePolicyRecord {
  id: number;
  licenseName: string;
  policy: string;
}

/** The company's licence policy classes per SPDX id. */
export interface LicensePoliciesRepository {
  list(page: PageRequest, q: string | undefined): Promise<{ rows: LicensePolicyRecord[]; count: number }>;
  all(): Promise<LicensePolicyRecord[]>;
  find(id: number): Promise<LicensePolicyRecord | undefined>;
  /** The new override; undefined when the id (ignoring case) already has one. */
  create(licenseName: string, policy: string): Promise<LicensePolicyRecord | undefined>;
  update(id: number, policy: string): Promise<LicensePolicyRecord | undefined>;
  remove(id: number): Promise<LicensePolicyRecord | undefined>;
}

const ROW_ID = 1;

export function createCompanySettingsRepository(db: Db): CompanySettingsRepository {
  // Read by every authenticated request (the session timeouts): built once, prepared on each connection.
  const current = db.select().from(companySettings).where(eq(companySettings.id, ROW_ID)).prepare('company_settings_get');
  return {
    async get() {
      const [row] = await current.execute();
      if (row) return row;
      // The migration inserts the row; a database restored without it gets the defaults back.
      const [created] = await db.insert(companySettings).values({ id: ROW_ID }).onConflictDoNothing().returning();
      return created ?? (await this.get());
    },
    async update(patch) {
      const set = { ...patch, updatedAt: new Date() };
      const [row] = await db
        .insert(companySettings)
        .values({ id: ROW_ID, ...set })
        .onConflictDoUpdate({ target: companySettings.id, set })
        .returning();
      if (!row) throw new Error('company_settings upsert returned no row');
      return row;
    },
  };
}

const columns = { id: licensePolicyOverrides.id, licenseName: licensePolicyOverrides.licenseName, policy: licensePolicyOverrides.policy };

export function createLicensePoliciesRepository(db: Db): LicensePoliciesRepository {
  return {
    async list(page, q) {
      const where = q ? ilike(licensePolicyOverrides.licenseName, containing(q)) : undefined;
      const [rows, [total]] = await Promise.all([
        db.select(columns).from(licensePolicyOverrides).where(where)
          .orderBy(asc(sql`lower(${licensePolicyOverrides.licenseName})`), asc(licensePolicyOverrides.id))
          .limit(page.limit).offset(page.offset),
        db.select({ value: count() }).from(licensePolicyOverrides).where(where),
      ]);
      return { rows, count: total?.value ?? 0 };
    },
    async all() {
      return db.select(columns).from(licensePolicyOverrides).orderBy(asc(licensePolicyOverrides.id));
    },
    async find(id) {
      const [row] = await db.select(columns).from(licensePolicyOverrides).where(eq(licensePolicyOverrides.id, id));
      return row;
    },
    async create(licenseName, policy) {
      const [row] = await db.insert(licensePolicyOverrides).values({ licenseName, policy }).onConflictDoNothing().returning(columns);
      return row;
    },
    async update(id, policy) {
      const [row] = await db.update(licensePolicyOverrides).set({ policy }).where(eq(licensePolicyOverrides.id, id)).returning(columns);
      return row;
    },
    async remove(id) {
      const [row] = await db.delete(licensePolicyOverrides).where(eq(licensePolicyOverrides.id, id)).returning(columns);
      return row;
    },
  };
}
