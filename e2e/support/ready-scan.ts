import { ApiSession } from './api-session.ts';
import type { RunningServer } from './server-process.ts';

/**
 * Signs in to the API as the server's administrator, uploads `bytes` as `fileName` into a new
 * group and waits until its scan is ready; throws when it ends otherwise.
 */
export async function readyScan(server: RunningServer, groupName: string, fileName: string, bytes: Buffer): Promise<{ api: ApiSession; scanId: number }> {
  const api = new ApiSession(server.baseUrl);
  const login = await api.login(server.adminEmail, server.adminPassword);
  if (login.status !== 200) throw new Error(`sign-in answered ${login.status}`);
  const group = await api.json<{ id: number }>('POST', '/rest/groups/', { name: groupName });
  const form = new FormData();
  form.append('file', new Blob([bytes]), fileName);
  const scan = await api.json<{ id: number }>('POST', `/rest/groups/${group.id}/upload/`, form);
  const done = await api.waitForScan(scan.id);
  if (done.status !== 'R') throw new Error(`scan of ${fileName} ended ${done.status}: ${done.error ?? ''}`);
  return { api, scanId: scan.id };
}
