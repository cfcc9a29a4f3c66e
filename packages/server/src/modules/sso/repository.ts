import { and, eq, gt, lte } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { ssoAssertions, ssoRequests, type SsoSettingsRow, ssoSettings, ssoSignIns } from '../../db/schema/index.ts';

/** What a settings change may set: any column but the row's id and timestamp. */
export type SsoSettingsPatch = Partial<Omit<SsoSettingsRow, 'id' | 'updatedAt'>>;

export interface SsoRepository {
  /** The settings row, or its defaults before the first change. */
  settings(): Promise<SsoSettingsRow>;
  updateSettings(patch: SsoSettingsPatch): Promise<SsoSettingsRow>;
  /** Remembers an AuthnRequest id we sent from the browser with `bindingHash`, until `expiresAt`; drops the expired ones. */
  saveRequest(id: string, bindingHash: string, expiresAt: Date, now: Date): Promise<void>;
  /** The request, while it has not expired. */
  findRequest(id: string, now: Date): Promise<{ id: string; bindingHash: string; expiresAt: Date } | undefined>;
  /** Forgets the request: each one is answered once. True when it was there. */
  removeRequest(id: string): Promise<boolean>;
  /** Records an assertion as used until `expiresAt`; false when it already was (a replay). Drops expired ones. */
  consumeAssertion(key: string, expiresAt: Date, now: Date): Promise<boolean>;
  /** Whether an assertion was already used. */
  assertionUsed(key: string): Promise<boolean>;
  /** A verified sign-in waiting for its browser; drops the expired ones. */
  createSignIn(signIn: PendingSignIn, now: Date): Promise<void>;
  /** Takes (deletes and answers) the live sign-in of a token: each token is used once. */
  takeSignIn(tokenHash: string, now: Date): Promise<PendingSignIn | undefined>;
}

export interface PendingSignIn {
  tokenHash: string;
  userId: number;
  bindingHash: string;
  redirect: string;
  expiresAt: Date;
}

const ROW_ID = 1;

export function createSsoRepository(db: Db): SsoRepository {
  return {
    async settings() {
      const [row] = await db.select().from(ssoSettings).where(eq(ssoSettings.id, ROW_ID));
      return row ?? defaults();
    },
    async updateSettings(patch) {
      const values = { ...patch, updatedAt: new Date() };
      const [row] = await db
        .insert(ssoSettings)
        .values({ id: ROW_ID, ...values })
        .onConflictDoUpdate({ target: ssoSettings.id, set: values })
        .returning();
      if (!row) throw new Error('upsert of sso_settings returned no row');
      return row;
    },
    async saveRequest(id, bindingHash, expiresAt, now) {
      await db.delete(ssoRequests).where(lte(ssoRequests.expiresAt, now));
      await db.insert(ssoRequests).values({ id, bindingHash, expiresAt });
    },
    async findRequest(id, now) {
      const [row] = await db.select().from(ssoRequests).where(and(eq(ssoRequests.id, id), gt(ssoRequests.expiresAt, now)));
      return row;
    },
    async removeRequest(id) {
      return (await db.delete(ssoRequests).where(eq(ssoRequests.id, id)).returning({ id: ssoRequests.id })).length > 0;
    },
    async consumeAssertion(key, expiresAt, now) {
      await db.delete(ssoAssertions).where(lte(ssoAssertions.expiresAt, now));
      const inserted = await db.insert(ssoAssertions).values({ key, expiresAt }).onConflictDoNothing().returning({ key: ssoAssertions.key });
      return inserted.length > 0;
    },
    async assertionUsed(key) {
      return (await db.select({ key: ssoAssertions.key }).from(ssoAssertions).where(eq(ssoAssertions.key, key))).length > 0;
    },
    async createSignIn(signIn, now) {
      await db.delete(ssoSignIns).where(lte(ssoSignIns.expiresAt, now));
      await db.insert(ssoSignIns).values(signIn);
    },
    async takeSignIn(tokenHash, now) {
      const [row] = await db.delete(ssoSignIns).where(eq(ssoSignIns.tokenHash, tokenHash)).returning();
      return row && row.expiresAt > now ? row : undefined;
    },
  };
}

function defaults(): SsoSettingsRow {
  return {
    id: ROW_ID,
    enabled: false,
    idpEntityId: '',
    idpSsoUrl: '',
    idpCertificates: '',
    spEntityId: '',
    spBaseUrl: '',
    emailAttribute: '',
    createUnknownUsers: false,
    buttonLabel: 'single sign-on',
    updatedAt: new Date(0),
  };
}
