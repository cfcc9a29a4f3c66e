// OpenVEX (0.2.0, and the 0.0.x documents whose vulnerability is a bare id) as statements:
// each statement's products, or their subcomponents when it names them (the components inside
// a product are what a scan finds). The status and justification say the rationale
// (OPENVEX_STATUS_OF read back); a `binlens:` line of status_notes says it exactly.
import type { TriageRationale } from '../../db/schema/index.ts';
import { readFacts, VexFormatError } from './facts.ts';
import type { VexReadProduct, VexStatement } from './model.ts';
import { type OpenVexJustification, OPENVEX_STATUSES, splitStatusNotes } from './openvex.ts';
import {
  arrayAt, descriptionOf, each, isObject, type JsonObject, MAX_PRODUCTS, MAX_STATEMENTS, productOfPurl, stringAt, unreadableProduct, vulnIdOf,
} from './read-support.ts';

export function readOpenVex(document: JsonObject): VexStatement[] {
  let count = 0;
  const statements = arrayAt(document.statements, 'statements', MAX_STATEMENTS);
  return each(statements, 'Statement', (statement, index): VexStatement => {
    if (!isObject(statement)) throw new VexFormatError('is not an object.');
    const vulnerability = statement.vulnerability;
    const vulnId = vulnIdOf(isObject(vulnerability) ? vulnerability.name : vulnerability, 'its vulnerability name');
    const products = arrayAt(statement.products, 'products').flatMap((product, i) => {
      if (!isObject(product)) throw new VexFormatError(`product ${i + 1} is not an object.`);
      const subcomponents = arrayAt(product.subcomponents, `product ${i + 1} subcomponents`);
      const named = subcomponents.length > 0 ? subcomponents.map((s, j) => productOf(s, `product ${i + 1} subcomponent ${j + 1}`)) : [productOf(product, `product ${i + 1}`)];
      count += named.length;
      if (count > MAX_PRODUCTS) throw new VexFormatError(`the document names more than ${MAX_PRODUCTS.toLocaleString('en')} products: split it.`);
      return named;
    });
    const status = stringAt(statement.status, 'its status');
    if (status === null || !(OPENVEX_STATUSES as readonly string[]).includes(status)) throw new VexFormatError(`its status is ${JSON.stringify(status)}, not one of ${OPENVEX_STATUSES.join(', ')}.`);
    const notes = stringAt(statement.status_notes, 'its status_notes');
    const split = notes !== null ? splitStatusNotes(notes) : { description: '', facts: null };
    const binlens = isObject(split.facts) ? readFacts(split.facts) : null;
    const impact = stringAt(statement.impact_statement, 'its impact_statement');
    const action = stringAt(statement.action_statement, 'its action_statement');
    return {
      number: index + 1,
      vulnId,
      products,
      rationale: binlens?.rationale ?? rationaleOf(status, stringAt(statement.justification, 'its justification')),
      // What this server wrote in the notes is the description; anyone else's statements say it in their own fields.
      description: binlens ? descriptionOf(split.description) : descriptionOf(impact ?? action ?? notes),
      binlens,
    };
  });
}

function productOf(value: unknown, what: string): VexReadProduct {
  if (!isObject(value)) throw new VexFormatError(`${what} is not an object.`);
  const identifiers = isObject(value.identifiers) ? value.identifiers : {};
  const purl = stringAt(identifiers.purl, `${what} purl`);
  const id = stringAt(value['@id'], `${what} @id`);
  if (purl !== null) return productOfPurl(purl);
  if (id !== null && id.startsWith('pkg:')) return productOfPurl(id);
  return unreadableProduct(id ?? stringAt(identifiers['@cpe23'], `${what} cpe`) ?? what);
}

/** Read back as OPENVEX_STATUS_OF writes them; also what CSAF's product status and flags say (read-csaf.ts). */
export const NOT_AFFECTED_BY: Readonly<Record<OpenVexJustification, TriageRationale>> = {
  component_not_present: 'FP',
  vulnerable_code_not_present: 'NA',
  vulnerable_code_not_in_execute_path: 'FD',
  vulnerable_code_cannot_be_controlled_by_adversary: 'MI',
  inline_mitigations_already_exist: 'MI',
};

function rationaleOf(status: string, justification: string | null): TriageRationale {
  switch (status) {
    case 'fixed':
      return 'PA';
    case 'not_affected':
      // Without a justification the statement explains itself in its impact statement: another reason.
      return justification !== null && Object.hasOwn(NOT_AFFECTED_BY, justification) ? NOT_AFFECTED_BY[justification as OpenVexJustification] : 'OT';
    default:
      // affected, under_investigation: the vulnerability stays; what was said about it is a comment.
      return 'CO';
  }
}
