// CycloneDX VEX (JSON, 1.4 to 1.6: the versions with vulnerabilities) as statements: each
// vulnerability with the components its `affects` refer to, by bom-ref within the document or
// by BOM-Link/purl to another. The analysis says the rationale (CDX_ANALYSIS_OF read back);
// `binlens:*` properties, in a document this server wrote, say it exactly.
import type { TriageRationale } from '../../db/schema/index.ts';
import type { CdxJustification } from './cyclonedx-vex.ts';
import { readFactPairs, VexFormatError } from './facts.ts';
import type { VexReadProduct, VexStatement } from './model.ts';
import {
  arrayAt, descriptionOf, each, isObject, type JsonObject, MAX_PRODUCTS, MAX_STATEMENTS, productOfPurl, stringAt, unreadableProduct, vulnIdOf,
} from './read-support.ts';

/** Components nest (a component's `components`); deeper than this is not a BOM anyone writes. */
const MAX_DEPTH = 32;

export function readCycloneDx(bom: JsonObject): VexStatement[] {
  const byRef = new Map<string, VexReadProduct>();
  let count = 0;
  const collect = (value: unknown, what: string, depth: number): void => {
    if (!isObject(value)) return;
    count += 1;
    if (count > MAX_PRODUCTS) throw new VexFormatError(`The document holds more than ${MAX_PRODUCTS.toLocaleString('en')} components: split it.`);
    if (depth > MAX_DEPTH) throw new VexFormatError(`${what} nests more than ${MAX_DEPTH} components deep.`);
    const ref = stringAt(value['bom-ref'], `${what} bom-ref`);
    if (ref !== null) byRef.set(ref, componentProduct(value, what));
    for (const [i, child] of arrayAt(value.components, `${what} components`).entries()) collect(child, `${what} component ${i + 1}`, depth + 1);
  };
  if (isObject(bom.metadata)) collect(bom.metadata.component, 'metadata component', 0);
  for (const [i, component] of arrayAt(bom.components, 'components').entries()) collect(component, `component ${i + 1}`, 0);

  const vulnerabilities = arrayAt(bom.vulnerabilities, 'vulnerabilities', MAX_STATEMENTS);
  return each(vulnerabilities, 'Vulnerability', (vulnerability, index): VexStatement => {
    if (!isObject(vulnerability)) throw new VexFormatError('is not an object.');
    const vulnId = vulnIdOf(vulnerability.id, 'its id');
    const products = arrayAt(vulnerability.affects, 'affects').map((affected, i) => {
      const ref = isObject(affected) ? stringAt(affected.ref, `affects ${i + 1} ref`) : null;
      if (ref === null) throw new VexFormatError(`affects ${i + 1} has no ref.`);
      return byRef.get(ref) ?? referencedProduct(ref);
    });
    const properties = arrayAt(vulnerability.properties, 'properties').flatMap((p) => (isObject(p) && typeof p.name === 'string' ? [{ name: p.name, value: p.value }] : []));
    const binlens = readFactPairs(properties);
    const analysis = isObject(vulnerability.analysis) ? vulnerability.analysis : {};
    const detail = stringAt(analysis.detail, 'analysis detail');
    return {
      number: index + 1,
      vulnId,
      products,
      rationale: binlens?.rationale ?? rationaleOf(analysis),
      description: descriptionOf(detail),
      binlens,
    };
  });
}

function componentProduct(component: JsonObject, what: string): VexReadProduct {
  const purl = stringAt(component.purl, `${what} purl`);
  if (purl !== null) return productOfPurl(purl);
  const name = stringAt(component.name, `${what} name`);
  const version = stringAt(component.version, `${what} version`);
  if (name === null) return unreadableProduct(stringAt(component['bom-ref'], `${what} bom-ref`) ?? what);
  return { purl: null, name, version, label: version ? `${name}@${version}` : name };
}

/** A ref to no component of this document: a BOM-Link to another BOM's component, or a purl itself. */
function referencedProduct(ref: string): VexReadProduct {
  const link = /^urn:cdx:[^#]+#(.+)$/.exec(ref);
  let target = ref;
  if (link?.[1]) {
    try {
      target = decodeURIComponent(link[1]);
    } catch {
      return unreadableProduct(ref);
    }
  }
  return target.startsWith('pkg:') ? productOfPurl(target) : unreadableProduct(ref);
}

const NOT_AFFECTED: Readonly<Record<CdxJustification, TriageRationale>> = {
  code_not_present: 'NA',
  code_not_reachable: 'NA',
  requires_dependency: 'NA',
  requires_environment: 'NA',
  requires_configuration: 'FD',
  protected_by_compiler: 'MI',
  protected_at_runtime: 'MI',
  protected_at_perimeter: 'MI',
  protected_by_mitigating_control: 'MI',
};

/** CDX_ANALYSIS_OF read back; an exploitable vulnerability nobody will fix is won't fix, any other open one a comment. */
function rationaleOf(analysis: JsonObject): TriageRationale {
  const state = stringAt(analysis.state, 'analysis state');
  const justification = stringAt(analysis.justification, 'analysis justification');
  const responses = arrayAt(analysis.response, 'analysis response').filter((r) => typeof r === 'string');
  switch (state) {
    case 'resolved':
      return responses.includes('update') ? 'VP' : 'PA';
    case 'resolved_with_pedigree':
      return 'PA';
    case 'false_positive':
      return 'FP';
    case 'not_affected':
      return justification !== null && Object.hasOwn(NOT_AFFECTED, justification) ? NOT_AFFECTED[justification as CdxJustification] : 'OT';
    case 'exploitable':
      return responses.includes('will_not_fix') || responses.includes('can_not_fix') ? 'WF' : 'CO';
    case 'in_triage':
    case null:
      return 'CO';
    default:
      throw new VexFormatError(`analysis state ${JSON.stringify(state.slice(0, 40))} is not a CycloneDX state.`);
  }
}
