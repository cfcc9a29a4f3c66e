// A minimal API client for tests: cookie session + CSRF header, as a script would use it.
import { readFile } from 'node:fs/promises';
import { basename } from 'node:path';

export class ApiSession {
  private cookies = new Map<string, string>();
  private readonly baseUrl: string;

  constructor(baseUrl: string) {
    this.baseUrl = baseUrl;
  }

  async login(email: string, password: string): Promise<Response> {
    return this.request('POST', '/rest/auth/login/', { email, password });
  }

  /** The session cookie, and the CSRF token for an unsafe method: for requests made by hand. */
  headersFor(method: string): Record<string, string> {
    const headers: Record<string, string> = { cookie: this.cookieHeader() };
    const csrf = this.cookies.get('csrftoken');
    if (csrf && method !== 'GET') headers['x-csrftoken'] = csrf;
    return headers;
  }

  async request(method: string, path: string, body?: unknown): Promise<Response> {
    const headers = this.headersFor(method);
    let payload: FormData | string | undefined;
    if (body instanceof FormData) payload = body;
    else if (body !== undefined) {
      headers['content-type'] = 'application/json';
      payload = JSON.stringify(body);
    }
    const response = await fetch(this.baseUrl + path, { method, headers, body: payload });
    this.remember(response);
    return response;
  }

  async json<T>(method: string, path: string, body?: unknown): Promise<T> {
    const response = await this.request(method, path, body);
    if (!response.ok) throw new Error(`${method} ${path} → ${response.status}: ${await response.text()}`);
    return (await response.json()) as T;
  }

  async upload(groupId: number, file: string): Promise<{ id: number; status: string }> {
    const form = new FormData();
    form.append('file', new Blob([await readFile(file)]), basename(file));
    return this.json('POST', `/rest/groups/${groupId}/upload/`, form);
  }

  /** Polls the scan every 3 s while busy, as the web app does, and returns its final state. */
  async waitForScan(scanId: number, timeoutMs = 120_000): Promise<{ status: string; error: string | null }> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const scan = await this.json<{ status: string; error: string | null }>('GET', `/rest/scans/${scanId}/`);
      if (!['B', 'S', 'P', 'D'].includes(scan.status)) return scan;
      if (Date.now() > deadline) throw new Error(`scan ${scanId} still ${scan.status} after ${timeoutMs} ms`);
      await new Promise((done) => setTimeout(done, 3000));
    }
  }

  private cookieHeader(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  private remember(response: Response): void {
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const eq = pair.indexOf('=');
      if (eq > 0) this.cookies.set(pair.slice(0, eq).trim(), pair.slice(eq + 1).trim());
    }
  }
}
