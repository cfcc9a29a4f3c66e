// CycloneDX 1.6 XML through @cyclonedx/cyclonedx-library's XML serializer, which stringifies
// with xmlbuilder2 (a dependency of this package: the library only looks for it). The
// document is the JSON writer's: the same model (`buildCycloneDxBom`) and the same evidence
// (`componentEvidence`), which the library's model lacks and which is added to the normalised
// XML tree by bom-ref, as the last element of each `component` as the 1.6 schema orders it.
// XML 1.0 cannot hold every character a string of ours can (a signature's matched text keeps
// the NUL bytes it ran over): those are written U+FFFD. The tests check the result against
// the official 1.6 XSD.
import { type Models, Serialize, Spec } from '@cyclonedx/cyclonedx-library';
import type { Identification } from '../../model/index.ts';
import type { SbomOptions, SbomWriter } from '../common.ts';
import { type CdxEvidence, buildCycloneDxBom, componentEvidence } from './cyclonedx.ts';

type XmlElement = Serialize.XML.Types.SimpleXml.Element;
type XmlChild = XmlElement | Serialize.XML.Types.SimpleXml.Comment;

export const cyclonedxXmlWriter: SbomWriter = {
  name: 'cyclonedx-xml',
  mediaType: 'application/vnd.cyclonedx+xml; version=1.6',
  write: writeCycloneDxXml,
};

export function writeCycloneDxXml(identification: Identification, options?: SbomOptions): string {
  const serializer = new EvidenceXmlSerializer(componentEvidence(identification));
  return `${serializer.serialize(buildCycloneDxBom(identification, options), { sortLists: true, space: 2 })}\n`;
}

/** The library's serializer with each component's evidence added between normalising and stringifying. */
class EvidenceXmlSerializer extends Serialize.XmlSerializer {
  readonly #evidence: ReadonlyMap<string, CdxEvidence>;

  constructor(evidence: ReadonlyMap<string, CdxEvidence>) {
    super(new Serialize.XML.Normalize.Factory(Spec.Spec1dot6));
    this.#evidence = evidence;
  }

  protected override _normalize(bom: Models.Bom, options?: Serialize.Types.NormalizerOptions): XmlElement {
    const root = super._normalize(bom, options);
    const components = elementChildren(root).find((e) => e.name === 'components');
    for (const component of components ? elementChildren(components) : []) {
      const evidence = this.#evidence.get(String(component.attributes?.['bom-ref'] ?? ''));
      if (evidence) component.children = [...childList(component), evidenceElement(evidence)];
    }
    return xmlSafe(root);
  }
}

/** Any character outside XML 1.0's `Char` production (C0 controls but tab and line ends, U+FFFE, U+FFFF, lone surrogates). */
const NOT_XML_CHAR = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;

/** The tree with every text and attribute value made of XML characters only. */
function xmlSafe(element: XmlElement): XmlElement {
  const safe = (value: string) => value.replace(NOT_XML_CHAR, '\uFFFD');
  if (element.attributes) {
    for (const [name, value] of Object.entries(element.attributes)) if (typeof value === 'string') element.attributes[name] = safe(value);
  }
  if (typeof element.children === 'string') element.children = safe(element.children);
  else if (element.children !== undefined && typeof element.children !== 'number') {
    element.children = childList(element);
    for (const child of element.children) if (child.type === 'element') xmlSafe(child);
  }
  return element;
}

function childList(element: XmlElement): XmlChild[] {
  const { children } = element;
  return children === undefined || typeof children === 'string' || typeof children === 'number' ? [] : [...children];
}

function elementChildren(element: XmlElement): XmlElement[] {
  return childList(element).filter((c): c is XmlElement => c.type === 'element');
}

function text(name: string, value: string | number): XmlElement {
  return { type: 'element', name, children: value };
}

function parent(name: string, children: XmlElement[]): XmlElement {
  return { type: 'element', name, children };
}

/** `<evidence>`: identities then occurrences, each child in the schema's order. */
function evidenceElement(evidence: CdxEvidence): XmlElement {
  return parent('evidence', [
    ...evidence.identity.map((identity) => parent('identity', [
      text('field', identity.field),
      text('confidence', identity.confidence),
      text('concludedValue', identity.concludedValue),
      parent('methods', identity.methods.map((m) => parent('method', [text('technique', m.technique), text('confidence', m.confidence)]))),
    ])),
    parent('occurrences', evidence.occurrences.map((o) => parent('occurrence', [
      text('location', o.location),
      ...(o.offset === undefined ? [] : [text('offset', o.offset)]),
      ...(o.additionalContext === undefined ? [] : [text('additionalContext', o.additionalContext)]),
    ]))),
  ]);
}
