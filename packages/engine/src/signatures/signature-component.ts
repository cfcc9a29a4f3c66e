// A signature finding → a component: code type NA (native), purl of the entry's type,
// CPE from its vendor:product, licence from the entry (also kept on the evidence, so it
// stays traceable to the signature once merged with licences found elsewhere).
// File-name-only findings carry version '' and method `filename`.
import type { Component, Evidence, MatchingMethod } from '../model/index.ts';
import { makeComponent } from '../identify/component.ts';
import { formatCpe } from '../identify/cpe.ts';
import { formatPurl } from '../identify/purl.ts';
import type { Signature } from './types.ts';

export interface Finding {
  signature: Signature;
  /** '' when found by file name only. */
  version: string;
  path: string[];
  method: MatchingMethod;
  offset?: number;
  text: string;
}

export function signatureComponent(f: Finding): Component {
  const { signature, version } = f;
  const [cpeVendor, cpeProduct] = (signature.cpe ?? '').split(':');
  const evidence: Evidence = {
    method: f.method,
    foundBy: `signatures/${signature.id}`,
    path: f.path,
    text: f.text,
    ...(f.offset === undefined ? {} : { offset: f.offset }),
    ...(signature.license === undefined ? {} : { license: signature.license }),
  };
  return makeComponent({
    name: signature.name,
    version,
    codetype: 'NA',
    vendor: signature.vendor,
    purl: formatPurl({ type: signature.purl.type, namespace: signature.purl.namespace, name: signature.name, version: version || undefined }),
    cpes: cpeVendor && cpeProduct ? [formatCpe(cpeVendor, cpeProduct, version)] : [],
    licenses: signature.license === undefined ? [] : [signature.license],
    evidence: [evidence],
  });
}
