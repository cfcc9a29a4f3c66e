// `{id}` in /api/product/{id}/...: CI clients name a product by its numeric id or by the SHA1
// of its file (public-api.md §2.2: the Jenkins plugin's scanResult(sha1sum), the AppCheck
// client's look-up before an upload). A SHA1 is turned into the id of the newest scan of that
// file the caller may see before validation, so the route's integer scope and the guard
// decide the rest as for any scan route; nothing visible answers 404 as an unknown id does.
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { AppError } from '../../lib/errors.ts';
import type { Viewer } from '../users/viewer.ts';

/** 40 hex digits in either case, e.g. `b183f06cf971a6941d10c53947c99c98ae816cea`. */
const SHA1 = /^[0-9a-f]{40}$/i;

/** The id a route reads after `productRef` ran: always the scan's integer id. */
export const ProductParams = Type.Object({
  id: Type.Integer({ minimum: 1, maximum: 2147483647, description: "The product's (scan's) id, or the SHA1 of its file (40 hex digits, any case): the newest such scan the caller sees." }),
});

/** The newest scan of the file with this lower-case SHA1 the viewer sees. */
export type ProductBySha1 = (viewer: Viewer, sha1: string) => Promise<number | undefined>;

export function isSha1(ref: string): boolean {
  return SHA1.test(ref);
}

/**
 * A `preValidation` hook for routes with `:id` in /api/product/: a SHA1 there becomes the id
 * of the newest visible scan of that file; a number is left to the schema. Auth has run
 * (onRequest), so a SHA1 without a caller answers 401 as the guard would.
 */
export function productRef(bySha1: ProductBySha1): (request: FastifyRequest) => Promise<void> {
  return async (request) => {
    const params = request.params as Record<string, unknown>;
    const ref = params.id;
    if (typeof ref !== 'string' || !isSha1(ref)) return;
    if (!request.viewer) throw new AppError('not_authenticated');
    const id = await bySha1(request.viewer, ref.toLowerCase());
    if (id === undefined) throw new AppError('not_found');
    params.id = String(id);
  };
}
