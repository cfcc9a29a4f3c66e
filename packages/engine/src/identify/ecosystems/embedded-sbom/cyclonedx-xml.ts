// CycloneDX XML BOMs shipped inside the input (`bom.xml`, `sbom.xml`, `*.cdx.xml`,
// `*.bom.xml`, `*.cyclonedx.xml`; root `<bom xmlns="http://cyclonedx.org/schema/bom/…">`):
// each `<component>` of a `<components>` list, nested ones included, read with a small tag
// scanner (the schema's elements hold text only, no mixed content). `metadata/component`
// is the BOM's subject, not something it lists.
import type { CatalogFile, Cataloger, CatalogResult } from '../../types.ts';
import { emptyResult, malformed } from '../../evidence.ts';
import { MAX_SBOM_PACKAGES, NOT_PACKAGES, type SbomPackage, sbomComponent } from '../../parse/sbom-component.ts';

const NAME = 'embedded-sbom/cyclonedx-xml';
// Samples: `bom.xml`, `app/sbom.cdx.xml`, `x.cyclonedx.xml`.
const CYCLONEDX_XML_PATH = /(^|\/)(s?bom\.xml|[^/]+\.(cdx|bom|cyclonedx)\.xml)$/;
// A tag, a comment, a declaration or CDATA; samples `<component type="library" bom-ref="x">`, `</name>`, `<cpe/>`.
const TOKEN = /<!--[\s\S]*?-->|<!\[CDATA\[([\s\S]*?)\]\]>|<[?!][^>]*>|<(\/?)([A-Za-z_][\w.:-]*)((?:[^>"']|"[^"]*"|'[^']*')*?)(\/?)>/g;
const GROUP_IN_NAME = new Set(['npm', 'composer', 'golang']);
const MAX_DEPTH = 256;

export const cyclonedxXml: Cataloger = {
  name: NAME,
  version: 1,
  matches: (_path, innerPath) => innerPath.endsWith('.xml') && CYCLONEDX_XML_PATH.test(innerPath),
  catalog,
};

interface Open {
  fields: Map<string, string>;
  licenses: string[];
  type: string;
  bomRef: string;
}

async function catalog(file: CatalogFile): Promise<CatalogResult> {
  const result = emptyResult();
  const text = (await file.read()).toString('utf8');
  const root = /<bom\b[^>]*\bxmlns(?::\w+)?="(http:\/\/cyclonedx\.org\/schema\/bom\/[^"]*)"/.exec(text.slice(0, 4096));
  if (!root) {
    if (!/(^|\/)s?bom\.xml$/.test(file.innerPath)) malformed(result, file.path, 'not a CycloneDX XML document (no <bom xmlns="http://cyclonedx.org/schema/bom/…">)');
    return result;
  }
  const serial = /\bserialNumber="([^"]*)"/.exec(text.slice(0, 4096))?.[1] ?? '';
  const stack: string[] = [];
  const open: Open[] = [];
  let textStart = 0;
  let cdata = '';
  for (const token of text.matchAll(TOKEN)) {
    if (token[1] !== undefined) {
      cdata += token[1];
      continue;
    }
    const tag = token[3];
    if (tag === undefined) continue;
    const local = tag.slice(tag.indexOf(':') + 1);
    if (token[2] === '/') {
      // Only a leaf's text is ever used: sliced on demand, not for every container closed.
      const held = cdata;
      const content = (): string => held || decodeEntities(text.slice(textStart, token.index)).trim();
      cdata = '';
      stack.pop();
      const parent = stack[stack.length - 1];
      const current = open[open.length - 1];
      if (local === 'component' && current && parent === 'components') {
        open.pop();
        if (result.components.length >= MAX_SBOM_PACKAGES) {
          malformed(result, file.path, `more than ${MAX_SBOM_PACKAGES} components; the rest not read`);
          return result;
        }
        const p = xmlPackage(current, serial);
        if (p === undefined) malformed(result, file.path, `a component without a name (${current.bomRef || 'no bom-ref'})`);
        else if (p !== 'skip') result.components.push(sbomComponent(NAME, file.path, p));
      } else if (current && parent === 'component' && stack[stack.length - 2] === 'components') {
        current.fields.set(local, content());
      } else if (current && (local === 'id' || local === 'name') && parent === 'license') {
        current.licenses.push(content());
      } else if (current && local === 'expression' && parent === 'licenses') {
        current.licenses.push(content());
      }
      continue;
    }
    if (token[5] === '/') continue; // an empty element: no text
    if (local === 'component' && stack[stack.length - 1] === 'components') {
      open.push({ fields: new Map(), licenses: [], type: attribute(token[4] ?? '', 'type'), bomRef: attribute(token[4] ?? '', 'bom-ref') });
    }
    stack.push(local);
    if (stack.length > MAX_DEPTH) {
      malformed(result, file.path, `elements nested deeper than ${MAX_DEPTH}; the rest not read`);
      return result;
    }
    textStart = token.index + token[0].length;
    cdata = '';
  }
  return result;
}

function xmlPackage(c: Open, serial: string): SbomPackage | 'skip' | undefined {
  const bare = c.fields.get('name') ?? '';
  if (bare === '') return undefined;
  if (NOT_PACKAGES.has(c.type)) return 'skip';
  const purl = c.fields.get('purl') ?? '';
  const group = c.fields.get('group') ?? '';
  const type = /^pkg:([^/]+)\//.exec(purl)?.[1]?.toLowerCase() ?? '';
  const name = group !== '' && GROUP_IN_NAME.has(type) ? `${group}/${bare}` : bare;
  const version = c.fields.get('version') ?? '';
  const cpe = c.fields.get('cpe') ?? '';
  return {
    name,
    version,
    purl,
    cpes: cpe === '' ? [] : [cpe],
    licenses: [...new Set(c.licenses.filter((l) => l !== ''))],
    text: `${c.bomRef || name}${version ? ` ${version}` : ''}${serial ? ` (BOM ${serial})` : ''}`,
  };
}

function attribute(attributes: string, name: string): string {
  const match = new RegExp(`(?:^|\\s)${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)')`).exec(attributes);
  return decodeEntities(match?.[1] ?? match?.[2] ?? '');
}

/** The five XML entities and character references; sample `pkg:npm/a@1?x=1&amp;y=2`. */
function decodeEntities(value: string): string {
  return value.replace(/&(#x[0-9a-fA-F]+|#\d+|amp|lt|gt|quot|apos);/g, (_m, e: string) => {
    if (e.startsWith('#x')) return safeCodePoint(Number.parseInt(e.slice(2), 16));
    if (e.startsWith('#')) return safeCodePoint(Number.parseInt(e.slice(1), 10));
    return ({ amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" } as Record<string, string>)[e] ?? '';
  });
}

function safeCodePoint(code: number): string {
  return code >= 0 && code <= 0x10ffff ? String.fromCodePoint(code) : '\uFFFD';
}
