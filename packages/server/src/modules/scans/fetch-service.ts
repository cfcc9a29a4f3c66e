import { isIP } from 'node:net';
import { AppError } from '../../lib/errors.ts';
import { addressGuard, type AllowedNetwork, OutboundRefusedError } from '../../lib/outbound/guard.ts';
import { parseTarget } from '../../lib/outbound/request.ts';
import type { AuditedChange } from '../audit/audited.ts';
import type { Viewer } from '../users/viewer.ts';
import type { ScanFetchRepository } from './fetch-repository.ts';
import type { ScanFetchBody } from './fetch.schemas.ts';
import type { Scan } from './schemas.ts';

export interface ScanFetchService {
  /** Creates the scan (busy, downloading) in a group the route guard found the viewer may upload to, and queues its download. */
  request(viewer: Viewer, body: ScanFetchBody, options?: FetchOptions): Promise<Scan>;
}

/** What the public API's fetch adds to a fetch request. */
export interface FetchOptions {
  /** Remove the file once its scan has finished (Delete-Binary). */
  deleteBinary?: boolean;
  /** A URL the scan's end is announced to, as a group's webhook is (Callback). */
  callback?: string;
}

export interface ScanFetchServiceDeps {
  fetches: ScanFetchRepository;
  /** The scans service's quota check and read of the new scan. */
  scans: { assertCanUpload(viewer: Viewer): Promise<void>; get(viewer: Viewer, id: number): Promise<Scan> };
  allowedNetworks: () => Promise<AllowedNetwork[]>;
  enqueueFetch: (scanId: number, options?: FetchOptions) => Promise<void>;
  change: AuditedChange<{ fetches: ScanFetchRepository }>;
}

// RFC 9110 token: the characters a header name may hold, e.g. "X-Api-Key".
const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
// A header value: visible ASCII, spaces and tabs, e.g. "Bearer abc.def" (no CR, LF or NUL).
const HEADER_VALUE = /^[\t\x20-\x7e\x80-\xff]*$/;
// Set by the client itself, or meaningful for one connection only (RFC 9110 §7.6.1).
const FORBIDDEN_HEADERS = new Set([
  'host', 'connection', 'keep-alive', 'proxy-connection', 'proxy-authorization', 'proxy-authenticate', 'te', 'trailer',
  'transfer-encoding', 'upgrade', 'content-length', 'expect',
]);
// A custom-data key as the scans' custom data takes it, e.g. "RELEASE_2".
const CUSTOM_DATA_KEY = /^[A-Z0-9_]{1,64}$/;

export function createScanFetchService(deps: ScanFetchServiceDeps): ScanFetchService {
  return {
    async request(viewer, body, options = {}) {
      const url = targetOf(body.external_reference);
      const headers = checkedHeaders(body.additional_headers ?? {});
      const customData = checkedCustomData(body.custom_data ?? {});
      // An IP literal can be judged now; a name is judged where the download connects.
      const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
      if (isIP(host)) {
        try {
          addressGuard(await deps.allowedNetworks())(host, host);
        } catch (error) {
          if (error instanceof OutboundRefusedError) throw new AppError('fetch_url_refused', error.message);
          throw error;
        }
      }
      await deps.scans.assertCanUpload(viewer);
      // The audit log keeps where from, never user:password@ or a query that may hold a signed token.
      const shown = `${url.origin}${url.pathname}`;
      const scanId = await deps.change(
        (tx) => tx.fetches.create({ groupId: body.group, url: url.toString(), filename: nameFromUrl(url), headers, customData, createdBy: viewer.userId }),
        (id) => ({ actorId: viewer.userId, action: 'scan.fetch', object: `scan:${id}`, level: 2, details: { group: body.group, url: shown, headers: Object.keys(headers) } }),
      );
      try {
        await deps.enqueueFetch(scanId, options);
      } catch (error) {
        await deps.fetches.fail(scanId, 'The download could not be queued. Please request the fetch again.');
        throw error;
      }
      return deps.scans.get(viewer, scanId);
    },
  };
}

/** The last segment of the URL's path (`https://h/fw/image.bin?x` → image.bin), else the host. */
export function nameFromUrl(url: URL): string {
  const segment = url.pathname.split('/').filter(Boolean).pop() ?? '';
  let name = segment;
  try {
    name = decodeURIComponent(segment);
  } catch {
    // A malformed escape is shown as written.
  }
  return safeFileName(name) || url.hostname || 'download';
}

/** A name a server sent, kept printable and without path separators: `../x\ny` → `.._x_y`. */
export function safeFileName(name: string): string {
  // Control characters are exactly what this removes.
  // eslint-disable-next-line no-control-regex
  return name.replace(/[\x00-\x1f\x7f/\\]/g, '_').trim().slice(0, 255);
}

function targetOf(text: string): URL {
  try {
    return parseTarget(text.trim());
  } catch (error) {
    throw new AppError('fetch_url_invalid', error instanceof Error ? error.message : undefined);
  }
}

function checkedHeaders(headers: Record<string, string>): Record<string, string> {
  const checked: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (!HEADER_NAME.test(name)) throw new AppError('fetch_header_invalid', `"${name.slice(0, 64)}" is not a valid header name.`);
    const lower = name.toLowerCase();
    if (FORBIDDEN_HEADERS.has(lower) || lower.startsWith('proxy-')) throw new AppError('fetch_header_invalid', `The header ${name} cannot be set.`);
    if (!HEADER_VALUE.test(value)) throw new AppError('fetch_header_invalid', `The value of ${name} holds characters a header cannot carry.`);
    if (lower in checked) throw new AppError('fetch_header_invalid', `The header ${name} is given twice.`);
    checked[lower] = value.trim();
  }
  return checked;
}

function checkedCustomData(data: Record<string, string>): Record<string, string> {
  const checked: Record<string, string> = {};
  for (const [rawKey, value] of Object.entries(data)) {
    const key = rawKey.trim().toUpperCase();
    if (!CUSTOM_DATA_KEY.test(key)) throw new AppError('fetch_custom_data_invalid', `"${rawKey.slice(0, 64)}": use only letters A-Z, digits 0-9 and _ in keys (letters are upper-cased).`);
    if (key in checked) throw new AppError('fetch_custom_data_invalid', `The key ${key} is given twice.`);
    checked[key] = value.trim();
  }
  return checked;
}
