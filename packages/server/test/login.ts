import type { FastifyInstance } from 'fastify';
import type { Database } from '../src/db/client.ts';
import { hashPassword } from '../src/lib/password.ts';
import { createUsersRepository } from '../src/modules/users/repository.ts';

export interface TestSession {
  userId: number;
  email: string;
  /** Headers of a logged-in browser: both cookies and the echoed CSRF token. */
  headers: { cookie: string; 'x-csrftoken': string };
}

let counter = 0;

export async function createUser(database: Database, options: { email?: string; password?: string; roles?: string[] } = {}) {
  counter += 1;
  const email = options.email ?? `user${counter}-${process.pid}@example.com`;
  const password = options.password ?? 'correct horse battery staple';
  const user = await createUsersRepository(database.db).create({ email, passwordHash: await hashPassword(password), roles: options.roles ?? [] });
  return { id: user.id, email, password };
}

export async function login(app: FastifyInstance, email: string, password: string): Promise<TestSession> {
  const response = await app.inject({ method: 'POST', url: '/rest/auth/login/', payload: { email, password } });
  if (response.statusCode !== 200) throw new Error(`login failed: ${response.statusCode} ${response.body}`);
  const cookies = Object.fromEntries(response.cookies.map((c) => [c.name, c.value]));
  const sessionid = cookies.sessionid;
  const csrftoken = cookies.csrftoken;
  if (!sessionid || !csrftoken) throw new Error('login set no cookies');
  const user = response.json<{ id: number }>();
  return { userId: user.id, email, headers: { cookie: `sessionid=${sessionid}; csrftoken=${csrftoken}`, 'x-csrftoken': csrftoken } };
}

/** A new user, logged in. */
export async function newSession(app: FastifyInstance, database: Database, roles: string[] = []): Promise<TestSession> {
  const user = await createUser(database, { roles });
  return login(app, user.email, user.password);
}
