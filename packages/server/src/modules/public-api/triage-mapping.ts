// Vulnerability triage in the public /api/ (public-api.md §2.2, §2.6, §3.8) as the /rest/
// triages service (modules/triages) takes and gives it: one request names a component, a
// version and several vulnerabilities; the service stores one triage per vulnerability (and,
// for scope FH, per file of the component). Answers are §3.8 triage records.
import { type Static, Type } from 'typebox';
import { ApiMeta } from '../../lib/api-envelope.ts';
import { AppError, ERRORS } from '../../lib/errors.ts';
import { Id, Text } from '../../lib/schemas.ts';
import { TRIAGE_SCOPES } from '../adjustments/scope.ts';
import { TRIAGE_RATIONALES, type Triage, type TriageCreate } from '../triages/schemas.ts';

/** As /rest/: the service refuses larger batches. */
export const MAX_API_TRIAGES = 1000;

export const ApiTriageQuery = Type.Object({
  component: Type.Optional(Text({ maxLength: 300, description: 'The component name (any case).' })),
  version: Type.Optional(Text({ maxLength: 200, description: 'The component version, or version range, exactly as the triage names it.' })),
  vuln_id: Type.Optional(Text({ maxLength: 100 })),
  scope: Type.Optional(Type.Enum(TRIAGE_SCOPES)),
  description: Type.Optional(Text({ maxLength: 10_000, description: 'The description, exactly (clients look for the triage they would make).' })),
});
export type ApiTriageQuery = Static<typeof ApiTriageQuery>;

const NullableId = (description: string) => Type.Optional(Type.Union([Id, Type.Null()], { description }));

export const ApiTriagePut = Type.Object({
  component: Text({ minLength: 1, maxLength: 300 }),
  version: Text({ minLength: 1, maxLength: 200, description: 'The component version the product reports: a triage holds for exactly this version.' }),
  vulns: Type.Array(Text({ minLength: 1, maxLength: 100 }), { minItems: 1, maxItems: MAX_API_TRIAGES, description: 'Vulnerability ids (CVE or other ids the product reports).' }),
  scope: Type.Enum(TRIAGE_SCOPES, { description: 'CA account, G group, R this product, FN products of this file name, FH files with the hashes of this component\'s files in the product.' }),
  reason: Type.Enum(TRIAGE_RATIONALES, { description: 'VP vendor patched, FD feature disabled, OT other, CO comment (does not resolve), FP false positive, PA patched, NA not affected, WF won\'t fix, IG ignored, MI mitigated.' }),
  description: Type.Optional(Text({ maxLength: 10_000 })),
  product_id: NullableId('The product: needed for R, FN and FH; for CA and G, the product whose component is triaged (else the newest ready product holding it).'),
  group_id: NullableId('The group (scope G).'),
}, { title: 'ApiTriagePut' });
export type ApiTriagePut = Static<typeof ApiTriagePut>;

export const ApiTriageUser = Type.Object({
  id: Type.Integer(),
  email: Type.String(),
  firstname: Type.String({ description: 'Empty: Binlens keeps no first name.' }),
  lastname: Type.String({ description: 'Empty: Binlens keeps no last name.' }),
  username: Type.String(),
}, { title: 'ApiTriageUser' });
export type ApiTriageUser = Static<typeof ApiTriageUser>;

export const ApiTriage = Type.Object({
  id: Type.Integer(),
  vuln_id: Type.String(),
  component: Type.String(),
  vendor: Type.Union([Type.String(), Type.Null()], { description: 'Null: a triage names its component by name.' }),
  codetype: Type.Union([Type.String(), Type.Null()], { description: 'Null: a triage names its component by name.' }),
  version: Type.String({ description: 'The exact version, or the version range of a triage made with one in /rest/.' }),
  modified: Type.String({ format: 'date-time' }),
  scope: Type.Enum(TRIAGE_SCOPES),
  reason: Type.Enum(TRIAGE_RATIONALES),
  description: Type.String(),
  user: Type.Union([ApiTriageUser, Type.Null()], { description: 'Who made it; null once that user was removed.' }),
}, { title: 'ApiTriage' });
export type ApiTriage = Static<typeof ApiTriage>;

/** `{"meta": {...}, "triages": [...]}`: the ODG client reads `triages` at the top level (public-api.md §2.2). */
export const ApiTriageList = Type.Object({ meta: ApiMeta, triages: Type.Array(ApiTriage) }, { title: 'ApiTriageList' });
export type ApiTriageList = Static<typeof ApiTriageList>;

export function toApiTriage(triage: Triage, user: ApiTriageUser | null): ApiTriage {
  return {
    id: triage.id,
    vuln_id: triage.vuln_id,
    component: triage.component_name,
    vendor: null,
    codetype: null,
    version: triage.component_version ?? triage.version_range ?? '',
    modified: triage.modified,
    scope: triage.scope,
    reason: triage.rationale,
    description: triage.description,
    user,
  };
}

/** The filters the /rest/ list does not take: the version (exact, or the range as written) and the description (exact). */
export function matchesApiQuery(triage: Triage, query: ApiTriageQuery): boolean {
  if (query.version !== undefined && query.version !== '' && query.version !== (triage.component_version ?? triage.version_range)) return false;
  return query.description === undefined || query.description === '' || query.description === triage.description;
}

/** Where the triages are made: the product they name (scan_id), and for FH the SHA-1s of the component's files there. */
export interface TriageTarget {
  scanId: number;
  fileHashes: readonly string[];
}

/** The /rest/ requests of one public request: one per vulnerability (repeated ids once), and for FH one per file. */
export function triageCreates(body: ApiTriagePut, target: TriageTarget): TriageCreate[] {
  const common = {
    component_name: body.component,
    component_version: body.version,
    description: body.description ?? '',
    rationale: body.reason,
    scope: body.scope,
  };
  const vulns = [...new Set(body.vulns.map((id) => id.trim()))];
  const reach = (): Partial<TriageCreate>[] => {
    switch (body.scope) {
      case 'CA':
        return [{ scan_id: target.scanId }];
      case 'G':
        return [{ scan_id: target.scanId, group_scope: body.group_id ?? null }];
      case 'R':
      case 'FN':
        return [{ result_scope: target.scanId }];
      case 'FH':
        return target.fileHashes.map((hash) => ({ result_scope: target.scanId, triaged_obj: hash }));
    }
  };
  const reaches = reach();
  if (vulns.length * reaches.length > MAX_API_TRIAGES) throw new AppError('api_triage_too_many');
  return vulns.flatMap((vulnId) => reaches.map((fields) => ({ ...common, vuln_id: vulnId, ...fields })));
}

/** The public names of the /rest/ triage fields, for the service's field errors. */
export const TRIAGE_FIELD_NAMES: Readonly<Record<string, string>> = {
  component_name: 'component',
  component_version: 'version',
  version_range: 'version',
  vuln_id: 'vulns',
  rationale: 'reason',
  scan_id: 'product_id',
  result_scope: 'product_id',
  triaged_obj: 'product_id',
  group_scope: 'group_id',
};

/** An AppError whose field answer names the public API's field instead of the /rest/ one. */
export class PublicFieldError extends AppError {
  readonly field: string;

  constructor(source: AppError, field: string, message: string) {
    super(source.code, message, { ...source.headers });
    this.field = field;
  }

  override toBody(): Record<string, unknown> {
    return this.field === 'detail' ? { detail: this.message } : { [this.field]: [this.message] };
  }
}

/**
 * The error with its field renamed by `names`; `relabel` may rewrite the message (the service
 * numbers the triages of a batch, "Triage 3: ...", which the caller did not send one by one).
 */
export function withPublicFields(error: unknown, names: Readonly<Record<string, string>>, relabel: (message: string) => string = (m) => m): unknown {
  if (!(error instanceof AppError) || error instanceof PublicFieldError) return error;
  const field: string = ERRORS[error.code].field;
  const renamed = names[field];
  const message = relabel(error.message);
  if (renamed === undefined && message === error.message) return error;
  return new PublicFieldError(error, renamed ?? field, message);
}

/** "Triage 3: The component has no such vulnerability..." → "CVE-2021-23337: The component has ...". */
export function relabelByVuln(creates: readonly TriageCreate[]): (message: string) => string {
  return (message) => {
    // "Triage 12: Invalid pk - object does not exist."
    const numbered = /^Triage (\d+): (.*)$/s.exec(message);
    const create = numbered ? creates[Number(numbered[1]) - 1] : undefined;
    return numbered && create ? `${create.vuln_id}: ${numbered[2] ?? ''}` : message;
  };
}
