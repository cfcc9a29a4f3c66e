// VEX in and out (issue 18). Out: the triages of an application (those reaching it, on the
// components they hold for as it is evaluated now), of a group (those whose scope reaches its
// applications) or of the account (every triage the user sees), as CycloneDX or OpenVEX.
// In: each statement of a CycloneDX, OpenVEX or CSAF document becomes triages with the scope
// the user chose, made through the triages service's create path, all or none; a dry run
// answers what would be made, what is already there, and what the scope does not have.
import { randomUUID } from 'node:crypto';
import type { Component, Identification } from '@binlens/engine/model';
import { type Evaluation, formatPurl, parsePurl, type Purl } from '@binlens/vulndb';
import type { TriageRow } from '../../db/schema/index.ts';
import type { ScopeResolver } from '../../lib/access.ts';
import { AppError } from '../../lib/errors.ts';
import { ruleReachesScan } from '../adjustments/scope.ts';
import { toTriageDto, type TriageDto } from '../adjustments/triage-dto.ts';
import { versionHolds } from '../adjustments/version-match.ts';
import { nameKey } from '../components/match-keys.ts';
import type { ScanComponentRow, ScanIndexRepository } from '../components/scan-index-repository.ts';
import type { TriagesRepository } from '../triages/repository.ts';
import type { TriageCreate } from '../triages/schemas.ts';
import { MAX_TRIAGES_PER_REQUEST, type TriagesService, type TriageTarget } from '../triages/service.ts';
import type { Viewer } from '../users/viewer.ts';
import { CYCLONEDX_VEX_MEDIA_TYPE, writeCycloneDxVex } from './cyclonedx-vex.ts';
import { readVexDocument } from './detect.ts';
import type { VexExportDocument, VexExportEntry, VexFormat, VexProduct, VexReadProduct, VexStatement } from './model.ts';
import { OPENVEX_MEDIA_TYPE, writeOpenVex } from './openvex.ts';
import type { VexRepository } from './repository.ts';
import type { VexImportResult, VexImportScope, VexImportTriage, VexImportUnknown } from './schemas.ts';

/** Triages one export may hold; beyond, a group or an application is exported instead. */
export const MAX_EXPORT_TRIAGES = 20_000;
/** Statement-product pairs one import may weigh. */
export const MAX_IMPORT_PRODUCTS = 10_000;
/** Applications an account or group import evaluates per product, and in all, looking for a component. */
const SCANS_PER_PRODUCT = 10;
const SCANS_PER_IMPORT = 50;
/** Rows of the component index looked at per product. */
const CANDIDATE_ROWS = 200;
const PAGE = 500;

export interface VexDownload {
  body: string;
  mediaType: string;
  fileName: string;
}

export interface VexImportOptions {
  scope: VexImportScope;
  groupScope: number | null;
  resultScope: number | null;
  dryRun: boolean;
}

export interface VexService {
  exportScan(viewer: Viewer, scanId: number, format: VexFormat): Promise<VexDownload>;
  exportGroup(viewer: Viewer, groupId: number, format: VexFormat): Promise<VexDownload>;
  exportAccount(viewer: Viewer, format: VexFormat): Promise<VexDownload>;
  import(viewer: Viewer, bytes: Buffer, options: VexImportOptions): Promise<VexImportResult>;
}

export interface VexServiceDeps {
  /** The triages' create path: its checks, its audit event, its re-evaluation. */
  triages: Pick<TriagesService, 'create'>;
  /** Reads triages as their module shows them to a viewer. */
  triageRows: Pick<TriagesRepository, 'list'>;
  vex: VexRepository;
  index: Pick<ScanIndexRepository, 'ensureIndexed' | 'candidates'>;
  access: ScopeResolver;
  settings: () => Promise<{ triageEnabled: boolean }>;
  /** A ready application evaluated now with the adjustments reaching it; null when it is not ready. */
  evaluated: (scanId: number) => Promise<{ evaluation: Evaluation; components: readonly Component[] } | null>;
  /** A ready application's components as the triage create path checks them; null when it is not ready. */
  targets: (scanId: number) => Promise<readonly TriageTarget[] | null>;
  /** A ready application's result core; undefined when it is gone or not ready. */
  core: (scanId: number) => Promise<Identification | undefined>;
  now?: () => Date;
}

export function createVexService(deps: VexServiceDeps): VexService {
  const now = deps.now ?? (() => new Date());
  const download = (viewer: Viewer, subject: string, fileStem: string, entries: VexExportEntry[], format: VexFormat): VexDownload => {
    const document: VexExportDocument = { subject, author: viewer.email, timestamp: now(), serial: randomUUID(), entries: entries.sort((a, b) => a.triage.id - b.triage.id) };
    return format === 'cyclonedx'
      ? { body: writeCycloneDxVex(document), mediaType: CYCLONEDX_VEX_MEDIA_TYPE, fileName: `${fileStem}.vex.cdx.json` }
      : { body: writeOpenVex(document), mediaType: OPENVEX_MEDIA_TYPE, fileName: `${fileStem}.openvex.json` };
  };

  /** Products of triages read without an application: the component in the one each was made on, else a generic purl. */
  const withOriginProducts = async (rows: readonly TriageRow[]): Promise<VexExportEntry[]> => {
    const cores = new Map<number, Identification | undefined>();
    const entries: VexExportEntry[] = [];
    for (const row of rows) {
      const triage = toTriageDto(row);
      if (row.scanId !== null && !cores.has(row.scanId)) cores.set(row.scanId, await deps.core(row.scanId));
      const core = row.scanId !== null ? cores.get(row.scanId) : undefined;
      entries.push({ triage, products: [originProduct(triage, core?.components ?? [])] });
    }
    return entries;
  };

  return {
    async exportScan(viewer, scanId, format) {
      const [evaluated, filename] = await Promise.all([deps.evaluated(scanId), deps.vex.scanFilename(scanId)]);
      if (!evaluated || filename === undefined) throw new AppError('scan_not_ready');
      const entries = new Map<number, VexExportEntry>();
      for (const component of evaluated.components) {
        for (const vulnerability of evaluated.evaluation.components[component.id] ?? []) {
          for (const triage of [...vulnerability.triages, ...vulnerability.unresolved_triages] as TriageDto[]) {
            const entry = entries.get(triage.id) ?? { triage, products: [] };
            entries.set(triage.id, entry);
            entry.products.push(productOfComponent(component));
          }
        }
      }
      return download(viewer, filename, filename, [...entries.values()], format);
    },

    async exportGroup(viewer, groupId, format) {
      const name = (await deps.vex.groupName(groupId)) ?? `group-${groupId}`;
      const ids = await deps.vex.groupTriageIds(groupId, MAX_EXPORT_TRIAGES + 1);
      if (ids.length > MAX_EXPORT_TRIAGES) throw new AppError('vex_export_too_large');
      const rows: TriageRow[] = [];
      for (let start = 0; start < ids.length; start += PAGE) {
        const chunk = ids.slice(start, start + PAGE);
        rows.push(...(await deps.triageRows.list(viewer, { ids: chunk, ordering: 'id' }, { limit: chunk.length, offset: 0 })).rows);
      }
      return download(viewer, name, name, await withOriginProducts(rows), format);
    },

    async exportAccount(viewer, format) {
      const rows: TriageRow[] = [];
      for (let offset = 0; ; offset += PAGE) {
        const page = await deps.triageRows.list(viewer, { ordering: 'id' }, { limit: PAGE, offset });
        if (page.count > MAX_EXPORT_TRIAGES) throw new AppError('vex_export_too_large');
        rows.push(...page.rows);
        if (page.rows.length < PAGE) break;
      }
      return download(viewer, 'Binlens account', 'binlens-triages', await withOriginProducts(rows), format);
    },

    async import(viewer, bytes, options) {
      if (!(await deps.settings()).triageEnabled) throw new AppError('triage_disabled');
      const chosen = await chosenScope(deps, viewer, options);
      const document = readVexDocument(bytes);
      const pairs = document.statements.reduce((sum, s) => sum + Math.max(1, s.products.length), 0);
      if (pairs > MAX_IMPORT_PRODUCTS) throw new AppError('vex_too_many', `The document names ${pairs.toLocaleString('en')} products in its statements, more than ${MAX_IMPORT_PRODUCTS.toLocaleString('en')}: split it.`);

      const finder = targetFinder(deps, viewer);
      const planned = new Map<string, VexImportTriage>();
      const unknown: VexImportUnknown[] = [];
      for (const statement of document.statements) {
        const refuse = (product: string, reason: VexImportUnknown['reason']) => unknown.push({ statement: statement.number, vuln_id: statement.vulnId, product, reason });
        if (statement.products.length === 0) {
          refuse('(none)', 'product');
          continue;
        }
        const scope = chosen ?? (await recordedScope(deps, viewer, statement));
        for (const product of statement.products) {
          if (product.purl === null && product.name === null) refuse(product.label, 'product');
          else if (scope === null) refuse(product.label, 'scope');
          else {
            const found = await finder.find(scope, statement, product);
            if (found.kind === 'unknown') refuse(product.label, found.reason);
            else for (const triage of triagesOf(scope, statement, found)) planned.set(identityOf(triage), triage);
          }
        }
      }

      const existing = await existingTriages(deps, viewer, new Set([...planned.values()].map((t) => t.vuln_id)));
      const create: VexImportTriage[] = [];
      const unchanged: VexImportTriage[] = [];
      for (const [identity, triage] of planned) {
        const same = existing.get(identity);
        if (same !== undefined) unchanged.push({ ...triage, triage: same });
        else create.push(triage);
      }
      const result = { dialect: document.dialect, create, unchanged, unknown };
      if (options.dryRun) return { ...result, dry_run: true };
      if (unknown.length > 0) throw new AppError('vex_unknown', unknownMessage(unknown));
      if (create.length > MAX_TRIAGES_PER_REQUEST) throw new AppError('vex_too_many');
      if (create.length === 0) return { ...result, dry_run: false };
      const made = await deps.triages.create(viewer, create.map(requestOf));
      return { ...result, dry_run: false, create: create.map((triage, i) => ({ ...triage, triage: made[i]?.id ?? null })) };
    },
  };
}

/** The scope every statement gets, checked as the triage create path would; null: each statement's recorded one. */
type ScopeChoice =
  | { scope: 'CA' }
  | { scope: 'G'; groupScope: number }
  | { scope: 'R' | 'FN'; resultScope: number; applicationName: string }
  | { scope: 'FH'; scanId: number; triagedObj: string };

async function chosenScope(deps: VexServiceDeps, viewer: Viewer, options: VexImportOptions): Promise<ScopeChoice | null> {
  switch (options.scope) {
    case 'document':
      return null;
    case 'CA':
      return { scope: 'CA' };
    case 'G':
      if (options.groupScope === null) throw new AppError('triage_scope_group');
      if (!(await deps.access.resolve(viewer, { group: options.groupScope }))) throw new AppError('triage_group_not_found');
      return { scope: 'G', groupScope: options.groupScope };
    case 'R':
    case 'FN': {
      if (options.resultScope === null) throw new AppError('triage_scope_result');
      const filename = (await deps.access.resolve(viewer, { scan: options.resultScope })) ? await deps.vex.scanFilename(options.resultScope) : undefined;
      if (filename === undefined) throw new AppError('triage_result_not_found');
      return { scope: options.scope, resultScope: options.resultScope, applicationName: filename };
    }
  }
}

/** The scope a Binlens export recorded for the statement, when it names what the viewer sees; null otherwise. */
async function recordedScope(deps: VexServiceDeps, viewer: Viewer, statement: VexStatement): Promise<ScopeChoice | null> {
  const facts = statement.binlens;
  const sees = async (target: { group: number } | { scan: number }) => (await deps.access.resolve(viewer, target)) !== null;
  switch (facts?.scope) {
    case 'CA':
      return { scope: 'CA' };
    case 'G':
      return facts.group_scope !== undefined && (await sees({ group: facts.group_scope })) ? { scope: 'G', groupScope: facts.group_scope } : null;
    case 'R': {
      const id = facts.result_scope;
      const filename = id !== undefined && (await sees({ scan: id })) ? await deps.vex.scanFilename(id) : undefined;
      return id !== undefined && filename !== undefined ? { scope: 'R', resultScope: id, applicationName: filename } : null;
    }
    case 'FN': {
      // An application-name triage is made on an application of that name: the one it was made on.
      const id = facts.scan_id;
      const filename = id !== undefined && (await sees({ scan: id })) ? await deps.vex.scanFilename(id) : undefined;
      return id !== undefined && filename !== undefined && filename === facts.application_name ? { scope: 'FN', resultScope: id, applicationName: filename } : null;
    }
    case 'FH':
      return facts.scan_id !== undefined && facts.triaged_obj !== undefined && (await sees({ scan: facts.scan_id }))
        ? { scope: 'FH', scanId: facts.scan_id, triagedObj: facts.triaged_obj }
        : null;
    default:
      return null;
  }
}

/** What a product matched: the application a triage is made on and its components having the vulnerability. */
type Found =
  | { kind: 'found'; scanId: number; components: readonly TriageTarget[] }
  | { kind: 'unknown'; reason: 'component' | 'vulnerability' };

interface TargetFinder {
  find(scope: ScopeChoice, statement: VexStatement, product: VexReadProduct): Promise<Found>;
}

/**
 * Finds a statement's product in the scope's applications. An application or file-hash scope
 * looks in its application; an application-name scope in the application named; the account
 * and a group in the ready applications the viewer sees there that the component index says
 * hold a component of that name (the one a Binlens export recorded first, then those with the
 * version named, newest first), a few of them evaluated at most.
 */
function targetFinder(deps: VexServiceDeps, viewer: Viewer): TargetFinder {
  const targets = new Map<number, Promise<readonly TriageTarget[] | null>>();
  const targetsOf = (scanId: number) => {
    let found = targets.get(scanId);
    if (!found) {
      found = deps.targets(scanId);
      targets.set(scanId, found);
    }
    return found;
  };
  const reaches = new Map<string, Promise<boolean>>();
  const groupReaches = (groupScope: number, scanId: number) => {
    const key = `${scanId}:${groupScope}`;
    let found = reaches.get(key);
    if (!found) {
      found = deps.vex.scanScope(scanId).then((scan) => scan !== undefined && ruleReachesScan({ scope: 'G', groupScope, resultScope: null, applicationName: null, fileHash: null }, scan));
      reaches.set(key, found);
    }
    return found;
  };
  let indexed: Promise<void> | undefined;

  const scansOf = async (scope: ScopeChoice, statement: VexStatement, product: VexReadProduct): Promise<number[]> => {
    switch (scope.scope) {
      case 'R':
      case 'FN':
        return [scope.resultScope];
      case 'FH':
        return [scope.scanId];
      case 'CA':
      case 'G': {
        indexed ??= deps.index.ensureIndexed();
        await indexed;
        const purl = product.purl !== null ? parsePurl(product.purl) : null;
        const keys = [...new Set([purl?.name, product.name, statement.binlens?.component_name].filter((n): n is string => !!n).map(nameKey))];
        const rows = await deps.index.candidates(viewer, keys, CANDIDATE_ROWS);
        const origin = statement.binlens?.scan_id;
        const rank = (row: ScanComponentRow) => (row.scanId === origin ? 0 : product.version !== null && row.version === product.version ? 1 : 2);
        const ordered = [...rows].sort((a, b) => rank(a) - rank(b) || b.scanId - a.scanId);
        const scans: number[] = [];
        for (const row of ordered) {
          if (scans.length >= SCANS_PER_PRODUCT || (targets.size >= SCANS_PER_IMPORT && !targets.has(row.scanId))) break;
          if (scans.includes(row.scanId)) continue;
          if (scope.scope === 'G' && !(await groupReaches(scope.groupScope, row.scanId))) continue;
          scans.push(row.scanId);
        }
        return scans;
      }
    }
  };

  return {
    async find(scope, statement, product) {
      let present = false;
      for (const scanId of await scansOf(scope, statement, product)) {
        const components = await targetsOf(scanId);
        if (components === null) {
          // The application named is not ready: the create path would refuse it too.
          if (scope.scope === 'R' || scope.scope === 'FN' || scope.scope === 'FH') throw new AppError('scan_not_ready');
          continue;
        }
        const matching = components.filter((c) => productHolds(product, statement.binlens?.version_range ?? null, c));
        present ||= matching.length > 0;
        const affected = matching.filter((c) => c.vulnIds.has(statement.vulnId));
        if (affected.length > 0) return { kind: 'found', scanId, components: affected };
      }
      return { kind: 'unknown', reason: present ? 'vulnerability' : 'component' };
    },
  };
}

/**
 * Whether a document's product is this component: the same package (type, namespace, name;
 * qualifiers aside), or the same name where either side is generic; at the version named, or
 * in the range a Binlens export recorded, or at any version when the product names none.
 */
function productHolds(product: VexReadProduct, range: string | null, component: TriageTarget): boolean {
  const own = parsePurl(component.purl);
  const named = product.purl !== null ? parsePurl(product.purl) : null;
  const same = named
    ? (own !== null && samePackage(named, own)) || ((own === null || own.type === 'generic' || named.type === 'generic') && sameName(named.name, component.name))
    : product.name !== null && sameName(product.name, component.name);
  if (!same) return false;
  if (range !== null) return versionHolds({ componentVersion: null, versionRange: range }, component.version, component.purl);
  return product.version === null || product.version === component.version || product.version === own?.version;
}

const sameName = (a: string, b: string): boolean => a.toLowerCase() === b.toLowerCase();

function samePackage(a: Purl, b: Purl): boolean {
  return a.type === b.type && sameName(a.name, b.name) && sameName(a.namespace.join('/'), b.namespace.join('/'));
}

/** The triages a statement makes for a product found: one for a range, else one per version of the component found. */
function triagesOf(scope: ScopeChoice, statement: VexStatement, found: Extract<Found, { kind: 'found' }>): VexImportTriage[] {
  const facts = statement.binlens;
  const range = facts?.version_range ?? null;
  const recordedName = facts?.component_name;
  const first = found.components[0];
  if (!first) return [];
  const nameOf = (component: TriageTarget) => (recordedName !== undefined && sameName(recordedName, component.name) ? recordedName : component.name);
  const applicationName = scope.scope === 'FN' ? scope.applicationName : null;
  const common = {
    statement: statement.number,
    triage: null,
    vuln_id: statement.vulnId,
    rationale: statement.rationale,
    description: statement.description,
    scope: scope.scope,
    group_scope: scope.scope === 'G' ? scope.groupScope : null,
    result_scope: scope.scope === 'R' ? scope.resultScope : null,
    application_name: applicationName,
    triaged_obj: scope.scope === 'FH' ? scope.triagedObj : null,
    scan_id: found.scanId,
    // A CVSS vector's severity is its score's: the create path works it out.
    adjusted_severity: facts?.environmental_vector !== undefined ? null : (facts?.adjusted_severity ?? null),
    environmental_vector: facts?.environmental_vector ?? null,
  };
  if (range !== null) return [{ ...common, component_name: nameOf(first), component_version: null, version_range: range }];
  const byVersion = new Map(found.components.map((c) => [c.version, c]));
  return [...byVersion.values()].map((c) => ({ ...common, component_name: nameOf(c), component_version: c.version, version_range: null }));
}

/** What makes two triages the same decision, whoever made them on which application. */
function identityOf(t: Pick<VexImportTriage, 'vuln_id' | 'component_name' | 'component_version' | 'version_range' | 'rationale' | 'description' | 'scope'
  | 'group_scope' | 'result_scope' | 'application_name' | 'triaged_obj' | 'adjusted_severity' | 'environmental_vector'>): string {
  return JSON.stringify([
    t.vuln_id, t.component_name.toLowerCase(), t.component_version, t.version_range, t.rationale, t.description, t.scope,
    t.scope === 'G' ? t.group_scope : null,
    t.scope === 'R' ? t.result_scope : null,
    t.scope === 'FN' ? t.application_name : null,
    t.scope === 'FH' ? (t.triaged_obj ?? '').toLowerCase() : null,
    t.environmental_vector === null ? t.adjusted_severity : null,
    t.environmental_vector,
  ]);
}

/** The triages the viewer sees with these vulnerability ids, by identity → id. */
async function existingTriages(deps: VexServiceDeps, viewer: Viewer, vulnIds: ReadonlySet<string>): Promise<Map<string, number>> {
  const found = new Map<string, number>();
  for (const vulnId of vulnIds) {
    for (let offset = 0; offset < MAX_EXPORT_TRIAGES; offset += PAGE) {
      const page = await deps.triageRows.list(viewer, { vulnId, ordering: 'id' }, { limit: PAGE, offset });
      for (const row of page.rows) {
        const dto = toTriageDto(row);
        if (!found.has(identityOf(dto))) found.set(identityOf(dto), dto.id);
      }
      if (page.rows.length < PAGE) break;
    }
  }
  return found;
}

function requestOf(t: VexImportTriage): TriageCreate {
  return {
    scan_id: t.scan_id,
    component_name: t.component_name,
    component_version: t.component_version,
    version_range: t.version_range,
    vuln_id: t.vuln_id,
    description: t.description,
    rationale: t.rationale,
    scope: t.scope,
    group_scope: t.group_scope,
    result_scope: t.scope === 'R' || t.scope === 'FN' ? (t.result_scope ?? t.scan_id) : null,
    triaged_obj: t.triaged_obj,
    adjusted_severity: t.adjusted_severity as TriageCreate['adjusted_severity'],
    environmental_vector: t.environmental_vector,
  };
}

const LISTED = 20;

function unknownMessage(unknown: readonly VexImportUnknown[]): string {
  const words: Record<VexImportUnknown['reason'], string> = {
    product: 'names no package this server reads',
    component: 'is in no application of the scope',
    vulnerability: 'does not have this vulnerability in the scope',
    scope: 'has no Binlens scope you can see (choose a scope)',
  };
  const listed = unknown.slice(0, LISTED).map((u) => `statement ${u.statement}: ${u.product} ${words[u.reason]} (${u.vuln_id})`);
  const more = unknown.length > LISTED ? `; and ${unknown.length - LISTED} more` : '';
  return `Nothing was imported: ${listed.join('; ')}${more}.`;
}

/** A scan's component as a document names it: its purl, or a generic one when it has none. */
function productOfComponent(component: Component): VexProduct {
  const purl = component.purl !== '' && parsePurl(component.purl) ? component.purl : genericPurl(component.name, component.version || null);
  return { purl, name: component.name, version: component.version };
}

/**
 * The product of a triage read without an application: the package of the component it names
 * in the application it was made on (its qualifiers left out: they may carry a version), at
 * the triage's version, or at none for a range; a generic purl when that is gone.
 */
function originProduct(triage: TriageDto, components: readonly Component[]): VexProduct {
  const version = triage.component_version;
  const component = components.find((c) => sameName(c.name, triage.component_name) && (version === null || c.version === version))
    ?? components.find((c) => sameName(c.name, triage.component_name));
  const parsed = component ? parsePurl(component.purl) : null;
  const purl = parsed ? formatPurl({ ...parsed, version, qualifiers: {}, subpath: null }) : genericPurl(triage.component_name, version);
  return { purl, name: component?.name ?? triage.component_name, version: version ?? '' };
}

function genericPurl(name: string, version: string | null): string {
  return formatPurl({ type: 'generic', namespace: [], name, version, qualifiers: {}, subpath: null });
}
