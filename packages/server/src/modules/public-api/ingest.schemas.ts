// Schemas of the public /api/ ingest routes (public-api.md §2.2–2.5, §2.7, §3.1): upload, fetch,
// the apps listing, groups and status. Header parameters are documented here and read by the
// routes themselves, so that a missing Group answers the clients' own message.
import { type Static, Type } from 'typebox';
import { ApiMeta, Enveloped } from '../../lib/api-envelope.ts';
import { Id, Text } from '../../lib/schemas.ts';
import { ScanStatistics } from '../scans/statistics.ts';

/** §2.4: B busy, R ready, F failed (this server's other busy codes answer B: clients wait on anything but R and F). */
const ProductStatus = Type.Union([Type.Literal('B'), Type.Literal('R'), Type.Literal('F')]);

/** §3.1: one product of the apps listing, with the fields a result (§3.2) shares. */
export const ProductEntry = Type.Object({
  product_id: Type.Integer(),
  id: Type.Integer({ description: 'The same as product_id.' }),
  name: Type.String(),
  filename: Type.String(),
  sha1sum: Type.String({ description: 'SHA-1 of the uploaded file; empty while a fetch has not downloaded it.' }),
  status: ProductStatus,
  custom_data: Type.Record(Type.String(), Type.String()),
  group_id: Type.Integer(),
  last_updated: Type.String({ format: 'date-time', description: 'When the scan last finished, else when it was made.' }),
}, { title: 'ApiProductEntry' });
export type ProductEntry = Static<typeof ProductEntry>;

export const UploadResult = Type.Object({
  ...ProductEntry.properties,
  report_url: Type.String({ description: "The product's page in the web app, e.g. https://binlens.example.com/product/12" }),
  stale: Type.Boolean({ description: 'Whether a rescan could give other results (public-api.md §2.5); results are evaluated on every read, so false.' }),
  'rescan-possible': Type.Boolean({ description: 'Whether the uploaded file is still stored, so a rescan is possible.' }),
}, { title: 'ApiUploadResult' });
export type UploadResult = Static<typeof UploadResult>;

export const UploadResponse = Enveloped(UploadResult, 'ApiUploadResponse');
export const ReplacedResponse = Type.Object({ meta: ApiMeta, message: Type.String() }, { title: 'ApiReplacedResponse' });

export const UploadParams = Type.Object({ filename: Type.String({ minLength: 1, maxLength: 4096, description: 'The file name, URL-encoded.' }) });

const Header = (description: string) => Type.Optional(Type.String({ description }));
const UPLOAD_HEADER_DOCS = {
  group: Header('Required: the id of the group the product goes into (upload_application there).'),
  replace: Header('A product id of the same group: its file is replaced and it is scanned again, keeping its id (answer 201 with only a message).'),
  version: Header('A version label, stored as the custom data key VERSION.'),
  'delete-binary': Header('true or false: remove the uploaded file once its scan has finished.'),
  'force-scan': Header('true or false: scan even when the company reuses the scan of the same bytes.'),
  callback: Header('An http or https URL: when the scan has finished, it is POSTed the summary a group\'s webhook gets (unsigned), under the SSRF guard and with the webhook\'s retries.'),
  'scan-infoleak': Header('Accepted and not used: the infoleak pass has no per-scan switch.'),
  'code-analysis': Header('Accepted and not used: code analysis has no per-scan switch.'),
  'scan-code-familiarity': Header('Accepted and not used.'),
};
/** Documents the headers; `META-<KEY>: value` headers (any number) set custom data KEY, `-` read as `_`. */
export const UploadHeaders = Type.Object(UPLOAD_HEADER_DOCS);
export const FetchHeaders = Type.Object({
  url: Header('Required: the http or https URL to download the file from (SSRF guard: loopback and private addresses only when an administrator allowed their network).'),
  'custom-header': Header('Repeatable "Name: value": a header sent with the download, e.g. "Authorization: Bearer …".'),
  ...UPLOAD_HEADER_DOCS,
});

export const AppsQuery = Type.Object({
  q: Type.Optional(Text({ maxLength: 2000, description: 'Space-separated terms, all of which must match: meta:KEY=VALUE (custom data KEY holding VALUE, any case), file:NAME (file name holding NAME), other words (name holding them).' })),
  after: Type.Optional(Type.Integer({ minimum: 0, maximum: 2147483647, description: 'Paging cursor from `next`: products with a smaller id.' })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 500, default: 100 })),
});
export type AppsQuery = Static<typeof AppsQuery>;
export const AppsGroupParams = Type.Object({ group_id: Id });

export const AppsResponse = Type.Object({
  meta: ApiMeta,
  products: Type.Array(ProductEntry),
  next: Type.Optional(Type.String({ description: 'The absolute URL of the next page; absent on the last.' })),
}, { title: 'ApiAppsResponse' });
export type AppsResponse = Static<typeof AppsResponse>;

export const ApiGroup = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  description: Type.String(),
  parent: Type.Union([Type.Integer(), Type.Null()]),
  user_permissions: Type.Array(Type.String()),
}, { title: 'ApiGroup' });
export type ApiGroup = Static<typeof ApiGroup>;
export const ApiGroupsResponse = Type.Object({ meta: ApiMeta, groups: Type.Array(ApiGroup) }, { title: 'ApiGroupsResponse' });

const Effective = <T extends ReturnType<typeof Type.Boolean> | ReturnType<typeof Type.Integer>>(value: T) => Type.Union([value, Type.Null()]);
export const ApiGroupDetails = Type.Object({
  ...ApiGroup.properties,
  custom_data: Type.Record(Type.String(), Type.String()),
  low_risk_tolerance: Effective(Type.Boolean()),
  include_historical_vulnerabilities: Effective(Type.Boolean()),
  cvss3_fallback: Effective(Type.Boolean()),
  assume_unknown_version_as_latest: Effective(Type.Boolean()),
  binary_cleanup_age: Effective(Type.Integer({ description: 'Seconds the group keeps uploaded files; null: forever.' })),
  product_cleanup_age: Effective(Type.Integer({ description: 'Seconds the group keeps products; null: forever.' })),
}, { title: 'ApiGroupDetails', description: 'The settings in force in the group: its own override, else the company\'s.' });
export type ApiGroupDetails = Static<typeof ApiGroupDetails>;
export const ApiGroupResponse = Enveloped(ApiGroupDetails, 'ApiGroupResponse');
export const ApiGroupParams = Type.Object({ id: Id });

export const GroupCreateHeaders = Type.Object({
  name: Header('Required: the group name (at most 255 characters).'),
  description: Header('The description.'),
  parent: Header('The id of the parent group.'),
  delete_binary_after_scan: Header('C, Y or N: accepted; only C (the company default) has an effect here.'),
  binary_cleanup_age: Header('Seconds uploaded files are kept (rounded up to whole days).'),
  product_cleanup_age: Header('Seconds products are kept (rounded up to whole days).'),
  file_download_enabled: Header('Accepted and not used.'),
  low_risk_tolerance: Header('true or false.'),
  include_historical_vulnerabilities: Header('true or false.'),
  cvss3_fallback: Header('true or false.'),
  assume_unknown_version_as_latest: Header('true or false.'),
  custom_data: Header('A JSON object of keys and values: the group\'s custom data.'),
  scan_infoleak: Header('Accepted and not used.'),
  code_analysis: Header('Accepted and not used.'),
  scan_code_similarity: Header('Accepted and not used.'),
});

export const ApiGroupStatisticsResponse = Enveloped(ScanStatistics, 'ApiGroupStatisticsResponse');

export const ApiStatus = Type.Object({
  version: Type.String({ description: 'The server version.' }),
  knowledge_base: Type.Object({
    state: Type.String({ description: 'empty, importing, ready or failed (GET /rest/knowledge-base/).' }),
    updated: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  }),
  queue: Type.Union([
    Type.Object({ queued: Type.Integer(), active: Type.Integer() }, { description: "Scan jobs waiting and running, as the queue's monitor last counted them." }),
    Type.Null(),
  ]),
}, { title: 'ApiStatus' });
export type ApiStatus = Static<typeof ApiStatus>;
export const ApiStatusResponse = Enveloped(ApiStatus, 'ApiStatusResponse');

export const ApiServiceVersionResponse = Enveloped(Type.Object({ version: Type.String({ description: 'The server version.' }) }, { title: 'ApiServiceVersion' }), 'ApiServiceVersionResponse');

export const ApiServiceInfo = Type.Object({
  name: Type.String(),
  version: Type.String({ description: 'The server version.' }),
  knowledge_base: ApiStatus.properties.knowledge_base,
}, { title: 'ApiServiceInfo' });
export const ApiServiceInfoResponse = Enveloped(ApiServiceInfo, 'ApiServiceInfoResponse');

export const ApiMessage = Type.Object({ meta: ApiMeta, message: Type.String() }, { title: 'ApiMessage' });
