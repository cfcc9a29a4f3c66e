// PUT /api/upload/{filename} and POST /api/fetch/ of the public API (public-api.md §2.2, §2.3):
// the headers CI clients send read into one typed request, the target group and the product to
// replace checked before a byte is stored, then the scans' own upload or fetch does the work.
import { isIP } from 'node:net';
import type { ScopeResolver } from '../../lib/access.ts';
import { addressGuard, type AllowedNetwork, OutboundRefusedError } from '../../lib/outbound/guard.ts';
import { parseTarget } from '../../lib/outbound/request.ts';
import { AppError } from '../../lib/errors.ts';
import { MAX_CUSTOM_DATA_VALUE } from '../groups/custom-data-schemas.ts';
import type { ScanFetchService } from '../scans/fetch-service.ts';
import type { ScansService, UploadedFile } from '../scans/service.ts';
import type { Viewer } from '../users/viewer.ts';
import type { AppsRepository } from './apps-query.ts';
import type { UploadResult } from './ingest.schemas.ts';
import { metaHeaders } from './meta-headers.ts';
import { siteUrl } from '../../lib/site-url.ts';
import { type ProductRecord, toUploadResult } from './product-entry.ts';

type Headers = Readonly<Record<string, string | string[] | undefined>>;

/** What the upload and fetch headers ask for. */
export interface IngestRequest {
  groupId: number;
  /** Replace: the product whose file is replaced, keeping its id. */
  replaceId: number | undefined;
  /** META-* headers and Version (as VERSION); an empty value removes a key. */
  customData: Map<string, string>;
  /** Delete-Binary: remove the file once its scan has finished. */
  deleteBinary: boolean;
  /** Force-Scan: scan even when the company reuses the scan of the same bytes. */
  force: boolean;
  /** Callback: the http or https URL the scan's end is announced to (checked by checkTarget). */
  callback: string | undefined;
}

/** The longest file name the clients send (they truncate to it: public-api.md §2.8). */
export const MAX_API_FILENAME = 241;
/** The longest product name. */
export const MAX_API_NAME = 255;

export function readIngestHeaders(headers: Headers): IngestRequest {
  const group = single(headers.group);
  if (group === undefined || group.trim() === '') throw new AppError('api_group_header_missing');
  const groupId = wholeNumber(group);
  if (groupId === undefined) throw new AppError('api_group_header_invalid');
  const replace = single(headers.replace)?.trim();
  const replaceId = replace ? wholeNumber(replace) : undefined;
  if (replace && replaceId === undefined) throw new AppError('api_replace_invalid');
  const customData = metaHeaders(headers);
  const version = single(headers.version)?.trim();
  if (version !== undefined && version !== '') {
    if (version.length > MAX_CUSTOM_DATA_VALUE) throw new AppError('api_header_invalid', 'The Version header holds at most 10,000 characters.');
    customData.set('VERSION', version);
  }
  const callback = single(headers.callback)?.trim() || undefined;
  if (callback !== undefined && callback.length > 2048) throw new AppError('api_header_invalid', 'The Callback header holds a URL of at most 2,048 characters.');
  return { groupId, replaceId, customData, deleteBinary: booleanHeader(headers, 'Delete-Binary'), force: booleanHeader(headers, 'Force-Scan'), callback };
}

/** The file name of PUT /api/upload/{filename}, already URL-decoded by the router, checked against the clients' limits. */
export function checkedFilename(name: string): string {
  if (name.trim() === '') throw new AppError('api_filename_blank');
  if (name.length > MAX_API_NAME) throw new AppError('api_name_too_long');
  if (name.length > MAX_API_FILENAME) throw new AppError('api_filename_too_long');
  return name;
}

export interface PublicUploadService {
  /**
   * Refuses, before the body is read, a group the viewer cannot see (404) or upload to (403), a
   * Replace naming a product of another group and a Callback the SSRF guard refuses; the request with its Callback normalised.
   */
  checkTarget(viewer: Viewer, request: IngestRequest): Promise<IngestRequest>;
  /** Stores the file and starts its scan; `replaced` when Replace named the product, `reused` when an earlier scan of the same bytes answers. */
  upload(viewer: Viewer, request: IngestRequest, file: UploadedFile, origin: string): Promise<{ result: UploadResult; replaced: boolean; reused: boolean }>;
  /** Has the server download the file at `url` (the fetch service's SSRF guard applies), sending `headers` with the download. */
  fetch(viewer: Viewer, request: IngestRequest, url: string, headers: Record<string, string>, origin: string): Promise<UploadResult>;
}

export interface PublicUploadServiceDeps {
  access: ScopeResolver;
  scans: Pick<ScansService, 'upload' | 'replaceBinary'>;
  scanFetch: Pick<ScanFetchService, 'request'>;
  products: Pick<AppsRepository, 'find'>;
  /** The networks the SSRF guard allows besides public addresses (modules/outbound-networks). */
  allowedNetworks: () => Promise<AllowedNetwork[]>;
  /** Queues the Callback announcement of a scan that already exists (a reused one): jobs/webhook.ts. */
  announce: (scanId: number, callback: string) => Promise<void>;
  /** BINLENS_PUBLIC_URL, when set: report_url names the product's page there rather than at the address the request came to. */
  publicUrl?: string | undefined;
}

export function createPublicUploadService(deps: PublicUploadServiceDeps): PublicUploadService {
  const siteOf = (origin: string) => siteUrl(deps.publicUrl, origin);
  const productOf = async (id: number): Promise<ProductRecord> => {
    const [record] = await deps.products.find([id]);
    if (!record) throw new AppError('not_found');
    return record;
  };

  const checkTarget = async (viewer: Viewer, request: IngestRequest): Promise<IngestRequest> => {
    const group = await deps.access.resolve(viewer, { group: request.groupId });
    if (!group) throw new AppError('not_found', `Group ${request.groupId} was not found.`);
    if (!group.permissions.includes('upload_application')) throw new AppError('forbidden', `You may not upload to group ${request.groupId}.`);
    if (request.replaceId !== undefined) {
      const product = await deps.access.resolve(viewer, { scan: request.replaceId });
      if (!product) throw new AppError('api_replace_not_found');
      if (product.groupId !== request.groupId) throw new AppError('api_replace_other_group');
    }
    return request.callback === undefined ? request : { ...request, callback: await checkedCallback(request.callback, deps.allowedNetworks) };
  };

  return {
    checkTarget,

    async upload(viewer, request, file, origin) {
      const options = { customData: request.customData, deleteBinary: request.deleteBinary, ...(request.callback ? { callback: request.callback } : {}) };
      if (request.replaceId !== undefined) {
        const scan = await deps.scans.replaceBinary(viewer, request.replaceId, file, options);
        return { result: toUploadResult(await productOf(scan.id), siteOf(origin)), replaced: true, reused: false };
      }
      const scan = await deps.scans.upload(viewer, request.groupId, file, { ...options, force: request.force });
      // A reused scan runs no job to announce its end: it is announced now (when still busy, the delivery finds nothing to say).
      if (scan.reused && request.callback) await deps.announce(scan.id, request.callback);
      return { result: toUploadResult(await productOf(scan.id), siteOf(origin)), replaced: false, reused: scan.reused === true };
    },

    async fetch(viewer, request, url, headers, origin) {
      // A fetch makes a new product; its download job has no way to put the bytes into an existing one.
      if (request.replaceId !== undefined) throw new AppError('api_header_invalid', 'Replace is not supported by /api/fetch/: upload the file with PUT /api/upload/ and Replace instead.');
      const checked = await checkTarget(viewer, request);
      const customData = Object.fromEntries([...request.customData].filter(([, value]) => value !== ''));
      const scan = await deps.scanFetch.request(
        viewer,
        { external_reference: url, group: request.groupId, custom_data: customData, additional_headers: headers },
        { deleteBinary: checked.deleteBinary, ...(checked.callback ? { callback: checked.callback } : {}) },
      );
      return toUploadResult(await productOf(scan.id), siteOf(origin));
    },
  };
}

/**
 * The Callback URL as the webhook settings check one: http or https, and an IP literal judged by
 * the SSRF guard now (a name is judged where the delivery connects).
 */
async function checkedCallback(text: string, allowedNetworks: () => Promise<AllowedNetwork[]>): Promise<string> {
  let url: URL;
  try {
    url = parseTarget(text);
  } catch (error) {
    throw new AppError('api_header_invalid', `The Callback header: ${error instanceof Error ? error.message : 'enter a valid http or https URL.'}`);
  }
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  if (isIP(host)) {
    try {
      addressGuard(await allowedNetworks())(host, host);
    } catch (error) {
      if (error instanceof OutboundRefusedError) throw new AppError('api_header_invalid', `The Callback header: ${error.message}`);
      throw error;
    }
  }
  return url.toString();
}

function single(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value.at(-1) : value;
}

/** "12" → 12; anything else (including "12abc", "0", "-1") undefined. */
function wholeNumber(text: string): number | undefined {
  const trimmed = text.trim();
  if (!/^[0-9]{1,10}$/.test(trimmed)) return undefined;
  const value = Number(trimmed);
  return value >= 1 && value <= 2147483647 ? value : undefined;
}

/** true/false (any case, also 1/0 and yes/no); absent is false. */
function booleanHeader(headers: Headers, name: string): boolean {
  const value = single(headers[name.toLowerCase()])?.trim().toLowerCase();
  if (value === undefined || value === '') return false;
  if (['true', '1', 'yes'].includes(value)) return true;
  if (['false', '0', 'no'].includes(value)) return false;
  throw new AppError('api_header_invalid', `The ${name} header takes true or false.`);
}
