import { describe, expect, it } from 'vitest';
import type { UserRow } from '../../db/schema/index.ts';
import { hashPassword } from '../../lib/password.ts';
import { auditedChanges } from '../audit/audited.ts';
import type { AuditEvent } from '../audit/repository.ts';
import type { UsersRepository } from '../users/repository.ts';
import type { SessionsRepository } from './repository.ts';
import { createAuthService, SIGN_IN_LIMIT } from './service.ts';
import type { Reservation, SignInFailuresRepository } from './sign-in-failures.ts';

const NOW = new Date('2026-03-01T12:00:00.000Z');

/** An auth service whose sign-in limit answers `reservation`, over one user. */
async function serviceWith(reservation: Reservation, counts = { email: 1, address: 1 }) {
  const user = { id: 4, email: 'ada@example.com', passwordHash: await hashPassword('right'), isActive: true, roles: [] } as unknown as UserRow;
  const events: AuditEvent[] = [];
  const reserved: unknown[] = [];
  const deleted: number[] = [];
  const signIns: SignInFailuresRepository = {
    reserve: async (attempt) => {
      reserved.push(attempt);
      return reservation;
    },
    delete: async (id) => void deleted.push(id),
    counts: async () => counts,
  };
  const sessions = { create: async () => ({ id: 1 }), findLive: async () => undefined, delete: async () => undefined } as unknown as SessionsRepository;
  const users = { findByEmail: async (email: string) => (email === user.email ? user : undefined) } as unknown as UsersRepository;
  const service = createAuthService({
    users,
    sessions,
    signIns,
    now: () => NOW,
    change: auditedChanges<{ sessions: SessionsRepository; signIns: SignInFailuresRepository }>((work) => work({ sessions, signIns, audit: { record: async (event) => void events.push(event) } })),
  });
  return { service, events, reserved, deleted };
}

describe('the sign-in limit in the auth service', () => {
  it('answers 429 with the seconds until the blocking failure is 15 minutes old, without checking the password', async () => {
    const { service, events } = await serviceWith({ blockedBy: new Date('2026-03-01T11:50:00.500Z') });
    const error = await service.login('Ada@Example.com', 'right', '10.0.0.1').catch((caught: unknown) => caught);
    expect(error).toMatchObject({ code: 'sign_in_locked', status: 429, headers: { 'retry-after': '301' } });
    expect(events).toEqual([]);
  });

  it('reserves the attempt for the lower-cased email and the address over the last 15 minutes, and uncounts a success', async () => {
    const { service, reserved, deleted } = await serviceWith({ id: 9 });
    await service.login(' Ada@Example.com ', 'right', '10.0.0.1');
    expect(reserved).toEqual([{ email: 'ada@example.com', address: '10.0.0.1', now: NOW, since: new Date('2026-03-01T11:45:00.000Z'), limit: SIGN_IN_LIMIT }]);
    expect(deleted).toEqual([9]);
  });

  it('audits each failure, and the one that reaches the limit as a lock', async () => {
    const failing = await serviceWith({ id: 9 }, { email: 3, address: 1 });
    await expect(failing.service.login('ada@example.com', 'wrong', '10.0.0.1')).rejects.toMatchObject({ code: 'invalid_credentials' });
    expect(failing.deleted).toEqual([]);
    expect(failing.events).toEqual([
      { actorId: null, action: 'auth.sign_in_failed', object: 'user:4', level: 2, details: { email: 'ada@example.com', address: '10.0.0.1', via: 'form', failures_for_email: 3, failures_from_address: 1 } },
    ]);
    const locking = await serviceWith({ id: 9 }, { email: 1, address: 10 });
    await expect(locking.service.authenticateBasic('nobody@example.com', 'x', '10.0.0.2')).rejects.toMatchObject({ code: 'basic_auth_invalid', status: 401 });
    expect(locking.events).toEqual([
      { actorId: null, action: 'auth.sign_in_locked', object: 'user:unknown', level: 4, details: { email: 'nobody@example.com', address: '10.0.0.2', via: 'basic', failures_for_email: 1, failures_from_address: 10 } },
    ]);
  });
});

describe('startSession for a single sign-on', () => {
  it('opens a session for a verified user with the login event saying via sso', async () => {
    const { service, events } = await serviceWith({ id: 9 });
    const user = { id: 4, email: 'ada@example.com', isActive: true, roles: [] } as unknown as UserRow;
    const result = await service.startSession(user, 'sso');
    expect(result.expiresAt).toEqual(new Date('2026-03-15T12:00:00.000Z'));
    expect(result.token).toMatch(/^[\w-]{43}$/);
    expect(events).toEqual([{ actorId: 4, action: 'auth.login', object: 'session:1', level: 1, details: { via: 'sso' } }]);
  });

  it('refuses a deactivated user', async () => {
    const { service, events } = await serviceWith({ id: 9 });
    const user = { id: 4, email: 'ada@example.com', isActive: false, roles: [] } as unknown as UserRow;
    await expect(service.startSession(user, 'sso')).rejects.toMatchObject({ code: 'invalid_credentials' });
    expect(events).toEqual([]);
  });
});
