// Where the web app's pages are, for links the server writes into answers (report_url, BDIO
// names, `next`): BINLENS_PUBLIC_URL when set, else the address the request came to.
import type { FastifyRequest } from 'fastify';

/** The server's own address as the client reached it (BINLENS_TRUST_PROXY decides whether a proxy's headers count). */
export function originOf(request: FastifyRequest): string {
  return `${request.protocol}://${request.host}`;
}

/** `https://binlens.example.com/` and any origin → `https://binlens.example.com`; no public URL → the origin. */
export function siteUrl(publicUrl: string | undefined, origin: string): string {
  return publicUrl?.replace(/\/+$/, '') ?? origin;
}
