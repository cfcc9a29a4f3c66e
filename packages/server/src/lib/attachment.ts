// Every download the server answers (SBOMs, VEX, reports, the portable scan file) is named the
// same way: quoted for ASCII clients, and in full as RFC 8187 UTF-8 for the rest.
import type { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';

export interface Attachment {
  body: string | Buffer | Readable;
  mediaType: string;
  fileName: string;
}

/** `fw "é".bin` → `attachment; filename="fw ___.bin"; filename*=UTF-8''fw%20%22%C3%A9%22.bin` */
export function contentDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

export function sendAttachment(reply: FastifyReply, attachment: Attachment): FastifyReply {
  // Fastify names the charset of JSON types itself, an XML document in its declaration; a text
  // type (CSV, SPDX tag-value) has no default worth trusting, so it is named here.
  const type = attachment.mediaType.startsWith('text/') && !attachment.mediaType.includes('charset')
    ? `${attachment.mediaType}; charset=utf-8`
    : attachment.mediaType;
  // A stream is sent as it comes, never through the response schema (which documents the body).
  return reply.type(type).header('Content-Disposition', contentDisposition(attachment.fileName)).send(attachment.body as never);
}
