// CSAF 2.0 VEX as statements. Products are identified by the product tree: a product's purl
// (product_identification_helper), or, for a relationship ("curl as a component of RHEL 9"),
// the purl of the product it refers to. Per vulnerability, each product's status says the
// rationale: known_not_affected with its flag's justification (as OpenVEX's), fixed (a vendor
// fix: vendor patched), known_affected (no fix planned: won't fix; else a comment),
// under_investigation (a comment). Products saying the same are one statement.
import type { TriageRationale } from '../../db/schema/index.ts';
import { VexFormatError } from './facts.ts';
import type { VexReadProduct, VexStatement } from './model.ts';
import type { OpenVexJustification } from './openvex.ts';
import { NOT_AFFECTED_BY } from './read-openvex.ts';
import {
  arrayAt, descriptionOf, each, isObject, type JsonObject, MAX_PRODUCTS, MAX_STATEMENTS, productOfPurl, stringAt, unreadableProduct, vulnIdOf,
} from './read-support.ts';

const MAX_DEPTH = 32;

type Status = 'not_affected' | 'fixed' | 'affected' | 'under_investigation';
/** CSAF product_status lists by what they say; `recommended` says nothing about being affected. */
const STATUS_OF: Readonly<Record<string, Status>> = {
  known_not_affected: 'not_affected',
  fixed: 'fixed',
  first_fixed: 'fixed',
  known_affected: 'affected',
  first_affected: 'affected',
  last_affected: 'affected',
  under_investigation: 'under_investigation',
};

export function readCsaf(document: JsonObject): VexStatement[] {
  const products = productTree(isObject(document.product_tree) ? document.product_tree : {});
  const productOf = (id: string): VexReadProduct => products.byId.get(id) ?? unreadableProduct(id);
  const idsOf = (entry: JsonObject, what: string): string[] => [
    ...arrayAt(entry.product_ids, `${what} product_ids`).filter((id): id is string => typeof id === 'string'),
    ...arrayAt(entry.group_ids, `${what} group_ids`).flatMap((id) => (typeof id === 'string' ? (products.groups.get(id) ?? []) : [])),
  ];

  const statements: Omit<VexStatement, 'number'>[] = [];
  each(arrayAt(document.vulnerabilities, 'vulnerabilities', MAX_STATEMENTS), 'Vulnerability', (vulnerability) => {
    if (!isObject(vulnerability)) throw new VexFormatError('is not an object.');
    const firstId = arrayAt(vulnerability.ids, 'ids').find(isObject);
    const vulnId = vulnIdOf(vulnerability.cve ?? firstId?.text, 'its cve (or ids)');
    const flagOf = new Map<string, string>();
    for (const [i, flag] of arrayAt(vulnerability.flags, 'flags').entries()) {
      if (!isObject(flag)) continue;
      const label = stringAt(flag.label, `flag ${i + 1} label`);
      if (label !== null) for (const id of idsOf(flag, `flag ${i + 1}`)) flagOf.set(id, label);
    }
    const impactOf = new Map<string, string>();
    for (const [i, threat] of arrayAt(vulnerability.threats, 'threats').entries()) {
      if (!isObject(threat) || threat.category !== 'impact') continue;
      const details = stringAt(threat.details, `threat ${i + 1} details`);
      if (details !== null) for (const id of idsOf(threat, `threat ${i + 1}`)) impactOf.set(id, details);
    }
    const remediationsOf = new Map<string, { category: string; text: string }[]>();
    for (const [i, remediation] of arrayAt(vulnerability.remediations, 'remediations').entries()) {
      if (!isObject(remediation)) continue;
      const category = stringAt(remediation.category, `remediation ${i + 1} category`) ?? '';
      const text = descriptionOf(stringAt(remediation.details, `remediation ${i + 1} details`), stringAt(remediation.url, `remediation ${i + 1} url`));
      for (const id of idsOf(remediation, `remediation ${i + 1}`)) remediationsOf.set(id, [...(remediationsOf.get(id) ?? []), { category, text }]);
    }

    // Products saying the same (rationale and description) make one statement.
    const said = new Map<string, Omit<VexStatement, 'number'>>();
    const status = isObject(vulnerability.product_status) ? vulnerability.product_status : {};
    for (const [list, ids] of Object.entries(status)) {
      const kind = STATUS_OF[list];
      if (!kind) continue;
      for (const id of arrayAt(ids, `product_status ${list}`)) {
        if (typeof id !== 'string') continue;
        const { rationale, description } = decisionOf(kind, flagOf.get(id), impactOf.get(id), remediationsOf.get(id) ?? []);
        const key = `${rationale}\u0000${description}`;
        const statement = said.get(key) ?? { vulnId, products: [], rationale, description, binlens: null };
        said.set(key, statement);
        const product = productOf(id);
        if (!statement.products.some((p) => p.label === product.label)) statement.products.push(product);
      }
    }
    statements.push(...said.values());
    if (statements.length > MAX_STATEMENTS) throw new VexFormatError(`the document makes more than ${MAX_STATEMENTS.toLocaleString('en')} statements: split it.`);
  });
  return statements.map((statement, index) => ({ ...statement, number: index + 1 }));
}

function decisionOf(kind: Status, flag: string | undefined, impact: string | undefined, remediations: readonly { category: string; text: string }[]): { rationale: TriageRationale; description: string } {
  const texts = (...categories: string[]) => remediations.filter((r) => categories.includes(r.category)).map((r) => r.text);
  switch (kind) {
    case 'not_affected': {
      const justified = flag !== undefined && Object.hasOwn(NOT_AFFECTED_BY, flag) ? NOT_AFFECTED_BY[flag as OpenVexJustification] : null;
      // The profile asks for a flag or an impact statement. A flag says why; without one the impact statement does, as
      // another reason. (Beside a flag, "impact" often holds only a severity word, e.g. Red Hat's "Important".)
      if (justified) return { rationale: justified, description: '' };
      return { rationale: impact !== undefined ? 'OT' : 'NA', description: descriptionOf(impact) };
    }
    case 'fixed':
      return texts('vendor_fix').length > 0
        ? { rationale: 'VP', description: descriptionOf(...texts('vendor_fix')) }
        : { rationale: 'PA', description: descriptionOf(...texts('optional_patch', 'workaround', 'mitigation')) };
    case 'affected':
      return texts('no_fix_planned').length > 0
        ? { rationale: 'WF', description: descriptionOf(...texts('no_fix_planned')) }
        : { rationale: 'CO', description: descriptionOf(...texts('vendor_fix', 'fix_planned', 'mitigation', 'workaround', 'none_available'), impact) };
    case 'under_investigation':
      return { rationale: 'CO', description: descriptionOf(impact) };
  }
}

interface ProductTree {
  byId: Map<string, VexReadProduct>;
  /** product_groups: group id → product ids. */
  groups: Map<string, string[]>;
}

function productTree(tree: JsonObject): ProductTree {
  const byId = new Map<string, VexReadProduct>();
  let count = 0;
  const register = (value: unknown, what: string): void => {
    if (!isObject(value)) return;
    count += 1;
    if (count > MAX_PRODUCTS) throw new VexFormatError(`the product tree holds more than ${MAX_PRODUCTS.toLocaleString('en')} products: split the document.`);
    const id = stringAt(value.product_id, `${what} product_id`);
    if (id === null) return;
    const helper = isObject(value.product_identification_helper) ? value.product_identification_helper : {};
    const purl = stringAt(helper.purl, `${what} purl`);
    byId.set(id, purl !== null ? productOfPurl(purl) : unreadableProduct(stringAt(value.name, `${what} name`) ?? id));
  };
  const walk = (branches: unknown, what: string, depth: number): void => {
    if (depth > MAX_DEPTH) throw new VexFormatError(`${what} nests more than ${MAX_DEPTH} branches deep.`);
    for (const [i, branch] of arrayAt(branches, what).entries()) {
      if (!isObject(branch)) continue;
      register(branch.product, `${what} ${i + 1} product`);
      walk(branch.branches, `${what} ${i + 1} branches`, depth + 1);
    }
  };
  walk(tree.branches, 'product_tree branches', 0);
  for (const [i, product] of arrayAt(tree.full_product_names, 'product_tree full_product_names').entries()) register(product, `full_product_name ${i + 1}`);
  // "X as a component of Y": X's own identification, unless the relationship gives one.
  for (const [i, relationship] of arrayAt(tree.relationships, 'product_tree relationships').entries()) {
    if (!isObject(relationship) || !isObject(relationship.full_product_name)) continue;
    const id = stringAt(relationship.full_product_name.product_id, `relationship ${i + 1} product_id`);
    const reference = stringAt(relationship.product_reference, `relationship ${i + 1} product_reference`);
    if (id === null) continue;
    register(relationship.full_product_name, `relationship ${i + 1}`);
    const referenced = reference !== null ? byId.get(reference) : undefined;
    if (byId.get(id)?.purl == null && referenced?.purl) byId.set(id, referenced);
  }
  const groups = new Map<string, string[]>();
  for (const group of arrayAt(tree.product_groups, 'product_tree product_groups')) {
    if (!isObject(group) || typeof group.group_id !== 'string') continue;
    groups.set(group.group_id, arrayAt(group.product_ids, `product group ${group.group_id}`).filter((id): id is string => typeof id === 'string'));
  }
  return { byId, groups };
}
