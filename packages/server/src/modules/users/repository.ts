import { count, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { type UserRow, users } from '../../db/schema/index.ts';

export interface NewUser {
  email: string;
  passwordHash: string;
  roles: string[];
}

export interface UsersRepository {
  findByEmail(email: string): Promise<UserRow | undefined>;
  findById(id: number): Promise<UserRow | undefined>;
  count(): Promise<number>;
  create(user: NewUser): Promise<UserRow>;
}

export function createUsersRepository(db: Db): UsersRepository {
  return {
    async findByEmail(email) {
      const [row] = await db.select().from(users).where(eq(users.email, email.toLowerCase()));
      return row;
    },
    async findById(id) {
      const [row] = await db.select().from(users).where(eq(users.id, id));
      return row;
    },
    async count() {
      const [row] = await db.select({ value: count() }).from(users);
      return row?.value ?? 0;
    },
    async create(user) {
      const email = user.email.toLowerCase();
      const [row] = await db
        .insert(users)
        .values({ email, username: email, passwordHash: user.passwordHash, roles: user.roles })
        .returning();
      if (!row) throw new Error('insert into users returned no row');
      return row;
    },
  };
}
