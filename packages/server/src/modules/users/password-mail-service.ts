// Mails that carry a one-time set-password link (invitation, reset) and the test mail, and
// the public call that sets a password with such a link. A link's token is 32 random bytes;
// only its sha256 is stored, it works once and expires after PASSWORD_LINK_DAYS.
import { createHash, randomBytes } from 'node:crypto';
import type { PasswordTokenPurpose, UserRow } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import type { Mail, Mailer } from '../../lib/mailer.ts';
import { hashPassword } from '../../lib/password.ts';
import type { AuditedChange } from '../audit/audited.ts';
import { type AccountPolicy, checkPasswordLength, DEFAULT_ACCOUNT_POLICY } from './account-policy.ts';
import type { PasswordTokensRepository } from './password-tokens-repository.ts';
import type { UsersRepository } from './repository.ts';
import type { Viewer } from './viewer.ts';

export const PASSWORD_LINK_DAYS = 7;
/** Reset links a user may ask for themselves in an hour; further requests answer the same and send nothing. */
export const SELF_RESETS_PER_HOUR = 3;

export interface PasswordMailService {
  /** Throws mail_not_configured (409) when the server has no mail server. */
  requireMail(): void;
  /** Mails a new user their invitation with a set-password link. */
  invite(viewer: Viewer, userId: number): Promise<void>;
  /** An administrator's reset: mails the user a set-password link. */
  sendReset(viewer: Viewer, userId: number): Promise<void>;
  /**
   * Someone's own "forgot password": a link for an active user of that email, within the hourly
   * limit; else nothing. Answers the mail's delivery, not awaited by the caller (so the answer's
   * time tells nothing of the email), or null when nothing is sent.
   */
  requestReset(email: string): Promise<{ delivery: Promise<void> } | null>;
  sendTest(viewer: Viewer, userId: number): Promise<void>;
  /** Sets the password of the link's user; an unknown, used or expired link answers 400. */
  setPassword(token: string, password: string): Promise<void>;
}

export interface PasswordMailServiceDeps {
  users: UsersRepository;
  /** null: no mail server configured. */
  mailer: Mailer | null;
  change: AuditedChange<{ users: UsersRepository; tokens: PasswordTokensRepository }>;
  tokens: PasswordTokensRepository;
  now?: () => Date;
  /** The company's password minimum; the built-in one without it. */
  policy?: AccountPolicy;
}

export function createPasswordMailService(deps: PasswordMailServiceDeps): PasswordMailService {
  const now = deps.now ?? (() => new Date());

  const mailer = (): Mailer => {
    if (!deps.mailer) throw new AppError('mail_not_configured');
    return deps.mailer;
  };

  const activeUser = async (id: number): Promise<UserRow> => {
    const user = await deps.users.findById(id);
    if (!user) throw new AppError('not_found');
    if (!user.isActive) throw new AppError('user_inactive');
    return user;
  };

  /** A new link for the user (their older unused ones stop working), recorded as `action`; answers its URL. */
  const issueLink = async (user: UserRow, purpose: PasswordTokenPurpose, actorId: number | null, action: string): Promise<string> => {
    const base = mailer().publicUrl;
    const token = randomBytes(32).toString('base64url');
    const at = now();
    const expiresAt = new Date(at.getTime() + PASSWORD_LINK_DAYS * 24 * 60 * 60 * 1000);
    await deps.change(
      async (tx) => {
        await tx.tokens.retire(user.id, at);
        await tx.tokens.create({ userId: user.id, tokenHash: hashToken(token), purpose, expiresAt });
      },
      () => ({ actorId, action, object: `user:${user.id}`, level: 3, details: { email: user.email, expires_at: expiresAt.toISOString() } }),
    );
    return `${base}/set-password?token=${token}`;
  };

  const send = async (mail: Mail): Promise<void> => {
    try {
      await mailer().send(mail);
    } catch (error) {
      if (error instanceof AppError) throw error;
      throw new AppError('mail_send_failed', `The mail to ${mail.to} could not be sent: ${reasonOf(error)}`);
    }
  };

  return {
    requireMail: () => void mailer(),

    async invite(viewer, userId) {
      const user = await activeUser(userId);
      const link = await issueLink(user, 'invite', viewer.userId, 'user.invite');
      await send(inviteMail(user.email, viewer.email, link, mailer().publicUrl));
    },

    async sendReset(viewer, userId) {
      mailer();
      const user = await activeUser(userId);
      const link = await issueLink(user, 'reset', viewer.userId, 'user.reset_password');
      await send(resetMail(user.email, link));
    },

    async requestReset(email) {
      mailer();
      const user = await deps.users.findByEmail(email.trim().toLowerCase());
      if (!user?.isActive) return null;
      const hourAgo = new Date(now().getTime() - 60 * 60 * 1000);
      if ((await deps.tokens.countSince(user.id, 'reset', hourAgo)) >= SELF_RESETS_PER_HOUR) return null;
      const link = await issueLink(user, 'reset', null, 'user.request_password_reset');
      return { delivery: send(resetMail(user.email, link)) };
    },

    async sendTest(viewer, userId) {
      mailer();
      const user = await deps.users.findById(userId);
      if (!user) throw new AppError('not_found');
      await send(testMail(user.email, viewer.email, mailer().publicUrl));
    },

    async setPassword(token, password) {
      // Before the link is spent: a too-short password leaves it usable.
      await checkPasswordLength(password, deps.policy ?? DEFAULT_ACCOUNT_POLICY);
      const passwordHash = await hashPassword(password);
      const at = now();
      await deps.change(
        async (tx) => {
          const link = await tx.tokens.consume(hashToken(token), at);
          const user = link ? await tx.users.findById(link.userId) : undefined;
          if (!link || !user?.isActive) throw new AppError('password_token_invalid');
          await tx.users.update(user.id, { passwordHash });
          await tx.tokens.retire(user.id, at);
          await tx.users.endSessions(user.id);
          return { userId: user.id, purpose: link.purpose };
        },
        ({ userId, purpose }) => ({ actorId: userId, action: 'user.set_password', object: `user:${userId}`, level: 3, details: { password: 'set', via: purpose } }),
      );
    },
  };
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

function reasonOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

function inviteMail(to: string, inviter: string, link: string, publicUrl: string): Mail {
  return {
    to,
    subject: 'You are invited to Binlens',
    paragraphs: [
      'Hello,',
      `${inviter} invited you to Binlens. Open this link to choose your password; it works once and expires in ${PASSWORD_LINK_DAYS} days:`,
      link,
      `Then sign in at ${publicUrl}/login with ${to}.`,
    ],
  };
}

function resetMail(to: string, link: string): Mail {
  return {
    to,
    subject: 'Set a new Binlens password',
    paragraphs: [
      'Hello,',
      `A new password was requested for your Binlens account ${to}. Open this link to choose it; it works once and expires in ${PASSWORD_LINK_DAYS} days:`,
      link,
      'If you did not ask for this, ignore this mail: your password stays as it is.',
    ],
  };
}

function testMail(to: string, sender: string, publicUrl: string): Mail {
  return {
    to,
    subject: 'Binlens test mail',
    paragraphs: ['Hello,', `${sender} sent this test mail from Binlens (${publicUrl}) to check that mail reaches you. Nothing else needs to be done.`],
  };
}
