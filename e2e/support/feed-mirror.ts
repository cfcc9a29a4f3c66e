// A local mirror of the vulnerability feeds (node:http on 127.0.0.1, a free port), serving
// vulndb's own feed fixtures in each feed's official format at the paths the sync asks for
// (vulndb/src/sync/sync.ts), so a server pointed at it through BINLENS_<SOURCE>_URL syncs
// every source without reaching the internet. A journey can make one path fail (HTTP 500,
// an HTML page) or hold its download half-way to watch the sync's progress.
import { once } from 'node:events';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { officialFeedFiles, type FeedFile } from './feed-files.ts';

export type Failure = 'http-500' | 'html-page';

export interface FeedMirror {
  baseUrl: string;
  /** BINLENS_<SOURCE>_URL for every source, pointing here. */
  env: Record<string, string>;
  /** Every path asked for, with its query, in order. */
  requests: string[];
  /** From now on `path` answers this failure instead of its file. */
  fail: (path: string, failure: Failure) => void;
  /**
   * The next download of `path` sends its headers and half its bytes, then waits for
   * `release()`. `reached` resolves once that half has been sent.
   */
  hold: (path: string) => { reached: Promise<void>; release: () => void };
  close: () => Promise<void>;
}

interface Hold {
  reached: () => void;
  released: Promise<void>;
}

export async function startFeedMirror(): Promise<FeedMirror> {
  const files = await officialFeedFiles();
  const failures = new Map<string, Failure>();
  const holds = new Map<string, Hold>();
  const requests: string[] = [];
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    requests.push(`${url.pathname}${url.search}`);
    void answer(req, res, url.pathname).catch(() => res.destroy());
  });

  async function answer(_req: IncomingMessage, res: ServerResponse, path: string): Promise<void> {
    const failure = failures.get(path);
    if (failure === 'http-500') return void res.writeHead(500, { 'content-type': 'text/plain' }).end('Internal Server Error');
    if (failure === 'html-page') return void res.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><title>Sign in</title><h1>Please sign in</h1>');
    const file = files.get(path);
    if (!file) return void res.writeHead(404, { 'content-type': 'text/plain' }).end('Not Found');
    const hold = holds.get(path);
    holds.delete(path);
    if (!hold) return void res.writeHead(200, headers(file)).end(file.body);
    const half = Math.floor(file.body.length / 2);
    res.writeHead(200, headers(file));
    res.write(file.body.subarray(0, half), () => hold.reached());
    await hold.released;
    res.end(file.body.subarray(half));
  }

  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    baseUrl,
    env: {
      BINLENS_KEV_URL: `${baseUrl}/kev.json`,
      BINLENS_EPSS_URL: `${baseUrl}/epss.csv.gz`,
      BINLENS_DEBIAN_URL: `${baseUrl}/debian.json`,
      BINLENS_ALPINE_URL: `${baseUrl}/alpine`,
      BINLENS_UBUNTU_URL: `${baseUrl}/ubuntu/all.zip`,
      BINLENS_OSV_URL: `${baseUrl}/osv`,
      BINLENS_NVD_URL: `${baseUrl}/nvd`,
    },
    requests,
    fail: (path, failure) => void failures.set(path, failure),
    hold: (path) => {
      let reached: () => void = () => undefined;
      let release: () => void = () => undefined;
      const reachedPromise = new Promise<void>((done) => (reached = done));
      const released = new Promise<void>((done) => (release = done));
      holds.set(path, { reached, released });
      return { reached: reachedPromise, release };
    },
    close: async () => {
      server.closeAllConnections();
      server.close();
      await once(server, 'close');
    },
  };
}

function headers(file: FeedFile): Record<string, string> {
  return { 'content-type': file.contentType, 'content-length': String(file.body.length), 'last-modified': file.lastModified };
}
