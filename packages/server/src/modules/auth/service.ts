import { createHash, randomBytes } from 'node:crypto';
import { AppError } from '../../lib/errors.ts';
import { dummyHash, verifyPassword } from '../../lib/password.ts';
import type { AuditedChange } from '../audit/audited.ts';
import { permissionsOf } from '../users/permissions.ts';
import type { UsersRepository } from '../users/repository.ts';
import type { UserMe } from '../users/schemas.ts';
import { toUserMe } from '../users/service.ts';
import type { Viewer } from '../users/viewer.ts';
import type { SessionsRepository } from './repository.ts';

export const SESSION_TTL_MS = 14 * 24 * 3600 * 1000;

export interface LoginResult {
  user: UserMe;
  token: string;
  csrfToken: string;
  expiresAt: Date;
}

export interface AuthService {
  login(email: string, password: string): Promise<LoginResult>;
  logout(viewer: Viewer): Promise<void>;
  authenticate(token: string): Promise<Viewer | null>;
}

export interface AuthServiceDeps {
  users: UsersRepository;
  sessions: SessionsRepository;
  now?: () => Date;
  /** Writes a session change with its audit event (modules/audit/audited.ts). */
  change: AuditedChange<{ sessions: SessionsRepository }>;
}

export function createAuthService(deps: AuthServiceDeps): AuthService {
  const now = deps.now ?? (() => new Date());
  return {
    async login(email, password) {
      const user = await deps.users.findByEmail(email.trim());
      // Verify against a dummy hash for unknown emails so response time does not reveal them.
      const valid = await verifyPassword(password, user?.passwordHash ?? (await dummyHash()));
      if (!user || !valid || !user.isActive) throw new AppError('invalid_credentials');
      const token = randomBytes(32).toString('base64url');
      const csrfToken = randomBytes(24).toString('base64url');
      const expiresAt = new Date(now().getTime() + SESSION_TTL_MS);
      await deps.change(
        (tx) => tx.sessions.create({ tokenHash: hashToken(token), userId: user.id, csrfToken, expiresAt }),
        (session) => ({ actorId: user.id, action: 'auth.login', object: `session:${session.id}`, level: 1 }),
      );
      return { user: toUserMe(user), token, csrfToken, expiresAt };
    },

    async logout(viewer) {
      await deps.change(
        (tx) => tx.sessions.delete(viewer.sessionId),
        () => ({ actorId: viewer.userId, action: 'auth.logout', object: `session:${viewer.sessionId}`, level: 1 }),
      );
    },

    async authenticate(token) {
      const found = await deps.sessions.findLive(hashToken(token), now());
      if (!found) return null;
      const { session, user } = found;
      return {
        userId: user.id,
        email: user.email,
        roles: user.roles,
        permissions: permissionsOf(user.roles),
        sessionId: session.id,
        csrfToken: session.csrfToken,
      };
    },
  };
}

function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
