import { randomBytes } from 'node:crypto';
import { hashPassword } from '../../lib/password.ts';
import type { AuditedChange } from '../audit/audited.ts';
import type { UsersRepository } from './repository.ts';

export interface BootstrapOptions {
  email: string | undefined;
  password: string | undefined;
  /** Where a generated password is shown, once. */
  print: (text: string) => void;
}

/** Creates the first administrator when no user exists; returns its email, or null. */
export async function bootstrapAdmin(
  deps: { users: Pick<UsersRepository, 'count'>; change: AuditedChange<{ users: UsersRepository }> },
  options: BootstrapOptions,
): Promise<string | null> {
  if ((await deps.users.count()) > 0) return null;
  const email = options.email ?? 'admin@localhost';
  const password = options.password ?? randomBytes(18).toString('base64url');
  const passwordHash = await hashPassword(password);
  await deps.change(
    (tx) => tx.users.create({ email, passwordHash, roles: ['AU'] }),
    (user) => ({ actorId: null, action: 'user.bootstrap', object: `user:${user.id}`, level: 4, details: { email } }),
  );
  if (!options.password) {
    const line = '='.repeat(64);
    options.print(
      [line, 'Binlens: first administrator created', `  email:    ${email}`, `  password: ${password}`, 'This password is shown only once: store it safely.', line].join('\n'),
    );
  }
  return email;
}
