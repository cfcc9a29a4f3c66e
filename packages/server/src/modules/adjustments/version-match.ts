// Does a component's version satisfy a triage's version or range? Ranges are read in the
// component's own version scheme (its purl's ecosystem), so `>=1:2.3 <1:2.4` means what a
// Debian package's versions mean.
import { parsePurl, schemeByName, type VersionScheme } from '@binlens/vulndb';

const SCHEME_OF_PURL_TYPE: Readonly<Record<string, string>> = {
  apk: 'alpine', composer: 'composer', deb: 'debian', gem: 'rubygems', golang: 'go', maven: 'maven',
  npm: 'semver', cargo: 'semver', nuget: 'nuget', pypi: 'pep440', rpm: 'rpm',
};

export function schemeOfPurl(purl: string): VersionScheme {
  const type = parsePurl(purl)?.type ?? '';
  const generic = schemeByName('generic');
  if (!generic) throw new Error('the generic version scheme is missing');
  return schemeByName(SCHEME_OF_PURL_TYPE[type] ?? 'generic') ?? generic;
}

const OPERATORS = ['>=', '<=', '>', '<', '='] as const;
type Operator = (typeof OPERATORS)[number];
export interface Comparator {
  operator: Operator;
  version: string;
}

/**
 * A range as users write it: comparators separated by spaces or commas, all of which must hold,
 * e.g. `>=1.2.0 <1.3.0`. Null when it is not one (an empty range, an operator without a
 * version, a bare version: a single version is a triage's component_version, not a range).
 */
export function parseVersionRange(text: string): Comparator[] | null {
  const parts = text.split(/[\s,]+/).filter((part) => part !== '');
  if (parts.length === 0 || parts.length > 8) return null;
  const comparators: Comparator[] = [];
  for (const part of parts) {
    const operator = OPERATORS.find((op) => part.startsWith(op));
    const version = operator ? part.slice(operator.length) : '';
    if (!operator || version === '') return null;
    comparators.push({ operator, version });
  }
  return comparators;
}

export function inVersionRange(version: string, range: readonly Comparator[], scheme: VersionScheme): boolean {
  if (version === '') return false;
  return range.every(({ operator, version: bound }) => {
    const order = scheme.compare(version, bound);
    switch (operator) {
      case '>=': return order >= 0;
      case '>': return order > 0;
      case '<=': return order <= 0;
      case '<': return order < 0;
      case '=': return order === 0;
    }
  });
}

/** Whether a rule naming `version` (exact) or `range` holds for the component's version; neither: every version. */
export function versionHolds(rule: { componentVersion: string | null; versionRange?: string | null }, version: string, purl: string): boolean {
  if (rule.versionRange) {
    const range = parseVersionRange(rule.versionRange);
    return range !== null && inVersionRange(version, range, schemeOfPurl(purl));
  }
  return rule.componentVersion === null || rule.componentVersion === version;
}
