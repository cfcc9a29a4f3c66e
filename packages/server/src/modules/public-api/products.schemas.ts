// The product result of the public /api/ (public-api.md §3): the keys CI clients parse, kebab-case
// where the commercial product has them (`fail-reason`, `vuln-count`, `extended-objects`).
import { type Static, type TSchema, Type } from 'typebox';
import { ApiMeta, Enveloped } from '../../lib/api-envelope.ts';
import { Text } from '../../lib/schemas.ts';
import { ProductEntry } from './ingest.schemas.ts';
import { ApiTriage } from './triage-mapping.ts';

const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

/** §3.6 `vuln` record: scores as strings, "0" when there is none. */
export const ProductVulnRecord = Type.Object({
  cve: Type.String(),
  summary: Type.String(),
  cwe: Type.String({ description: 'The first CWE the records name, e.g. CWE-787; empty when none.' }),
  published: Nullable(Type.String()),
  modified: Nullable(Type.String()),
  'published-epoch': Nullable(Type.Integer()),
  'modified-epoch': Nullable(Type.Integer()),
  cvss: Type.String({ description: 'CVSS v2 base score; "0" when none.' }),
  cvss2_vector: Type.String({ description: 'Empty when none.' }),
  cvss3_score: Type.String({ description: 'CVSS v3 base score; "0" when none.' }),
  cvss3_vector: Type.String({ description: 'Empty when none.' }),
}, { title: 'ApiProductVulnRecord' });

export const ProductVuln = Type.Object({
  vuln: ProductVulnRecord,
  exact: Type.Boolean({ description: 'False: matched only by assuming an unknown version is the latest (counted as historical).' }),
  triage: Type.Array(ApiTriage, { description: 'The triages that resolve it in this product (§3.8), with the component\'s vendor and code type.' }),
}, { title: 'ApiProductVuln' });
export type ProductVuln = Static<typeof ProductVuln>;

/** §3.5 one matched file. */
export const ProductObject = Type.Object({
  name: Type.String(),
  sha1: Type.String(),
  confidence: Type.Number({ description: 'How directly the matching method names the component (docs/architecture.md "Public API").' }),
  timestamp: Nullable(Type.Integer({ description: 'Build time; null: Binlens reads none.' })),
  'binary-type': Type.String({ description: 'format-kind-arch, e.g. elf-shared-x86_64; unknown for a file that is no executable.' }),
  type: Type.String(),
  'matching-method': Type.String(),
  'source-match': Nullable(Type.String()),
  fullpath: Type.Array(Type.String(), { description: 'The uploaded file, then each container, then the path inside the last.' }),
  'extended-fullpath': Type.Array(Type.Object({ path: Type.String(), type: Type.String() })),
  'exe-flags': Type.Array(Type.String({ description: 'A missing mitigation, e.g. no-pie, execstack, no-relro.' })),
}, { title: 'ApiProductObject' });
export type ProductObject = Static<typeof ProductObject>;

export const ProductLicense = Type.Object({ name: Type.String(), type: Type.String(), url: Type.String() }, { title: 'ApiProductLicense' });
export type ProductLicense = Static<typeof ProductLicense>;

export const ProductVulnCount = Type.Object({ total: Type.Integer(), exact: Type.Integer(), historical: Type.Integer() }, { title: 'ApiProductVulnCount' });

/** §3.4 Component. */
export const ProductComponent = Type.Object({
  lib: Type.String(),
  version: Type.String(),
  custom_version: Nullable(Type.String()),
  vendor: Nullable(Type.String()),
  codetype: Type.String({ description: 'In words, e.g. Native, Java, Go.' }),
  distro: Nullable(Type.String()),
  distro_version: Nullable(Type.String()),
  latest_version: Nullable(Type.String()),
  'latest-version': Nullable(Type.String()),
  homepage: Nullable(Type.String()),
  cpe: Type.Array(Type.String({ description: 'CPE 2.2 URI, e.g. cpe:/a:zlib:zlib:1.2.13.' })),
  tags: Type.Array(Type.String()),
  objects: Type.Array(Type.String()),
  'extended-objects': Type.Array(ProductObject),
  'vuln-count': ProductVulnCount,
  vulns: Type.Array(ProductVuln),
  license: Nullable(ProductLicense),
  licenses: Type.Object({ licenses: Type.Array(ProductLicense) }),
}, { title: 'ApiProductComponent' });
export type ProductComponent = Static<typeof ProductComponent>;

export const ProductVerdict = Type.Object({
  short: Type.Union([Type.Literal('Pass'), Type.Literal('Vulns'), Type.Literal('N/A'), Type.Literal('Verify')]),
  detailed: Type.String(),
}, { title: 'ApiProductVerdict' });

export const ProductSummary = Type.Object({
  'vuln-count': Type.Object({ exact: Type.Integer(), historical: Type.Integer() }),
  verdict: ProductVerdict,
}, { title: 'ApiProductSummary' });
export type ProductSummary = Static<typeof ProductSummary>;

export const ProductProblem = Type.Object({ path: Type.Array(Type.String()), plugin: Type.String(), code: Type.String(), message: Type.String() }, { title: 'ApiProductProblem' });

export const ProductDetails = Type.Object({
  metadata: Type.Object({
    input: Nullable(Type.Object({ name: Type.String(), size: Type.Number(), sha1: Type.String(), sha256: Type.String(), format: Nullable(Type.String()) })),
    started: Nullable(Type.String()),
    finished: Nullable(Type.String()),
    files: Type.Integer(),
    executables: Type.Integer(),
  }),
  flagged: Type.Record(Type.String(), Type.Array(Type.String()), { description: 'Executables missing a mitigation, by path inside the upload (containers joined by /).' }),
  filetypes: Type.Record(Type.String(), Type.Integer(), { description: 'Every file classified, description → count.' }),
  errors: Type.Array(ProductProblem),
}, { title: 'ApiProductDetails' });
export type ProductDetails = Static<typeof ProductDetails>;

/** §3.2 the result. */
export const ProductResult = Type.Object({
  id: Type.Integer(),
  product_id: Type.Integer(),
  group_id: Type.Integer(),
  name: Type.String(),
  filename: Type.String(),
  sha1sum: Type.String(),
  status: Type.Union([Type.Literal('B'), Type.Literal('R'), Type.Literal('F')], { description: 'B busy (queued or running), R ready, F failed.' }),
  'fail-reason': Nullable(Type.String()),
  report_url: Type.String(),
  created: Type.String({ format: 'date-time' }),
  last_updated: Type.String({ format: 'date-time' }),
  stale: Type.Boolean(),
  'rescan-possible': Type.Boolean(),
  binary_bytes: Type.Number(),
  scanned_bytes: Type.Number(),
  custom_data: Type.Record(Type.String(), Type.String()),
  summary: ProductSummary,
  details: ProductDetails,
  components: Type.Array(ProductComponent),
}, { title: 'ApiProductResult' });
export type ProductResult = Static<typeof ProductResult>;

export const ProductQuery = Type.Object({
  format: Type.Optional(Type.Union([
    Type.Literal('spdx'), Type.Literal('cyclonedx'), Type.Literal('cyclonedx/json'), Type.Literal('cyclonedx/xml'), Type.Literal('bdio'),
  ], { description: 'An SBOM instead of the result: SPDX 2.3 JSON, CycloneDX 1.6 JSON (or XML), BDIO 2 JSON-LD.' })),
});

export const ProductRenameBody = Type.Object({
  name: Text({ minLength: 1, maxLength: 255, description: 'The name the product is known by (at most 255 characters).' }),
}, { title: 'ApiProductRename' });

export const ProductInfoleakQuery = Type.Object({
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 500, default: 500 })),
  offset: Type.Optional(Type.Integer({ minimum: 0, default: 0 })),
});

export const ProductInfoleak = Type.Object({
  id: Type.Integer(),
  kind: Type.String(),
  detector: Type.String(),
  file: Type.String({ description: 'The path inside the upload, containers joined by /.' }),
  path: Type.Array(Type.String()),
  line: Nullable(Type.Integer()),
  offset: Nullable(Type.Integer()),
  value: Type.String({ description: 'Masked unless the caller may change the group, as /rest/ shows it.' }),
  context: Type.String(),
  revealable: Type.Boolean(),
}, { title: 'ApiProductInfoleak' });
export type ProductInfoleak = Static<typeof ProductInfoleak>;

export const ProductInfoleaks = Type.Object({
  count: Type.Integer(),
  next: Nullable(Type.String()),
  infoleaks: Type.Array(ProductInfoleak),
}, { title: 'ApiProductInfoleaks' });

export const ProductResultResponse = Enveloped(ProductResult, 'ApiProductResultResponse');
export const ProductEntryResponse = Enveloped(ProductEntry, 'ApiProductEntryResponse');
const CustomDataMap = Type.Record(Type.String(), Type.String());
/** Beside the envelope's results, `custom_data` on top: the ODG client reads `.json()['custom_data']`. */
export const ProductCustomDataResponse = Type.Object(
  { meta: ApiMeta, custom_data: CustomDataMap, results: Type.Object({ custom_data: CustomDataMap }) },
  { title: 'ApiProductCustomDataResponse' },
);
export const ProductInfoleaksResponse = Enveloped(ProductInfoleaks, 'ApiProductInfoleaksResponse');
export const ProductDone = Type.Object({ meta: ApiMeta }, { title: 'ApiProductDone' });
