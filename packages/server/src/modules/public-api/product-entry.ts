// A scan as the public API's clients list and upload it (public-api.md §3.1, §2.2): the listing
// entry, and the upload answer, which adds the link to the product's page.
import type { ScanStatus } from '../../db/schema/index.ts';
import type { ProductEntry, UploadResult } from './ingest.schemas.ts';

/** What a product entry is made of: a scan row and its custom data. */
export interface ProductRecord {
  id: number;
  groupId: number;
  filename: string;
  sha1: string;
  status: ScanStatus;
  createdAt: Date;
  finishedAt: Date | null;
  binaryRemovedAt: Date | null;
  customData: Record<string, string>;
}

/** §2.4: clients know B, R and F, and wait on anything but R and F; this server's other busy codes answer B. */
export function productStatus(status: ScanStatus): ProductEntry['status'] {
  return status === 'R' || status === 'F' ? status : 'B';
}

export function toProductEntry(record: ProductRecord): ProductEntry {
  return {
    product_id: record.id,
    id: record.id,
    name: record.filename,
    filename: record.filename,
    sha1sum: record.sha1,
    status: productStatus(record.status),
    custom_data: record.customData,
    group_id: record.groupId,
    last_updated: (record.finishedAt ?? record.createdAt).toISOString(),
  };
}

/** The web app's page of a product: `<origin>/product/<id>`. */
export function reportUrl(origin: string, productId: number): string {
  return `${origin}/product/${productId}`;
}

export function toUploadResult(record: ProductRecord, origin: string): UploadResult {
  // A scan is evaluated on every read, so a new upload's result is never stale (§2.5).
  return { ...toProductEntry(record), report_url: reportUrl(origin, record.id), stale: false, 'rescan-possible': record.binaryRemovedAt === null };
}
