// A CI client of the public /api/, written only from ../shared/spec/public-api.md: the calls the
// CI integrations make (upload with headers, poll, list apps, metadata, triage, version
// override, reports, SBOM export, delete), over HTTP, with each answer checked against the
// models those clients parse (required keys, their types; kebab-case keys read as snake_case
// the way the clients convert them). A shape the clients would choke on fails here.
import { type Static, type TSchema, Type } from 'typebox';
import { Value } from 'typebox/value';

const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

/** §2.2 upload answer, as clients keep it. */
export const UploadResult = Type.Object({
  product_id: Type.Integer(),
  report_url: Type.String(),
  filename: Nullable(Type.String()),
  stale: Nullable(Type.Boolean()),
  rescan_possible: Nullable(Type.Boolean()),
});

export const TriageRecord = Type.Object({
  id: Type.Integer(),
  vuln_id: Type.String(),
  component: Type.String(),
  version: Nullable(Type.String()),
  scope: Type.Union([Type.Literal('CA'), Type.Literal('FN'), Type.Literal('FH'), Type.Literal('R'), Type.Literal('G')]),
  reason: Type.String(),
  description: Nullable(Type.String()),
  modified: Type.String({ pattern: '^\\d{4}-\\d\\d-\\d\\dT' }),
  user: Type.Object({ id: Type.Integer(), email: Type.String() }),
});
export type TriageRecord = Static<typeof TriageRecord>;

const Licence = Type.Object({ name: Type.String(), type: Nullable(Type.String()), url: Nullable(Type.String()) });

export const Vulnerability = Type.Object({
  vuln: Type.Object({
    cve: Type.String(),
    summary: Nullable(Type.String()),
    cvss: Nullable(Type.String()),
    cvss3_score: Nullable(Type.String()),
    cvss3_vector: Nullable(Type.String()),
  }),
  exact: Nullable(Type.Boolean()),
  triage: Type.Array(TriageRecord),
});

export const ExtendedObject = Type.Object({
  name: Nullable(Type.String()),
  sha1: Nullable(Type.String()),
  fullpath: Type.Array(Type.String()),
  extended_fullpath: Type.Array(Type.Object({ path: Type.String(), type: Type.String() })),
  exe_flags: Type.Array(Type.String()),
});

export const Component = Type.Object({
  lib: Type.String(),
  version: Nullable(Type.String()),
  vulns: Nullable(Type.Array(Vulnerability)),
  license: Nullable(Licence),
  licenses: Nullable(Type.Object({ licenses: Type.Array(Licence) })),
  extended_objects: Type.Array(ExtendedObject),
  vuln_count: Type.Object({ total: Type.Integer(), exact: Type.Integer(), historical: Type.Integer() }),
});
export type Component = Static<typeof Component>;

/** §3.2 result, as clients poll it. */
export const AnalysisResult = Type.Object({
  ...UploadResult.properties,
  group_id: Type.Integer(),
  status: Type.String(),
  name: Nullable(Type.String()),
  fail_reason: Nullable(Type.String()),
  sha1sum: Type.String({ pattern: '^[0-9a-f]{40}$' }),
  components: Type.Array(Component),
  custom_data: Type.Record(Type.String(), Type.String()),
  binary_bytes: Nullable(Type.Integer()),
  scanned_bytes: Nullable(Type.Integer()),
  summary: Type.Object({
    vuln_count: Type.Object({ exact: Type.Integer(), historical: Type.Integer() }),
    verdict: Type.Object({ short: Type.String(), detailed: Type.String() }),
  }),
});
export type AnalysisResult = Static<typeof AnalysisResult>;

export const Product = Type.Object({ product_id: Type.Integer(), name: Type.String(), custom_data: Type.Record(Type.String(), Type.String()) });
export type Product = Static<typeof Product>;

const AppsPage = Type.Object({ products: Type.Array(Product), next: Type.Optional(Nullable(Type.String())) });
const Groups = Type.Object({ groups: Type.Array(Type.Object({ id: Type.Integer(), name: Type.String() })) });
const Envelope = Type.Object({ meta: Type.Object({ code: Type.Integer() }) });

export class ApiError extends Error {
  readonly status: number;
  readonly body: string;

  constructor(status: number, body: string, url: string) {
    super(`${status} from ${url}: ${body.slice(0, 300)}`);
    this.status = status;
    this.body = body;
  }
}

/** Clients turn kebab-case keys into snake_case before they parse (public-api.md §2.1). */
export function kebabToSnake(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(kebabToSnake);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key.replaceAll('-', '_'), kebabToSnake(inner)]));
}

/** The value when it has the shape, else an error naming every difference. */
export function parseStrictly<T extends TSchema>(schema: T, value: unknown, what: string): Static<T> {
  if (Value.Check(schema, value)) return value;
  const errors = [...Value.Errors(schema, value)].slice(0, 10).map((error) => `${error.instancePath || '/'} ${error.message}`);
  throw new Error(`${what} does not parse: ${errors.join('; ')}`);
}

export type Credentials = { bearer: string } | { email: string; password: string };

export class CiClient {
  private readonly baseUrl: string;
  private readonly credentials: Credentials;

  constructor(baseUrl: string, credentials: Credentials) {
    this.baseUrl = baseUrl;
    this.credentials = credentials;
  }

  private async request(method: string, path: string, init: { headers?: Record<string, string>; body?: Uint8Array | string; json?: unknown } = {}): Promise<Response> {
    const auth = 'bearer' in this.credentials
      ? `Bearer ${this.credentials.bearer}`
      : `Basic ${Buffer.from(`${this.credentials.email}:${this.credentials.password}`).toString('base64')}`;
    const headers: Record<string, string> = { Authorization: auth, ...init.headers };
    let body: Uint8Array | string | undefined = init.body;
    if (init.json !== undefined) {
      headers['Content-Type'] = 'application/json';
      body = JSON.stringify(init.json);
    }
    const url = new URL(path, this.baseUrl).toString();
    const response = await fetch(url, { method, headers, ...(body !== undefined ? { body } : {}) });
    if (!response.ok) throw new ApiError(response.status, await response.text(), url);
    return response;
  }

  private async json(method: string, path: string, init: Parameters<CiClient['request']>[2] = {}): Promise<Record<string, unknown>> {
    const parsed = parseStrictly(Envelope, await (await this.request(method, path, init)).json(), `${method} ${path}`);
    return parsed as Record<string, unknown>;
  }

  /** `META-<key>` headers with `_` sent as `-` (the clients' workaround) and null sent as '' (removal). */
  static metadataHeaders(attributes: Record<string, string | null>): Record<string, string> {
    return Object.fromEntries(Object.entries(attributes).map(([key, value]) => [`META-${key.replaceAll('_', '-')}`, value ?? '']));
  }

  async createKey(validitySeconds: number): Promise<string> {
    const answer = await this.json('POST', '/api/key/', { json: { validity: validitySeconds } });
    return parseStrictly(Type.Object({ results: Type.Object({ key: Type.String() }) }), answer, 'POST /api/key/').results.key;
  }

  async groups(): Promise<Static<typeof Groups>['groups']> {
    return parseStrictly(Groups, await this.json('GET', '/api/groups'), 'GET /api/groups').groups;
  }

  async upload(fileName: string, groupId: number, data: Buffer, options: { replaceId?: number; metadata?: Record<string, string | null>; headers?: Record<string, string> } = {}) {
    const headers: Record<string, string> = { Group: String(groupId), ...CiClient.metadataHeaders(options.metadata ?? {}), ...options.headers };
    if (options.replaceId) headers.Replace = String(options.replaceId);
    // Python's quote_plus, as the clients name the file in the path.
    const answer = await this.json('PUT', `/api/upload/${encodeURIComponent(fileName).replaceAll('%20', '+')}`, { headers, body: new Uint8Array(data) });
    return parseStrictly(UploadResult, kebabToSnake(answer.results), 'the upload answer');
  }

  async scanResult(productId: number | string): Promise<AnalysisResult> {
    const answer = await this.json('GET', `/api/product/${productId}`);
    return parseStrictly(AnalysisResult, kebabToSnake(answer.results), `the result of ${productId}`);
  }

  /** Polls until the scan is ready; a failed scan is an error (it carries no components). */
  async waitForScanResult(productId: number | string, pollMs = 100, timeoutMs = 60_000): Promise<AnalysisResult> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const result = await this.scanResult(productId);
      if (result.status === 'R') return result;
      if (result.status === 'F') throw new Error(`scan failed: ${result.fail_reason ?? ''}`);
      if (Date.now() > deadline) throw new Error(`scan still ${result.status} after ${timeoutMs} ms`);
      await new Promise((resolve) => setTimeout(resolve, pollMs));
    }
  }

  /** Every product of the group whose custom data holds `attributes`, following `next` (the server matches substrings; the client filters exactly). */
  async listApps(groupId: number, attributes: Record<string, string> = {}): Promise<Product[]> {
    const q = Object.entries(attributes).map(([key, value]) => `meta:${key}=${value}`).join(' ');
    let url: string | null = `/api/apps/${groupId}${q ? `?${new URLSearchParams({ q }).toString()}` : ''}`;
    const products: Product[] = [];
    while (url) {
      const page: Static<typeof AppsPage> = parseStrictly(AppsPage, await this.json('GET', url), `GET ${url}`);
      products.push(...page.products.filter((product) => Object.entries(attributes).every(([key, value]) => product.custom_data[key] === value)));
      url = page.next ?? null;
    }
    return products;
  }

  async setMetadata(productId: number, attributes: Record<string, string | null>): Promise<void> {
    await this.json('POST', `/api/product/${productId}/custom-data`, { headers: CiClient.metadataHeaders(attributes) });
  }

  async metadata(productId: number): Promise<Record<string, string>> {
    const answer = await this.json('POST', `/api/product/${productId}/custom-data`);
    return parseStrictly(Type.Object({ custom_data: Type.Record(Type.String(), Type.String()) }), answer, 'custom data').custom_data;
  }

  async setProductName(productId: number, name: string): Promise<void> {
    await this.request('PATCH', `/api/product/${productId}`, { json: { name } });
  }

  async getTriages(filters: { component: string; version: string; vuln_id: string; scope: string; description: string }): Promise<TriageRecord[]> {
    const answer = await this.json('GET', `/api/triage/vulnerability/?${new URLSearchParams(filters).toString()}`);
    return parseStrictly(Type.Object({ triages: Type.Array(TriageRecord) }), answer, 'the triages').triages;
  }

  async addTriageRaw(triage: Record<string, unknown>): Promise<unknown> {
    return (await this.request('PUT', '/api/triage/vulnerability/', { json: triage })).json();
  }

  async setComponentVersion(component: string, version: string, objects: string[], scope: 1 | 2, target: number): Promise<unknown> {
    const override = { component, version, objects, scope, ...(scope === 1 ? { app_scope: target } : { group_scope: target }) };
    return (await this.request('PUT', '/api/versionoverride/', { json: [override] })).json();
  }

  async rescan(productId: number): Promise<void> {
    await this.request('POST', `/api/product/${productId}/rescan`);
  }

  async pdfReport(productId: number, cvssVersion: 2 | 3): Promise<Buffer> {
    return Buffer.from(await (await this.request('GET', `/api/product/${productId}/pdf-report?cvss_version=${cvssVersion}`)).arrayBuffer());
  }

  async csvVulns(productId: number): Promise<string> {
    return (await this.request('GET', `/api/product/${productId}/csv-vulns?cvss_version=3`)).text();
  }

  async exportSbom(productId: number, format: 'cyclonedx' | 'spdx' | 'bdio'): Promise<Record<string, unknown>> {
    const query = format === 'cyclonedx' ? 'cyclonedx/json' : format;
    return (await (await this.request('GET', `/api/product/${productId}/?format=${query}`)).json()) as Record<string, unknown>;
  }

  /** A product already gone counts as deleted, as the clients treat it. */
  async deleteProduct(productId: number): Promise<void> {
    try {
      await this.request('DELETE', `/api/product/${productId}`);
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) return;
      throw error;
    }
  }
}
