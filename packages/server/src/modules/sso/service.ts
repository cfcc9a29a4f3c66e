import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { SsoSettingsRow, UserRow } from '../../db/schema/index.ts';
import type { AuditEvent } from '../audit/repository.ts';
import type { AuditedChange } from '../audit/audited.ts';
import type { AuthService, LoginResult } from '../auth/service.ts';
import type { UsersRepository } from '../users/repository.ts';
import type { Viewer } from '../users/viewer.ts';
import { emailOf } from './email.ts';
import type { SsoRepository } from './repository.ts';
import { safeRedirect } from './safe-redirect.ts';
import { authorizeUrl, claimedAssertionKey, type RequestStore, type SamlPeers, serviceProviderMetadata, verifyResponse } from './saml.ts';
import type { SsoSettings, SsoSettingsUpdate, SsoStatus } from './schemas.ts';
import { type FieldErrors, settingsChanges, toSettings } from './settings.ts';
import { SsoRefusal } from './refusals.ts';

/** A user made by single sign-on has no password: no scrypt hash ever verifies against this. */
const NO_PASSWORD = 'sso!';
/** Spec §6: the account role of a user single sign-on creates. */
const NEW_USER_ROLES = ['U'];

/** How long a verified assertion waits for its browser at GET /rest/sso/finish/. */
export const FINISH_TTL_MS = 2 * 60 * 1000;

export type Refused = { kind: 'refused'; code: SsoRefusal['code'] };
/** The ACS verified the response: the browser goes on to /rest/sso/finish/?token=…. */
export type AcsOutcome = { kind: 'verified'; finishUrl: string } | Refused;
export type FinishOutcome = { kind: 'signed-in'; session: LoginResult; redirect: string } | Refused;

export interface SsoService {
  settings(origin: string): Promise<SsoSettings>;
  /** `{errors}` when a field is refused (nothing is written), else the settings as stored. */
  updateSettings(viewer: Viewer, origin: string, body: SsoSettingsUpdate): Promise<{ settings: SsoSettings } | { errors: FieldErrors }>;
  status(): Promise<SsoStatus>;
  metadata(origin: string): Promise<string>;
  /**
   * The IdP URL to send the browser to, and the value of its sso_binding cookie (the browser
   * that may finish this sign-in); null when single sign-on is off or incomplete.
   */
  loginUrl(origin: string, redirect: string | undefined): Promise<{ url: string; binding: string } | null>;
  /** A POSTed SAMLResponse: verified (a one-time finish URL), or the refusal (audited). */
  acs(origin: string, samlResponse: string, relayState: string | undefined): Promise<AcsOutcome>;
  /** The finish URL's token with the browser's sso_binding cookie: a new session, or the refusal (audited). */
  finish(token: string, binding: string | undefined): Promise<FinishOutcome>;
}

export interface SsoServiceDeps {
  sso: SsoRepository;
  users: UsersRepository;
  auth: Pick<AuthService, 'startSession'>;
  /** BINLENS_PUBLIC_URL: the origin users reach Binlens at; unset, the one an administrator saved the settings from. */
  publicUrl: string | undefined;
  now?: () => Date;
  change: AuditedChange<{ sso: SsoRepository; users: UsersRepository }>;
}

export function createSsoService(deps: SsoServiceDeps): SsoService {
  const now = deps.now ?? (() => new Date());
  const baseOf = (row: SsoSettingsRow, origin: string) => deps.publicUrl ?? (row.spBaseUrl || origin);
  /** The AuthnRequests store; a new request is bound to the browser whose cookie hashes to `bindingHash`. */
  const requestsBoundTo = (bindingHash: string): RequestStore => ({
    save: (id, expiresAt) =>
      deps.change(
        (tx) => tx.sso.saveRequest(id, bindingHash, expiresAt, now()),
        () => ({ actorId: null, action: 'sso.request', object: `sso_request:${id.slice(0, 64)}`, level: 1 }),
      ),
    find: (id) => deps.sso.findRequest(id, now()),
  });
  const requests = requestsBoundTo('');
  const refuse = async (refusal: SsoRefusal, requestId: string | null, details: Record<string, unknown> = {}): Promise<Refused> => {
    await deps.change(
      async (tx) => (requestId ? tx.sso.removeRequest(requestId) : false),
      () => refusalEvent(refusal, details),
    );
    return { kind: 'refused', code: refusal.code };
  };

  return {
    async settings(origin) {
      const row = await deps.sso.settings();
      return toSettings(row, baseOf(row, origin));
    },

    async updateSettings(viewer, origin, body) {
      const current = await deps.sso.settings();
      const result = settingsChanges(current, body, deps.publicUrl ?? origin);
      if ('errors' in result) return result;
      if (Object.keys(result.changes).length === 0) return { settings: toSettings(current, baseOf(current, origin)) };
      const row = await deps.change(
        (tx) => tx.sso.updateSettings(result.patch),
        () => ({ actorId: viewer.userId, action: 'settings.sso.update', object: 'sso', level: 4, details: { changes: result.changes } }),
      );
      return { settings: toSettings(row, baseOf(row, origin)) };
    },

    async status() {
      const row = await deps.sso.settings();
      return { enabled: ready(row), label: row.buttonLabel };
    },

    async metadata(origin) {
      const row = await deps.sso.settings();
      const settings = toSettings(row, baseOf(row, origin));
      return serviceProviderMetadata(settings.service_provider.entity_id, settings.service_provider.acs_url, row.emailAttribute);
    },

    async loginUrl(origin, redirect) {
      const row = await deps.sso.settings();
      if (!ready(row)) return null;
      const binding = randomBytes(32).toString('base64url');
      const url = await authorizeUrl(peersOf(row, baseOf(row, origin)), requestsBoundTo(sha256(binding)), safeRedirect(redirect), now);
      return { url, binding };
    },

    async acs(origin, samlResponse, relayState) {
      const row = await deps.sso.settings();
      if (!ready(row)) return refuse(new SsoRefusal('disabled', 'Single sign-on is turned off.'), null);
      const claimed = claimedAssertionKey(samlResponse);
      if (claimed && (await deps.sso.assertionUsed(claimed))) {
        return refuse(new SsoRefusal('replayed', 'This assertion was already used to sign in.'), null, { assertion: claimed });
      }
      let verified;
      try {
        verified = await verifyResponse(peersOf(row, baseOf(row, origin)), requests, samlResponse, now);
      } catch (error) {
        if (!(error instanceof SsoRefusal)) throw error;
        return refuse(error, null);
      }
      const email = emailOf(verified, row.emailAttribute);
      if (!email) return refuse(new SsoRefusal('no_email', `The assertion carries no e-mail in ${row.emailAttribute || 'its NameID'}.`), verified.requestId);
      const existing = await deps.users.findByEmail(email);
      if (existing && !existing.isActive) return refuse(new SsoRefusal('inactive_user', `${email} is deactivated.`), verified.requestId, { email, user: existing.id });
      if (!existing && !row.createUnknownUsers) return refuse(new SsoRefusal('unknown_user', `${email} has no Binlens account.`), verified.requestId, { email });

      const request = await deps.sso.findRequest(verified.requestId, now());
      if (!request) return refuse(new SsoRefusal('unknown_request', 'The request expired while the response was checked.'), null, { email });
      const token = randomBytes(32).toString('base64url');
      try {
        await deps.change(
          async (tx) => {
            if (!(await tx.sso.removeRequest(verified.requestId))) throw new SsoRefusal('unknown_request', 'The request was answered already.');
            if (!(await tx.sso.consumeAssertion(verified.key, verified.expiresAt, now()))) throw new SsoRefusal('replayed', 'This assertion was already used to sign in.');
            let user: UserRow | null = existing ?? null;
            const created = !user;
            user ??= await tx.users.createIfNew({ email, passwordHash: NO_PASSWORD, roles: NEW_USER_ROLES });
            if (!user) throw new SsoRefusal('unknown_user', `${email} was created by another sign-in at the same time; sign in again.`);
            const signIn = { tokenHash: sha256(token), userId: user.id, bindingHash: request.bindingHash, redirect: safeRedirect(relayState), expiresAt: new Date(now().getTime() + FINISH_TTL_MS) };
            await tx.sso.createSignIn(signIn, now());
            return { user, created };
          },
          ({ user: accepted, created }) => ({
            actorId: accepted.id,
            action: created ? 'sso.user_created' : 'sso.assertion_accepted',
            object: `user:${accepted.id}`,
            level: created ? 4 : 2,
            details: { email, roles: created ? NEW_USER_ROLES : undefined },
          }),
        );
      } catch (error) {
        if (!(error instanceof SsoRefusal)) throw error;
        return refuse(error, null, { email });
      }
      return { kind: 'verified', finishUrl: `/rest/sso/finish/?token=${token}` };
    },

    async finish(token, binding) {
      const { signIn, sameBrowser } = await deps.change(
        async (tx) => {
          const taken = await tx.sso.takeSignIn(sha256(token), now());
          return { signIn: taken, sameBrowser: taken !== undefined && sameHash(taken.bindingHash, sha256(binding ?? '')) };
        },
        ({ signIn: taken, sameBrowser: same }) => {
          if (!taken) return refusalEvent(new SsoRefusal('unknown_request', 'The finish link is unknown, used or expired.'), {});
          if (!same) return refusalEvent(new SsoRefusal('wrong_browser', 'The sign-in was started in another browser (no or another sso_binding cookie).'), { user: taken.userId });
          return { actorId: taken.userId, action: 'sso.finished', object: `user:${taken.userId}`, level: 1 };
        },
      );
      if (!signIn) return { kind: 'refused', code: 'unknown_request' };
      if (!sameBrowser) return { kind: 'refused', code: 'wrong_browser' };
      const user = await deps.users.findById(signIn.userId);
      if (!user?.isActive) return refuse(new SsoRefusal('inactive_user', 'The user was deactivated while signing in.'), null, { user: signIn.userId });
      const session = await deps.auth.startSession(user, 'sso');
      return { kind: 'signed-in', session, redirect: signIn.redirect };
    },
  };
}

function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

/** Two hex digests compared in constant time. */
function sameHash(a: string, b: string): boolean {
  return a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));
}

/** On, and complete enough to send anyone to the IdP. */
function ready(row: SsoSettingsRow): boolean {
  return row.enabled && row.idpEntityId !== '' && row.idpSsoUrl !== '' && row.idpCertificates !== '';
}

function peersOf(row: SsoSettingsRow, baseUrl: string): SamlPeers {
  const { service_provider } = toSettings(row, baseUrl);
  return {
    idpEntityId: row.idpEntityId,
    idpSsoUrl: row.idpSsoUrl,
    idpCertificates: row.idpCertificates.split(/(?<=-----END CERTIFICATE-----)\s*/).filter((pem) => pem.trim() !== ''),
    spEntityId: service_provider.entity_id,
    acsUrl: service_provider.acs_url,
    emailAttribute: row.emailAttribute,
  };
}

function refusalEvent(refusal: SsoRefusal, details: Record<string, unknown>): AuditEvent {
  return {
    actorId: null,
    action: 'sso.refused',
    object: typeof details.user === 'number' ? `user:${details.user}` : 'sso',
    level: 2,
    details: { code: refusal.code, reason: refusal.message, ...details },
  };
}
