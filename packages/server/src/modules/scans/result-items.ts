// A ready scan's Identification split for storage: the lists read a page at a time become
// scan_items rows in their API shapes, and what results and evaluation need stays as one
// small "core". Done once when a scan turns ready; the Identification never changes after.
import { toNativeJson, toScanResult } from '@binlens/engine';
import type { Identification } from '@binlens/engine/model';
import type { ScanItemSection } from '../../db/schema/index.ts';
import { imageItems } from './files-images.ts';
import { fileTreeNodes, parentKey, parentOf, type StoredFileNode } from './files-tree.ts';

export interface ScanItemRow {
  section: ScanItemSection;
  idx: number;
  kind: string | null;
  decoy: boolean;
  shownIdx: number | null;
  kindIdx: number | null;
  kindShownIdx: number | null;
  search: string | null;
  item: unknown;
}

type Described = Partial<Pick<ScanItemRow, 'kind' | 'decoy' | 'search'>>;

/**
 * The version of what the split writes as items. Raise it when an item's shape, kind or search
 * text changes: stored scans whose items are older are split again on their first read
 * (result-store.ts). 2: executables carry their format as kind and a search text. 3: code
 * findings (static code analysis) are items. 5: an infoleak keeps its context with every secret
 * of its file masked. 4: every file (the file tree) and the container
 * images are items.
 */
export const ITEMS_VERSION = 5;

export interface SplitIdentification {
  core: Identification;
  componentCount: number;
  items: ScanItemRow[];
}

export function splitIdentification(identification: Identification): SplitIdentification {
  const native = toNativeJson(identification, toScanResult(identification));
  const items: ScanItemRow[] = [];
  const push = (section: ScanItemSection, list: readonly unknown[], describe: (item: never) => Described = () => ({})) => {
    const ranks = new Ranks();
    list.forEach((entry, i) => {
      const { kind = null, decoy = false, search = null } = describe(entry as never);
      items.push({ section, idx: i + 1, kind, decoy, ...ranks.next(kind, decoy), search, item: entry });
    });
  };
  push('infoleak', withMaskedContexts(native.infoleaks).map((leak, i) => ({ id: i + 1, ...leak })), (leak: (typeof native.infoleaks)[number]): Described => ({
    kind: leak.kind,
    decoy: leak.decoy,
    search: searchText([leak.value, leak.context, leak.path.join('/')]),
  }));
  push('executable', native.executables, (exe: (typeof native.executables)[number]): Described => ({
    kind: exe.format,
    search: executableSearchText(exe),
  }));
  push('code_finding', native.code_findings.map((finding, i) => ({ id: i + 1, ...finding })), (finding: (typeof native.code_findings)[number]): Described => ({
    kind: finding.rule,
    search: searchText([finding.path.join('/'), ...finding.evidence, finding.cwe, fieldMark('severity', finding.severity), '']),
  }));
  push('mobile_app', native.mobile_apps);
  push('problem', identification.problems, (problem: Identification['problems'][number]): Described => ({ kind: problem.level }));
  // The file tree (files-tree.ts): a node's kind is its folder's key, so its siblings are one run.
  push('file', fileTreeNodes(identification), (node: StoredFileNode): Described => {
    const parent = parentOf(node.path);
    return { kind: parent === null ? null : parentKey(parent), search: fileSearchText(node.path) };
  });
  push('image', imageItems(identification));
  return { core: resultCore(identification), componentCount: identification.components.length, items };
}

/** Positions of one section's items in its filtered lists, counted as the items come. */
class Ranks {
  private shown = 0;
  private readonly ofKind = new Map<string, number>();
  private readonly ofKindShown = new Map<string, number>();

  next(kind: string | null, decoy: boolean): Pick<ScanItemRow, 'shownIdx' | 'kindIdx' | 'kindShownIdx'> {
    const bump = (counts: Map<string, number>, key: string) => {
      const value = (counts.get(key) ?? 0) + 1;
      counts.set(key, value);
      return value;
    };
    return {
      shownIdx: decoy ? null : (this.shown += 1),
      kindIdx: kind === null ? null : bump(this.ofKind, kind),
      kindShownIdx: kind === null || decoy ? null : bump(this.ofKindShown, kind),
    };
  }
}

/**
 * Each leak with `masked_context`: its context with every secret found in the same file in its
 * masked form, the longest first (one secret may contain another). What a viewer who may not
 * reveal secrets is shown (analysis-service.ts shownLeak): a context cut around an e-mail
 * address can hold the password on the next line.
 */
export function withMaskedContexts<Leak extends { path: string[]; value: string; masked: string | null; context: string }>(leaks: readonly Leak[]): (Leak & { masked_context: string })[] {
  const secretsOf = new Map<string, [string, string][]>();
  for (const leak of leaks) {
    if (leak.masked === null || leak.value === '') continue;
    const key = JSON.stringify(leak.path);
    secretsOf.set(key, [...(secretsOf.get(key) ?? []), [leak.value, leak.masked]]);
  }
  for (const secrets of secretsOf.values()) secrets.sort(([a], [b]) => b.length - a.length);
  return leaks.map((leak) => {
    let context = leak.context;
    for (const [value, masked] of secretsOf.get(JSON.stringify(leak.path)) ?? []) context = context.replaceAll(value, masked);
    return { ...leak, masked_context: context };
  });
}

/**
 * The Identification as toScanResult and evaluate read it: every field but the lists kept
 * as items, and only the files some component's evidence names (a firmware has 10^5 files,
 * its components name a few hundred).
 */
function resultCore(identification: Identification): Identification {
  const { infoleaks: _infoleaks, mobileApps: _mobileApps, files, ...rest } = identification;
  const named = new Set(identification.components.flatMap((c) => c.evidence.map((e) => JSON.stringify(e.path))));
  return { ...rest, files: files.filter((f) => named.has(JSON.stringify(f.path))), problems: [] };
}

/**
 * A file-tree node's search text: its whole path as one field, so a typed needle finds any part
 * of it and exactPathNeedle the node alone among its siblings.
 */
export function fileSearchText(path: readonly string[]): string {
  return searchText(['', path.join('/'), '']);
}

/** What matches one node's whole path in its search text (case aside: the caller compares paths). */
export function exactPathNeedle(path: readonly string[]): string {
  return fileSearchText(path);
}

/**
 * What a search is matched against: the fields lower-cased, in a form a text column holds
 * (no NUL, no lone surrogate). A needle goes through `searchNeedle` so both sides agree.
 */
/**
 * An executable's search text: its path, machine and type, then each missing mitigation as a
 * field of its own (`missing:no-pie`), which a filter on one mitigation matches whole.
 */
export function executableSearchText(exe: { path: readonly string[]; machine: string; type: string; missing: readonly string[] }): string {
  return searchText([exe.path.join('/'), exe.machine, exe.type, ...exe.missing.map((mitigation) => fieldMark('missing', mitigation)), '']);
}

/** A field of a search text that a filter matches whole (`missing:no-pie`, `severity:high`). */
function fieldMark(field: string, value: string): string {
  return `${field}:${value}`;
}

/** What matches one marked field, whole, in a search text. */
export function markNeedle(field: string, value: string): string {
  return `${FIELD_SEPARATOR}${field}:${searchNeedle(value)}${FIELD_SEPARATOR}`;
}

/** What matches one missing mitigation, whole, in an executable's search text. */
export function missingNeedle(mitigation: string): string {
  return markNeedle('missing', mitigation);
}

export function searchText(fields: readonly string[]): string {
  return fields.map(searchNeedle).join(FIELD_SEPARATOR);
}

export function searchNeedle(text: string): string {
  return text.toLowerCase().toWellFormed().replaceAll('\0', '\uFFFD');
}

// A unit separator: no needle a person types spans two fields.
const FIELD_SEPARATOR = '\u001F';
