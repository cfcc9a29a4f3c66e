import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES } from '../../../test/databases.ts';
import { startTestApp, type TestApp } from '../../../test/app.ts';

describe.each(DATABASES)('the first administrator on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(() => t.close());

  it('is made once, with its audit event, and its generated password is shown once', async () => {
    const printed: string[] = [];
    const users = t.composition.services.users;
    expect(await users.bootstrapAdmin({ email: 'root@example.org', password: undefined, print: (text) => printed.push(text) })).toBe('root@example.org');
    expect(await users.bootstrapAdmin({ email: 'other@example.org', password: 'x', print: (text) => printed.push(text) })).toBeNull();
    expect(printed).toHaveLength(1);
    expect(printed[0]).toMatch(/^=+\nBinlens: first administrator created\n {2}email: {4}root@example\.org\n {2}password: [\w-]{24}\n/);
    const rows = await t.database.db.execute('select u.email, u.roles, a.action, a.object, a.level from users u join audit_events a on a.object = \'user:\' || u.id order by u.id');
    expect((rows as unknown as { rows: unknown[] }).rows).toEqual([{ email: 'root@example.org', roles: ['AU'], action: 'user.bootstrap', object: expect.stringMatching(/^user:\d+$/), level: 4 }]);
  });
});
