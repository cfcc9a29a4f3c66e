import { createHash, randomBytes } from 'node:crypto';
import type { UserRow } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { dummyHash, verifyPassword } from '../../lib/password.ts';
import type { AuditEvent } from '../audit/repository.ts';
import type { AuditedChange } from '../audit/audited.ts';
import type { UsersRepository } from '../users/repository.ts';
import type { UserMe } from '../users/schemas.ts';
import { toUserMe } from '../users/service.ts';
import type { Viewer } from '../users/viewer.ts';
import type { SessionsRepository } from './repository.ts';
import type { SignInFailuresRepository } from './sign-in-failures.ts';
import { toViewer } from './viewer.ts';

export const SESSION_TTL_MS = 14 * 24 * 3600 * 1000;
/** Issue 15: after 10 failed sign-ins for one email or from one address within 15 minutes, sign-in answers 429. */
export const SIGN_IN_LIMIT = 10;
export const SIGN_IN_WINDOW_MS = 15 * 60 * 1000;

export interface LoginResult {
  user: UserMe;
  token: string;
  csrfToken: string;
  expiresAt: Date;
}

export interface AuthService {
  /** The login form; `address` is the client's (request.ip). Throws invalid_credentials or sign_in_locked. */
  login(email: string, password: string, address: string): Promise<LoginResult>;
  /**
   * Opens a session for a user whose identity another sign-in method already verified (SAML);
   * the same session and audit event as the form login, the event saying how.
   */
  startSession(user: UserRow, method: 'sso'): Promise<LoginResult>;
  logout(viewer: Viewer): Promise<void>;
  /** The viewer of a session cookie, or null. */
  authenticate(token: string): Promise<Viewer | null>;
  /** HTTP Basic on /api/, under the same limit as the login form. Throws basic_auth_invalid or sign_in_locked. */
  authenticateBasic(email: string, password: string, address: string): Promise<Viewer>;
}

export interface AuthServiceDeps {
  users: UsersRepository;
  sessions: SessionsRepository;
  signIns: SignInFailuresRepository;
  now?: () => Date;
  /** Writes a session change, or reads a failed sign-in's counts, with its audit event (modules/audit/audited.ts). */
  change: AuditedChange<{ sessions: SessionsRepository; signIns: SignInFailuresRepository }>;
}

export function createAuthService(deps: AuthServiceDeps): AuthService {
  const now = deps.now ?? (() => new Date());
  const signIn = signInWith(deps, now);

  async function openSession(user: UserRow, method: 'form' | 'sso'): Promise<LoginResult> {
    const token = randomBytes(32).toString('base64url');
    const csrfToken = randomBytes(24).toString('base64url');
    const expiresAt = new Date(now().getTime() + SESSION_TTL_MS);
    await deps.change(
      (tx) => tx.sessions.create({ tokenHash: hashToken(token), userId: user.id, csrfToken, expiresAt }),
      (session) => ({
        actorId: user.id,
        action: 'auth.login',
        object: `session:${session.id}`,
        level: 1,
        // The form login's event stays as it was; a single sign-on says so.
        ...(method === 'sso' ? { details: { via: 'sso' } } : {}),
      }),
    );
    return { user: toUserMe(user), token, csrfToken, expiresAt };
  }

  return {
    async login(email, password, address) {
      const user = await signIn(email, password, address, 'form');
      if (!user) throw new AppError('invalid_credentials');
      return openSession(user, 'form');
    },

    async startSession(user, method) {
      if (!user.isActive) throw new AppError('invalid_credentials');
      return openSession(user, method);
    },

    async logout(viewer) {
      const sessionId = viewer.sessionId;
      // An API key or HTTP Basic has no session to end (POST /rest/api-keys/invalidate/ ends a key).
      if (sessionId === null) return;
      await deps.change(
        (tx) => tx.sessions.delete(sessionId),
        () => ({ actorId: viewer.userId, action: 'auth.logout', object: `session:${sessionId}`, level: 1 }),
      );
    },

    async authenticate(token) {
      const found = await deps.sessions.findLive(hashToken(token), now());
      return found ? toViewer(found.user, found.session) : null;
    },

    async authenticateBasic(email, password, address) {
      const user = await signIn(email, password, address, 'basic');
      if (!user) throw new AppError('basic_auth_invalid');
      return toViewer(user, null);
    },
  };
}

/**
 * Checks a password under the brute-force limit: the attempt is counted as a failure before
 * the password is checked (parallel guesses count at once) and uncounted when it succeeds.
 * Unknown emails take the same path (a dummy hash, a counted failure, the same limit), so
 * neither the answer nor its time tells whether an email has an account.
 */
function signInWith(deps: AuthServiceDeps, now: () => Date) {
  return async (email: string, password: string, address: string, via: 'form' | 'basic'): Promise<UserRow | null> => {
    const typed = email.trim().toLowerCase();
    const at = now();
    const since = new Date(at.getTime() - SIGN_IN_WINDOW_MS);
    const attempt = await deps.signIns.reserve({ email: typed, address, now: at, since, limit: SIGN_IN_LIMIT });
    if ('blockedBy' in attempt) {
      const seconds = Math.max(1, Math.ceil((attempt.blockedBy.getTime() + SIGN_IN_WINDOW_MS - at.getTime()) / 1000));
      throw new AppError('sign_in_locked', undefined, { 'retry-after': String(seconds) });
    }
    const user = await deps.users.findByEmail(typed);
    const valid = await verifyPassword(password, user?.passwordHash ?? (await dummyHash()));
    if (user && valid && user.isActive) {
      await deps.signIns.delete(attempt.id);
      return user;
    }
    await deps.change(
      (tx) => tx.signIns.counts(typed, address, since),
      (counts) => failureEvent({ user, email: typed, address, via, counts }),
    );
    return null;
  };
}

/** Every failed sign-in is an event; the one that reaches the limit says the sign-in is now locked. */
function failureEvent(failure: { user: UserRow | undefined; email: string; address: string; via: 'form' | 'basic'; counts: { email: number; address: number } }): AuditEvent {
  const { user, email, address, via, counts } = failure;
  const locked = counts.email >= SIGN_IN_LIMIT || counts.address >= SIGN_IN_LIMIT;
  return {
    actorId: null,
    action: locked ? 'auth.sign_in_locked' : 'auth.sign_in_failed',
    object: user ? `user:${user.id}` : 'user:unknown',
    level: locked ? 4 : 2,
    details: { email: email.slice(0, 254), address, via, failures_for_email: counts.email, failures_from_address: counts.address },
  };
}

function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
