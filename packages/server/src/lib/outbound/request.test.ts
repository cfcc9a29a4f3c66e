import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AllowedNetwork } from './guard.ts';
import { OutboundFailedError, OutboundRefusedError, outboundRequest, type OutboundRequest, OutboundTooLargeError } from './request.ts';

interface Seen {
  url: string | undefined;
  authorization: string | undefined;
  token: string | undefined;
}

/** A server on a loopback address recording what reaches it; `routes` answer by path. */
async function serve(host: string, routes: Record<string, (response: http.ServerResponse) => void>) {
  const seen: Seen[] = [];
  const server = http.createServer((request, response) => {
    seen.push({ url: request.url, authorization: request.headers.authorization, token: request.headers['x-token'] as string | undefined });
    const route = routes[request.url ?? ''];
    if (route) route(response);
    else response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  const { port } = server.address() as AddressInfo;
  return { origin: `http://${host}:${port}`, seen, close: () => new Promise((resolve) => server.close(resolve)) };
}

const LOOPBACK: AllowedNetwork[] = [{ family: 'ipv4', address: '127.0.0.0', prefix: 8 }];

describe('outboundRequest', () => {
  let a: Awaited<ReturnType<typeof serve>>;
  let b: Awaited<ReturnType<typeof serve>>;
  const request = (url: string, extra: Partial<OutboundRequest> = {}) =>
    outboundRequest({ url, allowed: LOOPBACK, maxBytes: 1024, timeoutMs: 30_000, idleMs: 30_000, maxRedirects: 5, ...extra });

  beforeAll(async () => {
    b = await serve('127.0.0.2', { '/file': (response) => response.end('from b') });
    a = await serve('127.0.0.1', {
      '/file': (response) => response.end('from a'),
      '/same-origin': (response) => response.writeHead(302, { location: '/file' }).end(),
      '/other-origin': (response) => response.writeHead(301, { location: `${b.origin}/file` }).end(),
      '/loop': (response) => response.writeHead(307, { location: '/loop' }).end(),
      '/to-ftp': (response) => response.writeHead(302, { location: 'ftp://127.0.0.1/file' }).end(),
      '/big': (response) => response.end(Buffer.alloc(2048)),
      // No Content-Length: chunked, found too large while it streams.
      '/endless': (response) => {
        response.writeHead(200).write(Buffer.alloc(1000));
        response.end(Buffer.alloc(1000));
      },
      // Headers, then silence: the idle limit ends it.
      '/stall': (response) => response.writeHead(200).write('x'),
    });
  });
  afterAll(async () => {
    await a.close();
    await b.close();
  });

  it('keeps credentials on a redirect within the origin and drops them for another origin', async () => {
    const same = await request(`http://user:pw@127.0.0.1:${new URL(a.origin).port}/same-origin`, { headers: { 'x-token': 't1' } });
    expect(await text(same.body)).toBe('from a');
    expect(same.url).toBe(`${a.origin}/file`);
    expect(a.seen.slice(-2)).toEqual([
      { url: '/same-origin', authorization: `Basic ${Buffer.from('user:pw').toString('base64')}`, token: 't1' },
      { url: '/file', authorization: `Basic ${Buffer.from('user:pw').toString('base64')}`, token: 't1' },
    ]);

    const other = await request(`http://user:pw@127.0.0.1:${new URL(a.origin).port}/other-origin`, { headers: { 'x-token': 't2', authorization: 'Bearer t3' } });
    expect(await text(other.body)).toBe('from b');
    expect(b.seen.at(-1)).toEqual({ url: '/file', authorization: undefined, token: undefined });
  });

  it('stops after the redirect limit and refuses a redirect to another scheme', async () => {
    await expect(request(`${a.origin}/loop`, { maxRedirects: 3 })).rejects.toThrow(new OutboundFailedError('The server redirected more than 3 times.'));
    await expect(request(`${a.origin}/to-ftp`)).rejects.toThrow(
      new OutboundRefusedError('Only http and https URLs can be fetched; the server redirected to one that is not.'),
    );
  });

  it('answers a redirect as it is when redirects are off (webhooks)', async () => {
    const response = await request(`${a.origin}/same-origin`, { maxRedirects: 0 });
    response.body.resume();
    expect([response.status, response.headers.location]).toEqual([302, '/file']);
  });

  it('fails a body past the limit and a server that stops sending', async () => {
    await expect(request(`${a.origin}/big`)).rejects.toThrow(new OutboundTooLargeError(1024));
    const endless = await request(`${a.origin}/endless`);
    expect(endless.contentLength).toBeNull();
    await expect(text(endless.body)).rejects.toThrow(new OutboundTooLargeError(1024));
    const stalled = await request(`${a.origin}/stall`, { idleMs: 200 });
    await expect(text(stalled.body)).rejects.toThrow(new OutboundFailedError('The server sent nothing for 200 ms.'));
  });

  it('refuses 127.0.0.2 when only 127.0.0.1 is allowed, before connecting', async () => {
    const before = b.seen.length;
    await expect(request(`${b.origin}/file`, { allowed: [{ family: 'ipv4', address: '127.0.0.1', prefix: 32 }] })).rejects.toThrow(
      'The address 127.0.0.2 is a loopback address;',
    );
    expect(b.seen.length).toBe(before);
  });
});
