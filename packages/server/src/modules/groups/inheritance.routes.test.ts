import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES } from '../../../test/databases.ts';
import { startTestApp, type TestApp } from '../../../test/app.ts';
import { newSession, type TestSession } from '../../../test/login.ts';

// The company's membership_inheritance_enabled decides whether a role on a group covers its
// subgroups (groups/scope.ts); RU narrows any group role to viewing (groupPermissions).

const VIEW = ['view_appcheckgroup'];
const MEMBER = ['view_appcheckgroup', 'upload_application'];
const MANAGER = ['view_appcheckgroup', 'upload_application', 'change_appcheckgroup'];

describe.each(DATABASES)('membership inheritance and read-only users on %s', (kind) => {
  let t: TestApp;
  let admin: TestSession;
  let owner: TestSession;
  let parentMember: TestSession;
  let parentManager: TestSession;
  let childMember: TestSession;
  let parent: number;
  let child: number;

  beforeAll(async () => {
    t = await startTestApp(kind);
    admin = await newSession(t.app, t.database, ['AU']);
    owner = await newSession(t.app, t.database);
    parentMember = await newSession(t.app, t.database);
    parentManager = await newSession(t.app, t.database);
    childMember = await newSession(t.app, t.database);
    parent = await createGroup(owner, { name: 'Firmware' });
    child = await createGroup(owner, { name: 'Routers', parent });
    await addMember(parent, parentMember, 'GU');
    await addMember(parent, parentManager, 'M');
    // M on the parent and GU on the child: the highest role counts only while inheriting.
    await addMember(child, parentManager, 'GU');
    await addMember(child, childMember, 'GU');
  });
  afterAll(() => t.close());

  async function createGroup(session: TestSession, payload: object): Promise<number> {
    const response = await t.app.inject({ method: 'POST', url: '/rest/groups/', headers: session.headers, payload });
    if (response.statusCode !== 201) throw new Error(`create group: ${response.statusCode} ${response.body}`);
    return response.json<{ id: number }>().id;
  }
  async function addMember(group: number, session: TestSession, role: 'GU' | 'M') {
    const response = await t.app.inject({ method: 'POST', url: '/rest/group-memberships/', headers: owner.headers, payload: { group_id: group, user_id: session.userId, role } });
    if (response.statusCode !== 201) throw new Error(`add member: ${response.statusCode} ${response.body}`);
  }
  const setInheritance = async (enabled: boolean) => {
    const response = await t.app.inject({ method: 'PATCH', url: '/rest/settings/company/', headers: admin.headers, payload: { membership_inheritance_enabled: enabled } });
    expect(response.statusCode).toBe(200);
  };
  /** Status and permissions of GET /rest/groups/{id}/. */
  const read = async (session: TestSession, id: number) => {
    const response = await t.app.inject({ method: 'GET', url: `/rest/groups/${id}/`, headers: session.headers });
    return [response.statusCode, response.statusCode === 200 ? response.json<{ user_permissions: string[] }>().user_permissions : response.json()];
  };
  const listed = async (session: TestSession) => {
    const response = await t.app.inject({ method: 'GET', url: '/rest/groups/?limit=500', headers: session.headers });
    return response.json<{ results: { id: number }[] }>().results.map((group) => group.id).filter((id) => id === parent || id === child);
  };

  it('with inheritance on (the default), a role on the parent covers the child, the highest role counting', async () => {
    expect(await read(parentMember, child)).toEqual([200, MEMBER]);
    expect(await read(parentManager, child)).toEqual([200, MANAGER]);
    expect(await read(childMember, child)).toEqual([200, MEMBER]);
    expect(await read(childMember, parent)).toEqual([404, { detail: 'Not found.' }]);
    expect(await listed(parentMember)).toEqual([parent, child]);
  });

  it('with inheritance off, only a direct membership counts, for visibility and for the role', async () => {
    await setInheritance(false);
    try {
      expect(await read(parentMember, child)).toEqual([404, { detail: 'Not found.' }]);
      expect(await read(parentMember, parent)).toEqual([200, MEMBER]);
      expect(await read(parentManager, child)).toEqual([200, MEMBER]);
      expect(await read(childMember, child)).toEqual([200, MEMBER]);
      expect(await listed(parentMember)).toEqual([parent]);
      const customData = await t.app.inject({ method: 'GET', url: `/rest/groups/${child}/custom_data/`, headers: parentMember.headers });
      expect(customData.statusCode).toBe(404);
      expect(await read(admin, child)).toEqual([200, MANAGER]);
    } finally {
      await setInheritance(true);
    }
    expect(await read(parentMember, child)).toEqual([200, MEMBER]);
  });

  it('gives a read-only user (RU) view permission only, even as the manager of a group', async () => {
    const readOnly = await newSession(t.app, t.database, ['RU', 'U']);
    const own = await createGroup(readOnly, { name: 'Read-only' });
    expect(await read(readOnly, own)).toEqual([200, VIEW]);
    const patch = await t.app.inject({ method: 'PATCH', url: `/rest/groups/${own}/`, headers: readOnly.headers, payload: { description: 'changed' } });
    expect([patch.statusCode, patch.json()]).toEqual([403, { detail: 'You do not have permission to perform this action.' }]);
    const upload = await t.app.inject({
      method: 'POST',
      url: `/rest/groups/${own}/upload/`,
      headers: { ...readOnly.headers, 'content-type': 'multipart/form-data; boundary=x' },
      payload: '--x\r\nContent-Disposition: form-data; name="file"; filename="a.bin"\r\n\r\nabc\r\n--x--\r\n',
    });
    expect(upload.statusCode).toBe(403);
  });
});
