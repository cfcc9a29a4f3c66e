// `binlens db push-bundle FILE --server URL`: uploads a bundle made by `db export-bundle` to
// a Binlens server (POST /rest/knowledge-base/bundles/) as an administrator, with their API
// key (Authorization: Bearer) or logged in with their e-mail and password, then waits until
// the server has imported it. The file is streamed, never read whole.
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { Readable } from 'node:stream';
import type { CliIo } from '../command.ts';

/** An administrator's API key, or their e-mail and password. */
export type PushCredentials = { readonly apiKey: string } | { readonly email: string; readonly password: string };

export interface PushOptions {
  readonly file: string;
  readonly server: string;
  readonly credentials: PushCredentials;
  /** Between two looks at the import's state; default 1 s. */
  readonly pollMs?: number;
}

interface BundleState {
  state: string;
  last_error: string | null;
}

/** Exit status: 0 imported, 1 refused, failed or unreachable. */
export async function pushBundle(options: PushOptions, io: CliIo): Promise<number> {
  const base = options.server.replace(/\/+$/, '');
  try {
    const session = 'apiKey' in options.credentials
      ? { headers: { authorization: `Bearer ${options.credentials.apiKey}` } }
      : await login(base, options.credentials.email, options.credentials.password, io.signal);
    const size = (await stat(options.file)).size;
    const upload = await send(`${base}/rest/knowledge-base/bundles/`, session, options.file, io.signal);
    if (upload.status !== 202) {
      io.stderr(`binlens: ${options.file}: the server refused the bundle (HTTP ${upload.status}): ${await reason(upload)}\n`);
      return 1;
    }
    io.stdout(`${options.file}: uploaded ${size} bytes to ${base}; importing\n`);
    for (;;) {
      const bundle = await bundleState(base, session, io.signal);
      if (bundle.state === 'ready') {
        io.stdout(`${options.file}: imported; the server's knowledge base is ready\n`);
        return 0;
      }
      if (bundle.state === 'failed') {
        io.stderr(`binlens: ${options.file}: the import failed: ${bundle.last_error ?? 'unknown error'}; the server keeps its data\n`);
        return 1;
      }
      await new Promise((resolve) => setTimeout(resolve, options.pollMs ?? 1000));
    }
  } catch (error) {
    if (io.signal?.aborted) throw error;
    const cause = (error as { cause?: { code?: string } }).cause?.code;
    io.stderr(`binlens: push-bundle: ${(error as Error).message}${cause ? ` (${cause})` : ''}\n`);
    return 1;
  }
}

/** What every request carries: the key, or the session's cookies and CSRF token. */
interface Session {
  headers: Record<string, string>;
}

async function login(base: string, email: string, password: string, signal?: AbortSignal): Promise<Session> {
  const response = await fetch(`${base}/rest/auth/login/`, {
    method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password }), ...(signal ? { signal } : {}),
  });
  if (response.status !== 200) throw new Error(`login to ${base} failed (HTTP ${response.status}): ${await reason(response)}`);
  const cookies = new Map(response.headers.getSetCookie().map((c) => {
    const [pair = ''] = c.split(';');
    const at = pair.indexOf('=');
    return [pair.slice(0, at), pair.slice(at + 1)] as const;
  }));
  const sessionid = cookies.get('sessionid');
  const csrf = cookies.get('csrftoken');
  if (!sessionid || !csrf) throw new Error(`login to ${base} set no session`);
  return { headers: { cookie: `sessionid=${sessionid}; csrftoken=${csrf}`, 'x-csrftoken': csrf } };
}

/** The bundle as multipart field `file`, streamed (chunked). */
function send(url: string, session: Session, file: string, signal?: AbortSignal): Promise<Response> {
  const boundary = `binlens-${crypto.randomUUID()}`;
  const name = file.split(/[\\/]/).at(-1) ?? 'bundle.tar';
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name.replace(/"/g, '')}"\r\nContent-Type: application/x-tar\r\n\r\n`);
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const body = Readable.from((async function* () {
    yield head;
    yield* createReadStream(file);
    yield tail;
  })());
  return fetch(url, {
    method: 'POST',
    headers: { ...session.headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
    body: Readable.toWeb(body) as ReadableStream<Uint8Array>,
    duplex: 'half',
    ...(signal ? { signal } : {}),
  } as RequestInit);
}

async function bundleState(base: string, session: Session, signal?: AbortSignal): Promise<BundleState> {
  const response = await fetch(`${base}/rest/knowledge-base/`, { headers: session.headers, ...(signal ? { signal } : {}) });
  if (response.status !== 200) throw new Error(`reading the import's state failed (HTTP ${response.status}): ${await reason(response)}`);
  return ((await response.json()) as { bundle: BundleState }).bundle;
}

/** The server's words: `{detail}` or `{field: [messages]}`. */
async function reason(response: Response): Promise<string> {
  const text = await response.text();
  try {
    const body = JSON.parse(text) as Record<string, unknown>;
    if (typeof body.detail === 'string') return body.detail;
    return Object.values(body).flat().map(String).join('; ');
  } catch {
    return text.slice(0, 200);
  }
}
