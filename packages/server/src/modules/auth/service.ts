import { createHash, randomBytes } from 'node:crypto';
import type { SessionRow, UserRow } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { dummyHash, verifyPassword } from '../../lib/password.ts';
import type { AuditEvent } from '../audit/repository.ts';
import type { AuditedChange } from '../audit/audited.ts';
import type { OtpCheck } from '../otps/service.ts';
import type { UsersRepository } from '../users/repository.ts';
import type { UserMe } from '../users/schemas.ts';
import { toUserMe } from '../users/service.ts';
import type { Viewer } from '../users/viewer.ts';
import type { SessionsRepository } from './repository.ts';
import type { SignInFailuresRepository } from './sign-in-failures.ts';
import { toViewer } from './viewer.ts';
import type { SessionLimits } from './session-limits.ts';

export type { SessionLimits };

export const SESSION_TTL_MS = 14 * 24 * 3600 * 1000;
/** Issue 15: after 10 failed sign-ins for one email or from one address within 15 minutes, sign-in answers 429. */
export const SIGN_IN_LIMIT = 10;
export const SIGN_IN_WINDOW_MS = 15 * 60 * 1000;
/** A session's last activity is written at most this often, so browsing does not write on every call. */
export const SESSION_TOUCH_INTERVAL_MS = 60_000;

export interface LoginResult {
  user: UserMe;
  token: string;
  csrfToken: string;
  expiresAt: Date;
}

/** The password was right but the user has two-factor sign-in on and gave no code. */
export interface OtpRequired {
  otpRequired: true;
}


export interface AuthService {
  /**
   * The login form; `address` is the client's (request.ip), `otp` the authenticator code of a
   * user with two-factor sign-in. Throws invalid_credentials, otp_invalid, otp_reused or sign_in_locked.
   */
  login(email: string, password: string, address: string, otp?: string): Promise<LoginResult | OtpRequired>;
  /**
   * Opens a session for a user whose identity another sign-in method already verified (SAML);
   * the same session and audit event as the form login, the event saying how.
   */
  startSession(user: UserRow, method: 'sso'): Promise<LoginResult>;
  logout(viewer: Viewer): Promise<void>;
  /** The viewer of a session cookie, or null (also when the session is idle or too old). */
  authenticate(token: string): Promise<Viewer | null>;
  /**
   * HTTP Basic on /api/, under the same limit as the login form. Throws basic_auth_invalid,
   * sign_in_locked, or basic_auth_otp for a user with two-factor sign-in (Basic carries no code).
   */
  authenticateBasic(email: string, password: string, address: string): Promise<Viewer>;
}

/** What sign-in needs of the otps module (modules/otps/service.ts). */
export interface SignInCodes {
  checkSignInCode(userId: number, code: string): Promise<OtpCheck>;
}

export interface AuthServiceDeps {
  users: UsersRepository;
  sessions: SessionsRepository;
  signIns: SignInFailuresRepository;
  /** Checks the codes of users with otp_active; without it such users cannot sign in with a password. */
  otps?: SignInCodes;
  /** The company's session timeouts (modules/settings); default no idle timeout and SESSION_TTL_MS. */
  sessionLimits?: () => Promise<SessionLimits>;
  now?: () => Date;
  /** Writes a session change, or reads a failed sign-in's counts, with its audit event (modules/audit/audited.ts). */
  change: AuditedChange<{ sessions: SessionsRepository; signIns: SignInFailuresRepository }>;
}

export function createAuthService(deps: AuthServiceDeps): AuthService {
  const now = deps.now ?? (() => new Date());
  const limits = deps.sessionLimits ?? (async () => ({ idleMs: null, absoluteMs: SESSION_TTL_MS }));
  const signIn = signInWith(deps, now);

  async function openSession(user: UserRow, method: 'form' | 'sso'): Promise<LoginResult> {
    const token = randomBytes(32).toString('base64url');
    const csrfToken = randomBytes(24).toString('base64url');
    const createdAt = now();
    const expiresAt = new Date(createdAt.getTime() + (await limits()).absoluteMs);
    await deps.change(
      (tx) => tx.sessions.create({ tokenHash: hashToken(token), userId: user.id, csrfToken, createdAt, expiresAt }),
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
    async login(email, password, address, otp) {
      const outcome = await signIn({ email, password, address, via: 'form', otp });
      if (outcome === null) throw new AppError('invalid_credentials');
      if ('otpRequired' in outcome) return outcome;
      return openSession(outcome, 'form');
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
      const at = now();
      const found = await deps.sessions.findLive(hashToken(token), at);
      if (!found) return null;
      const { session, user } = found;
      const ended = endOf(session, found.limits ?? (await limits()), at);
      if (ended) {
        await deps.change(
          (tx) => tx.sessions.delete(session.id),
          () => ({ actorId: user.id, action: 'auth.session_expired', object: `session:${session.id}`, level: 1, details: { timeout: ended } }),
        );
        return null;
      }
      if (at.getTime() - session.lastSeenAt.getTime() >= SESSION_TOUCH_INTERVAL_MS) {
        // Bookkeeping, not a change anyone audits: the idle timeout's clock.
        await deps.sessions.touch(session.id, at, new Date(at.getTime() - SESSION_TOUCH_INTERVAL_MS));
      }
      return toViewer(user, session);
    },

    async authenticateBasic(email, password, address) {
      const outcome = await signIn({ email, password, address, via: 'basic' });
      if (outcome === null) throw new AppError('basic_auth_invalid');
      if ('otpRequired' in outcome) throw new AppError('basic_auth_otp');
      return toViewer(outcome, null);
    },
  };
}

/**
 * Which timeout ended the session at `at`, if one did. Activity is recorded at most once a
 * minute, so an idle session may end up to a minute before idleMs after its last request.
 */
function endOf(session: SessionRow, limits: SessionLimits, at: Date): 'idle' | 'absolute' | null {
  if (at.getTime() - session.createdAt.getTime() >= limits.absoluteMs) return 'absolute';
  if (limits.idleMs !== null && at.getTime() - session.lastSeenAt.getTime() >= limits.idleMs) return 'idle';
  return null;
}

interface Attempt {
  email: string;
  password: string;
  address: string;
  via: 'form' | 'basic';
  otp?: string | undefined;
}

/**
 * Checks a password (and, for a user with two-factor sign-in, the code) under the brute-force
 * limit: the attempt is counted as a failure before the password is checked (parallel guesses
 * count at once) and uncounted when it succeeds. Unknown emails take the same path (a dummy
 * hash, a counted failure, the same limit), so neither the answer nor its time tells whether an
 * email has an account. A wrong or reused code stays counted: codes are guessed too.
 */
function signInWith(deps: AuthServiceDeps, now: () => Date) {
  return async ({ email, password, address, via, otp }: Attempt): Promise<UserRow | OtpRequired | null> => {
    const typed = email.trim().toLowerCase();
    const at = now();
    const since = new Date(at.getTime() - SIGN_IN_WINDOW_MS);
    const attempt = await deps.signIns.reserve({ email: typed, address, now: at, since, limit: SIGN_IN_LIMIT });
    if ('blockedBy' in attempt) throw lockedUntil(attempt.blockedBy, at);
    const user = await deps.users.findByEmail(typed);
    const valid = await verifyPassword(password, user?.passwordHash ?? (await dummyHash()));
    const failed = (reason?: 'otp_invalid' | 'otp_reused') =>
      deps.change(
        (tx) => tx.signIns.counts(typed, address, since),
        (counts) => failureEvent({ user, email: typed, address, via, counts, reason }),
      );
    if (!(user && valid && user.isActive)) {
      await failed();
      return null;
    }
    if (user.otpActive) {
      const code = otp?.trim() ?? '';
      if (via === 'basic' || code === '') {
        // The password was right; the answer asks for what is missing and counts no failure.
        await deps.signIns.delete(attempt.id);
        return { otpRequired: true };
      }
      const check: OtpCheck = deps.otps ? await deps.otps.checkSignInCode(user.id, code) : 'invalid';
      if (check !== 'ok') {
        const reason = check === 'reused' ? 'otp_reused' : 'otp_invalid';
        await failed(reason);
        throw new AppError(reason);
      }
    }
    await deps.signIns.delete(attempt.id);
    return user;
  };
}

export interface Failure {
  user: UserRow | undefined;
  email: string;
  address: string;
  /** The login form, HTTP Basic, or turning two-factor sign-in off (modules/otps). */
  via: 'form' | 'basic' | 'otp_disable';
  counts: { email: number; address: number };
  /** Why, where the password alone does not say: a wrong or reused code, or a wrong password for turning two-factor off. */
  reason?: 'otp_invalid' | 'otp_reused' | 'password' | undefined;
}

/** Every failed sign-in is an event; the one that reaches the limit says the sign-in is now locked. */
export function failureEvent({ user, email, address, via, counts, reason }: Failure): AuditEvent {
  const locked = counts.email >= SIGN_IN_LIMIT || counts.address >= SIGN_IN_LIMIT;
  return {
    actorId: null,
    action: locked ? 'auth.sign_in_locked' : 'auth.sign_in_failed',
    object: user ? `user:${user.id}` : 'user:unknown',
    level: locked ? 4 : 2,
    details: {
      email: email.slice(0, 254),
      address,
      via,
      failures_for_email: counts.email,
      failures_from_address: counts.address,
      ...(reason ? { reason } : {}),
    },
  };
}

/** The 429 of a blocked attempt, with the seconds until `blockedBy` leaves the window. */
export function lockedUntil(blockedBy: Date, at: Date): AppError {
  const seconds = Math.max(1, Math.ceil((blockedBy.getTime() + SIGN_IN_WINDOW_MS - at.getTime()) / 1000));
  return new AppError('sign_in_locked', undefined, { 'retry-after': String(seconds) });
}

function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
