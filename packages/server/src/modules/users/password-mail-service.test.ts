import { describe, expect, it } from 'vitest';
import type { UserRow } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import type { Mail, Mailer } from '../../lib/mailer.ts';
import { verifyPassword } from '../../lib/password.ts';
import { auditedChanges } from '../audit/audited.ts';
import type { AuditEvent } from '../audit/repository.ts';
import { createPasswordMailService, hashToken } from './password-mail-service.ts';
import type { NewPasswordToken, PasswordTokensRepository } from './password-tokens-repository.ts';
import type { UsersRepository } from './repository.ts';
import type { Viewer } from './viewer.ts';

const admin: Viewer = { userId: 1, email: 'admin@example.com', roles: ['AU'], permissions: ['change_companyaccount'], sessionId: 1, csrfToken: 't' };
const NOW = new Date('2026-11-27T12:00:00Z');

interface StoredToken extends NewPasswordToken {
  createdAt: Date;
  usedAt: Date | null;
}

function setUp(options: { mail?: boolean; users?: Partial<UserRow>[] } = {}) {
  const users = (options.users ?? [{ id: 7, email: 'ada@example.com', isActive: true }]).map((user) => ({ passwordHash: 'old', ...user }) as UserRow);
  const tokens: StoredToken[] = [];
  const sent: Mail[] = [];
  const audit: AuditEvent[] = [];
  const ended: number[] = [];
  const usersRepository = {
    findById: async (id: number) => users.find((user) => user.id === id),
    findByEmail: async (email: string) => users.find((user) => user.email === email),
    update: async (id: number, fields: { passwordHash?: string }) => {
      const user = users.find((row) => row.id === id);
      if (user && fields.passwordHash) user.passwordHash = fields.passwordHash;
    },
    endSessions: async (id: number) => void ended.push(id),
  } as unknown as UsersRepository;
  const tokensRepository: PasswordTokensRepository = {
    create: async (token) => void tokens.push({ ...token, createdAt: NOW, usedAt: null }),
    retire: async (userId, now) => tokens.filter((token) => token.userId === userId && !token.usedAt).forEach((token) => (token.usedAt = now)),
    consume: async (tokenHash, now) => {
      const token = tokens.find((row) => row.tokenHash === tokenHash && !row.usedAt && row.expiresAt > now);
      if (!token) return undefined;
      token.usedAt = now;
      return { userId: token.userId, purpose: token.purpose };
    },
    countSince: async (userId, purpose, since) => tokens.filter((row) => row.userId === userId && row.purpose === purpose && row.createdAt >= since).length,
  };
  const mailer: Mailer = { publicUrl: 'https://binlens.example.com', send: async (mail) => void sent.push(mail), close: () => undefined };
  let clock = NOW;
  const service = createPasswordMailService({
    users: usersRepository,
    tokens: tokensRepository,
    mailer: options.mail === false ? null : mailer,
    change: auditedChanges((work) => work({ users: usersRepository, tokens: tokensRepository, audit: { record: async (event) => void audit.push(event) } })),
    now: () => clock,
  });
  return { service, users, tokens, sent, audit, ended, setClock: (date: Date) => (clock = date) };
}

const tokenOf = (mail: Mail | undefined) => /token=([\w-]+)/.exec(mail?.paragraphs.join('\n') ?? '')?.[1] ?? '';

describe('password mail service', () => {
  it('mails an invitation whose link holds a token stored only as its sha256, valid 7 days', async () => {
    const { service, tokens, sent, audit } = setUp();
    await service.invite(admin, 7);
    const token = tokenOf(sent[0]);
    expect(token).toMatch(/^[\w-]{43}$/);
    expect(sent[0]?.to).toBe('ada@example.com');
    expect(sent[0]?.paragraphs[2]).toBe(`https://binlens.example.com/set-password?token=${token}`);
    expect(tokens).toEqual([{ userId: 7, tokenHash: hashToken(token), purpose: 'invite', expiresAt: new Date('2026-12-04T12:00:00Z'), createdAt: NOW, usedAt: null }]);
    expect(audit).toEqual([{ actorId: 1, action: 'user.invite', object: 'user:7', level: 3, details: { email: 'ada@example.com', expires_at: '2026-12-04T12:00:00.000Z' } }]);
  });

  it('sets the password once, ends the sessions, and refuses the link afterwards or once expired', async () => {
    const { service, users, sent, ended, setClock } = setUp();
    await service.sendReset(admin, 7);
    await service.setPassword(tokenOf(sent[0]), 'a new long password');
    expect(await verifyPassword('a new long password', users[0]?.passwordHash ?? '')).toBe(true);
    expect(ended).toEqual([7]);
    await expect(service.setPassword(tokenOf(sent[0]), 'another long password')).rejects.toEqual(new AppError('password_token_invalid'));
    await service.sendReset(admin, 7);
    setClock(new Date('2026-12-04T12:00:00Z'));
    await expect(service.setPassword(tokenOf(sent[1]), 'another long password')).rejects.toEqual(new AppError('password_token_invalid'));
  });

  it("refuses a deactivated user's link, and sends them no reset", async () => {
    const { service, users, sent } = setUp();
    await service.sendReset(admin, 7);
    if (users[0]) users[0].isActive = false;
    await expect(service.setPassword(tokenOf(sent[0]), 'a new long password')).rejects.toEqual(new AppError('password_token_invalid'));
    await expect(service.sendReset(admin, 7)).rejects.toEqual(new AppError('user_inactive'));
    expect(await service.requestReset('ada@example.com')).toBeNull();
  });

  it('answers a self-service request for an unknown email with nothing, and stops after 3 links an hour', async () => {
    const { service, sent, setClock } = setUp();
    expect(await service.requestReset('nobody@example.com')).toBeNull();
    for (let i = 0; i < 3; i += 1) await (await service.requestReset(' ADA@example.com '))?.delivery;
    expect(await service.requestReset('ada@example.com')).toBeNull();
    expect(sent.map((mail) => mail.subject)).toEqual(['Set a new Binlens password', 'Set a new Binlens password', 'Set a new Binlens password']);
    setClock(new Date('2026-11-27T13:00:01Z'));
    expect(await service.requestReset('ada@example.com')).not.toBeNull();
  });

  it('answers mail_not_configured without a mail server, before anything is written', async () => {
    const { service, tokens } = setUp({ mail: false });
    expect(() => service.requireMail()).toThrow(new AppError('mail_not_configured'));
    for (const call of [() => service.invite(admin, 7), () => service.sendReset(admin, 7), () => service.sendTest(admin, 7), () => service.requestReset('ada@example.com')]) {
      await expect(call()).rejects.toEqual(new AppError('mail_not_configured'));
    }
    expect(tokens).toEqual([]);
  });
});
