import { describe, expect, it } from 'vitest';
import type { SessionRow, UserRow } from '../../db/schema/index.ts';
import { auditedChanges } from '../audit/audited.ts';
import type { AuditEvent } from '../audit/repository.ts';
import type { UsersRepository } from '../users/repository.ts';
import type { SessionsRepository } from './repository.ts';
import { createAuthService, type SessionLimits } from './service.ts';
import type { SignInFailuresRepository } from './sign-in-failures.ts';

const START = new Date('2026-03-01T12:00:00.000Z');
const MINUTE = 60_000;
const user = { id: 4, email: 'ada@example.com', isActive: true, roles: [] } as unknown as UserRow;

/** An auth service over one in-memory session table, on a clock the test moves. */
function serviceWith(limits?: SessionLimits) {
  let clock = START;
  const rows = new Map<number, SessionRow>();
  const touches: Date[] = [];
  const events: AuditEvent[] = [];
  const sessions: SessionsRepository = {
    async create(session) {
      const row = { ...session, id: rows.size + 1, lastSeenAt: session.createdAt } as SessionRow;
      rows.set(row.id, row);
      return row;
    },
    async findLive(tokenHash, now) {
      const session = [...rows.values()].find((row) => row.tokenHash === tokenHash && row.expiresAt > now);
      return session ? { session, user } : undefined;
    },
    async delete(id) {
      rows.delete(id);
    },
    async touch(id, at, before) {
      const row = rows.get(id);
      if (row && row.lastSeenAt <= before) {
        row.lastSeenAt = at;
        touches.push(at);
      }
    },
  };
  const signIns = {} as SignInFailuresRepository;
  const service = createAuthService({
    users: {} as UsersRepository,
    sessions,
    signIns,
    now: () => clock,
    ...(limits ? { sessionLimits: async () => limits } : {}),
    change: auditedChanges<{ sessions: SessionsRepository; signIns: SignInFailuresRepository }>((work) =>
      work({ sessions, signIns, audit: { record: async (event) => void events.push(event) } }),
    ),
  });
  const at = (minutes: number) => {
    clock = new Date(START.getTime() + minutes * MINUTE);
  };
  return { service, rows, touches, events, at };
}

describe('session timeouts', () => {
  it('by default has no idle timeout and ends a session 14 days after sign-in', async () => {
    const { service, at, events } = serviceWith();
    const { token, expiresAt } = await service.startSession(user, 'sso');
    expect(expiresAt).toEqual(new Date('2026-03-15T12:00:00.000Z'));
    at(14 * 24 * 60 - 1);
    expect(await service.authenticate(token)).toMatchObject({ userId: 4, sessionId: 1 });
    at(14 * 24 * 60);
    expect(await service.authenticate(token)).toBeNull();
    expect(events.map((e) => e.action)).toEqual(['auth.login']);
  });

  it('ends a session idle for the idle timeout, counting from its last recorded activity', async () => {
    const { service, at, rows, events } = serviceWith({ idleMs: 15 * MINUTE, absoluteMs: 8 * 60 * MINUTE });
    const { token, expiresAt } = await service.startSession(user, 'sso');
    expect(expiresAt).toEqual(new Date('2026-03-01T20:00:00.000Z'));
    at(14);
    expect(await service.authenticate(token)).not.toBeNull();
    at(28);
    expect(await service.authenticate(token)).not.toBeNull();
    at(43);
    expect(await service.authenticate(token)).toBeNull();
    expect(rows.size).toBe(0);
    expect(events.at(-1)).toEqual({ actorId: 4, action: 'auth.session_expired', object: 'session:1', level: 1, details: { timeout: 'idle' } });
  });

  it('ends a busy session at the absolute timeout, which is also its cookie\'s expiry', async () => {
    const { service, at } = serviceWith({ idleMs: 15 * MINUTE, absoluteMs: 60 * MINUTE });
    const { token, expiresAt } = await service.startSession(user, 'sso');
    expect(expiresAt).toEqual(new Date('2026-03-01T13:00:00.000Z'));
    for (const minute of [10, 20, 30, 40, 50, 59]) {
      at(minute);
      expect(await service.authenticate(token)).not.toBeNull();
    }
    at(60);
    expect(await service.authenticate(token)).toBeNull();
  });

  it('applies a shortened absolute timeout to sessions already open', async () => {
    const limits: SessionLimits = { idleMs: null, absoluteMs: 8 * 60 * MINUTE };
    const { service, at, events } = serviceWith(limits);
    const { token } = await service.startSession(user, 'sso');
    limits.absoluteMs = 30 * MINUTE;
    at(30);
    expect(await service.authenticate(token)).toBeNull();
    expect(events.at(-1)).toEqual({ actorId: 4, action: 'auth.session_expired', object: 'session:1', level: 1, details: { timeout: 'absolute' } });
  });

  it('records activity at most once a minute', async () => {
    const { service, at, touches } = serviceWith({ idleMs: 15 * MINUTE, absoluteMs: 60 * MINUTE });
    const { token } = await service.startSession(user, 'sso');
    for (const minute of [0.2, 0.5, 0.99, 1, 1.5, 2.1, 2.2]) {
      at(minute);
      await service.authenticate(token);
    }
    expect(touches).toEqual([new Date('2026-03-01T12:01:00.000Z'), new Date('2026-03-01T12:02:06.000Z')]);
  });

  it('logout deletes the session, which then authenticates no one', async () => {
    const { service, rows, events } = serviceWith();
    const { token } = await service.startSession(user, 'sso');
    const viewer = await service.authenticate(token);
    if (!viewer) throw new Error('no viewer');
    await service.logout(viewer);
    expect(rows.size).toBe(0);
    expect(await service.authenticate(token)).toBeNull();
    expect(events.at(-1)).toEqual({ actorId: 4, action: 'auth.logout', object: 'session:1', level: 1 });
  });
});
