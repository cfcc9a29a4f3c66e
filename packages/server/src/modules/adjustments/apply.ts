// What users said about a scan's components, applied to a copy of its Identification before
// evaluation (moves, versions, licences, names, ignores) and to the evaluation after it
// (triages). The stored Identification is never touched: removing an adjustment restores
// what the engine found at the next read.
import type { Component, Identification } from '@binlens/engine/model';
import { ANY, type Evaluation, type EvaluatedVuln, formatCpe23, formatPurl, NA, parseCpe, parsePurl } from '@binlens/vulndb';
import type {
  ComponentIgnoreRow, ComponentNameOverrideRow, ComponentObjectMoveRow, LicenseOverrideRow, TriageRow, VersionOverrideRow,
} from '../../db/schema/index.ts';
import { catalogueIdOf } from '../components/catalogue.ts';
import { ruleReachesFiles } from './scope.ts';
import { toTriageDto } from './triage-dto.ts';
import { versionHolds } from './version-match.ts';

/** Every adjustment that reaches one scan (repository.ts picks them by scope). */
export interface ScanAdjustments {
  readonly triages: readonly TriageRow[];
  readonly ignores: readonly ComponentIgnoreRow[];
  readonly versionOverrides: readonly VersionOverrideRow[];
  /** Newest first: the first that holds wins. */
  readonly licenseOverrides: readonly LicenseOverrideRow[];
  readonly nameOverrides: readonly ComponentNameOverrideRow[];
  readonly moves: readonly ComponentObjectMoveRow[];
}

export const NO_ADJUSTMENTS: ScanAdjustments = { triages: [], ignores: [], versionOverrides: [], licenseOverrides: [], nameOverrides: [], moves: [] };

export interface LicenseOverrideDto {
  id: number;
  scan: number | null;
  component_name: string;
  component_version: string | null;
  scope: number;
  group_scope: number | null;
  result_scope: number | null;
  license_name: string;
}

/** The spec §3 component fields that say what users changed. */
export interface ComponentDecoration {
  custom_version: string | null;
  /** The version the engine found, when an override replaced it (version and custom_version hold the override). */
  detected_version: string | null;
  license_overrides: LicenseOverrideDto[];
  name_override: { id: number; name: string } | null;
  ignored_component_ids: string[];
}

export interface AdjustedIdentification {
  identification: Identification;
  decorations: Record<string, ComponentDecoration>;
  /** SHA-1s of each component's files, by uid. */
  fileHashes: Record<string, ReadonlySet<string>>;
}

const sameName = (a: string, b: string): boolean => a.toLowerCase() === b.toLowerCase();
const pathKey = (path: readonly string[]): string => path.join('\u0000');

export function adjustIdentification(core: Identification, adjustments: ScanAdjustments): AdjustedIdentification {
  const sha1Of = new Map(core.files.map((file) => [pathKey(file.path), file.sha1]));
  const hashesOf = (component: Component): Set<string> =>
    new Set(component.evidence.flatMap((evidence) => {
      const sha1 = sha1Of.get(pathKey(evidence.path));
      return sha1 ? [sha1] : [];
    }));

  const components = moveObjects(core.components, adjustments.moves, (evidence) => sha1Of.get(pathKey(evidence.path)));
  const decorations: Record<string, ComponentDecoration> = {};
  const fileHashes: Record<string, ReadonlySet<string>> = {};
  const adjusted = components.map((found) => {
    const hashes = hashesOf(found);
    fileHashes[found.id] = hashes;
    const override = adjustments.versionOverrides.find((o) => sameName(o.componentName, found.name) && o.hashes.some((h) => hashes.has(h.toLowerCase())));
    let component = override ? withVersion(found, override.version) : found;
    const licence = adjustments.licenseOverrides.filter((o) => sameName(o.componentName, component.name) && (o.componentVersion === null || o.componentVersion === component.version));
    if (licence[0]) component = { ...component, licenses: [licence[0].licenseName] };
    const catalogueId = adjustments.nameOverrides.length > 0 ? catalogueIdOf(found) : null;
    const name = adjustments.nameOverrides.find((o) => (o.componentId !== null && o.componentId === catalogueId) || mimirHolds(o, found));
    const ignores = adjustments.ignores.filter((rule) => sameName(rule.componentName, component.name)
      && (rule.componentVersion === null || rule.componentVersion === component.version) && ruleReachesFiles(rule, hashes));
    decorations[found.id] = {
      custom_version: override ? override.version : null,
      detected_version: override ? found.version : null,
      license_overrides: licence.map(toLicenseOverrideDto),
      name_override: name ? { id: name.id, name: name.displayName } : null,
      ignored_component_ids: ignores.map((rule) => String(rule.id)),
    };
    return component;
  });
  return { identification: { ...core, components: adjusted }, decorations, fileHashes };
}

function mimirHolds(rule: ComponentNameOverrideRow, component: Component): boolean {
  if (rule.componentId !== null || rule.mimirName === null || !sameName(rule.mimirName, component.name)) return false;
  if (rule.mimirCodetype !== null && rule.mimirCodetype !== component.codetype) return false;
  if (rule.mimirVendor !== null && !sameName(rule.mimirVendor, component.vendor)) return false;
  return rule.mimirVariant === null || sameName(rule.mimirVariant, component.distro?.name ?? '');
}

/** Evidence of the moved files goes to the target; a source left without evidence disappears. */
function moveObjects(components: readonly Component[], moves: readonly ComponentObjectMoveRow[], sha1Of: (evidence: Component['evidence'][number]) => string | undefined): Component[] {
  if (moves.length === 0) return [...components];
  const byId = new Map(components.map((c) => [c.id, { ...c, evidence: [...c.evidence] }]));
  for (const move of moves) {
    const from = byId.get(move.fromUid);
    const to = byId.get(move.toUid);
    if (!from || !to || from === to) continue;
    const moved = new Set(move.hashes.map((h) => h.toLowerCase()));
    const goes = from.evidence.filter((e) => moved.has(sha1Of(e) ?? ''));
    from.evidence = from.evidence.filter((e) => !goes.includes(e));
    to.evidence.push(...goes);
  }
  return [...byId.values()].filter((c) => c.evidence.length > 0 || !moves.some((m) => m.fromUid === c.id));
}

/** The component at another version: its purl and version-bearing CPEs say so too, so that matching uses it. */
function withVersion(component: Component, version: string): Component {
  const purl = parsePurl(component.purl);
  let purlText = component.purl;
  if (purl) {
    const qualifiers = { ...purl.qualifiers };
    // A deb's `upstream=src@version` would keep matching the distro's old source version.
    if (qualifiers.upstream?.includes('@')) qualifiers.upstream = qualifiers.upstream.slice(0, qualifiers.upstream.indexOf('@'));
    purlText = formatPurl({ ...purl, version, qualifiers });
  }
  const cpes = component.cpes.map((text) => {
    const cpe = parseCpe(text);
    return cpe && cpe.version !== ANY && cpe.version !== NA ? formatCpe23({ ...cpe, version }) : text;
  });
  return { ...component, version, purl: purlText, cpes };
}

function toLicenseOverrideDto(row: LicenseOverrideRow): LicenseOverrideDto {
  return {
    id: row.id, scan: row.scanId, component_name: row.componentName, component_version: row.componentVersion,
    scope: row.scope, group_scope: row.groupScope, result_scope: row.resultScope, license_name: row.licenseName,
  };
}

/** Spec §9: every rationale resolves but CO (a comment); a re-scoring keeps the vulnerability, at its adjusted severity. */
export function isResolving(triage: Pick<TriageRow, 'rationale' | 'adjustedSeverity' | 'environmentalVector'>): boolean {
  return triage.rationale !== 'CO' && triage.adjustedSeverity === null && triage.environmentalVector === null;
}

/**
 * The evaluation with each vulnerability entry's triages (resolving ones in `triages`, the
 * others in `unresolved_triages`) and ignored components' vulnerabilities left out.
 */
export function applyTriages(evaluation: Evaluation, adjusted: AdjustedIdentification, adjustments: ScanAdjustments): Evaluation {
  const components: Record<string, EvaluatedVuln[]> = {};
  for (const component of adjusted.identification.components) {
    const vulns = evaluation.components[component.id] ?? [];
    if ((adjusted.decorations[component.id]?.ignored_component_ids.length ?? 0) > 0) {
      components[component.id] = [];
      continue;
    }
    const hashes = adjusted.fileHashes[component.id] ?? new Set<string>();
    const catalogueId = adjustments.triages.some((t) => t.mappedComponentId !== null) ? catalogueIdOf(component) : null;
    const rules = adjustments.triages.filter((t) => (sameName(t.componentName, component.name) || (t.mappedComponentId !== null && t.mappedComponentId === catalogueId))
      && versionHolds(t, component.version, component.purl) && ruleReachesFiles(t, hashes));
    components[component.id] = rules.length === 0 ? vulns : vulns.map((entry) => {
      const ids = new Set([entry.vuln_id, ...(evaluation.vulnerabilities[entry.vuln_id]?.aliases ?? [])]);
      const holding = rules.filter((t) => ids.has(t.vulnId));
      if (holding.length === 0) return entry;
      return { ...entry, triages: holding.filter(isResolving).map(toTriageDto), unresolved_triages: holding.filter((t) => !isResolving(t)).map(toTriageDto) };
    });
  }
  return { ...evaluation, components };
}
