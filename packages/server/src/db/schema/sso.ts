import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/**
 * SAML 2.0 single sign-on (docs/sso.md): one row, id 1, written by the first PATCH of
 * /rest/settings/sso/; until then the repository answers the defaults below.
 */
export const ssoSettings = pgTable(
  'sso_settings',
  {
    id: integer('id').primaryKey().default(1),
    enabled: boolean('enabled').notNull().default(false),
    idpEntityId: text('idp_entity_id').notNull().default(''),
    idpSsoUrl: text('idp_sso_url').notNull().default(''),
    /** One or more PEM certificates, concatenated; any of them may have signed a response. */
    idpCertificates: text('idp_certificates').notNull().default(''),
    /** Empty: `<base url>/rest/sso/metadata/`. */
    spEntityId: text('sp_entity_id').notNull().default(''),
    /** The origin Binlens was reached at when an administrator last saved these settings (BINLENS_PUBLIC_URL wins). */
    spBaseUrl: text('sp_base_url').notNull().default(''),
    /** The assertion attribute holding the e-mail; empty: the NameID. */
    emailAttribute: text('email_attribute').notNull().default(''),
    /** An unknown e-mail becomes a new user with account role U (otherwise it is refused). */
    createUnknownUsers: boolean('create_unknown_users').notNull().default(false),
    buttonLabel: text('button_label').notNull().default('single sign-on'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [check('sso_settings_single_row', sql`${table.id} = 1`)],
);

/** AuthnRequests we issued, until answered or expired: a response must be in response to one (InResponseTo). */
export const ssoRequests = pgTable(
  'sso_requests',
  {
    id: text('id').primaryKey(),
    /** sha256 of the browser's sso_binding cookie set with the request: the sign-in finishes only in that browser. */
    bindingHash: text('binding_hash').notNull().default(''),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('sso_requests_expires_at_idx').on(table.expiresAt)],
);

/**
 * A verified assertion waiting for its browser: the IdP's cross-site form post carries no
 * SameSite=Lax cookie, so the ACS hands over a one-time token and GET /rest/sso/finish/,
 * a top-level navigation that does carry it, checks the request's binding cookie and signs in.
 */
export const ssoSignIns = pgTable(
  'sso_sign_ins',
  {
    /** sha256 of the one-time token in the finish URL. */
    tokenHash: text('token_hash').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    bindingHash: text('binding_hash').notNull(),
    redirect: text('redirect').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('sso_sign_ins_expires_at_idx').on(table.expiresAt)],
);

/** Assertions already used to sign in, kept until they expire: the same assertion never signs in twice. */
export const ssoAssertions = pgTable(
  'sso_assertions',
  {
    /** sha256 of issuer and assertion ID. */
    key: text('key').primaryKey(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('sso_assertions_expires_at_idx').on(table.expiresAt)],
);

export type SsoSettingsRow = typeof ssoSettings.$inferSelect;
