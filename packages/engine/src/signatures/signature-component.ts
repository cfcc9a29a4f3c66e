// A signature finding → a component: code type NA (native), purl of the entry's type,
// CPE from its vendor:product, licence from the entry (also kept on the evidence, so it
// stays traceable to the signature once merged with licences found elsewhere).
// File-name-only findings carry version '' and method `filename`. A version kept as one
// number (`packedVersion`) is reported dotted.
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
  const { signature } = f;
  const version = reportedVersion(signature, f.version);
  const cpe = (signature.cpe ?? '').split(':');
  const [cpePart, cpeVendor, cpeProduct] = cpe.length === 3 ? cpe : ['a', ...cpe];
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
    cpes: cpeVendor && cpeProduct ? [formatCpe(cpeVendor, cpeProduct, version, cpePart === 'o' ? 'o' : 'a')] : [],
    licenses: signature.license === undefined ? [] : [signature.license],
    evidence: [evidence],
  });
}

/** The version as reported: a packed number unpacked (`20914` → `2.9.14`, `21000` → `2.10.0`), anything else as captured. */
export function reportedVersion(signature: Signature, captured: string): string {
  const digits = signature.packedVersion?.digits;
  // Sample: `20914` (major 2, minor 09, patch 14).
  if (digits === undefined || digits < 1 || !/^\d+$/.test(captured) || captured.length <= 2 * digits) return captured;
  const major = captured.slice(0, -2 * digits);
  const minor = captured.slice(-2 * digits, -digits);
  const patch = captured.slice(-digits);
  return [major, minor, patch].map((part) => String(Number(part))).join('.');
}
