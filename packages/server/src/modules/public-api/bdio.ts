// A product's bill of materials as a BDIO 2 JSON-LD named graph (Black Duck I/O, the
// blackducksoftware/bdio specification 2.x): what GET /api/product/{id}/?format=bdio answers.
// The ODG client reads the graph's `@id`, `name`, `publisher`, `publisherVersion`,
// `creationDateTime` and `@graph` (public-api.md §2.2), so the document is compacted with those
// terms; its `@context` is inline, so it expands offline to the full BDIO IRIs (the
// specification lets consumers refuse remote contexts). The graph:
// - the root Project: the product, its dependencies each naming a Component and the File it was
//   found in (BDIO's `evidence`);
// - one Component per component (name, version, vendor, namespace = purl type, identifier = purl,
//   licences as License nodes);
// - one File per evidence file, its path an archive-entry URI through nested containers
//   (`<scheme>:<encoded archive URI>#/<entry>`, scheme = the container format, the archive's URI
//   encoded again at each level as the specification asks), its SHA-1 as
//   fingerprint `sha1:<hex>`;
// - one Vulnerability per vulnerability, `affected` naming the components.
// `publisherVersion` is not a BDIO term: it is kept, as the specification asks of unknown data,
// under a Binlens IRI.
import type { FileEntry, Identification } from '@binlens/engine/model';
import type { ProductComponent } from './products.schemas.ts';

const BDIO = 'https://blackducksoftware.github.io/bdio#';

/** Compact terms → BDIO IRIs; `@id`-valued properties say so, so that their values are links. */
export const BDIO_CONTEXT = {
  '@vocab': BDIO,
  name: `${BDIO}hasName`,
  publisher: `${BDIO}hasPublisher`,
  publisherVersion: 'urn:binlens:bdio:publisherVersion',
  creationDateTime: { '@id': `${BDIO}hasCreationDateTime`, '@type': 'http://www.w3.org/2001/XMLSchema#dateTime' },
  lastModifiedDateTime: { '@id': `${BDIO}hasLastModifiedDateTime`, '@type': 'http://www.w3.org/2001/XMLSchema#dateTime' },
  version: `${BDIO}hasVersion`,
  vendor: `${BDIO}hasVendor`,
  namespace: `${BDIO}hasNamespace`,
  identifier: `${BDIO}hasIdentifier`,
  path: `${BDIO}hasPath`,
  byteCount: { '@id': `${BDIO}hasByteCount`, '@type': 'http://www.w3.org/2001/XMLSchema#long' },
  fingerprint: { '@id': `${BDIO}hasFingerprint`, '@type': `${BDIO}Digest` },
  dependency: { '@id': `${BDIO}hasDependency`, '@type': '@id' },
  dependsOn: { '@id': `${BDIO}dependsOn`, '@type': '@id' },
  evidence: { '@id': `${BDIO}hasEvidence`, '@type': '@id' },
  license: { '@id': `${BDIO}hasLicense`, '@type': '@id' },
  affected: { '@id': `${BDIO}hasAffected`, '@type': '@id' },
} as const;

export interface BdioProduct {
  /** The graph's label: the product's page, which identifies the source of the data. */
  reportUrl: string;
  name: string;
  /** When the scan finished: when the data was made. */
  created: Date;
  publisherVersion: string;
  identification: Identification;
  /** The result's components with their ids and purls; their files are their extended objects. */
  components: readonly (ProductComponent & { uid: string; purl: string })[];
}

export type BdioNode = Record<string, unknown> & { '@id': string; '@type': string };

export interface BdioDocument {
  '@context': typeof BDIO_CONTEXT;
  '@id': string;
  name: string;
  publisher: string;
  publisherVersion: string;
  creationDateTime: string;
  '@graph': BdioNode[];
}

export function bdioDocument(product: BdioProduct): BdioDocument {
  const files = new Map(product.identification.files.map((f) => [JSON.stringify(f.path), f]));
  const fileNodes = new Map<string, BdioNode>();
  const licenseNodes = new Map<string, BdioNode>();
  const vulnNodes = new Map<string, BdioNode & { affected: string[] }>();
  const dependencies: BdioNode[] = [];
  const components: BdioNode[] = [];

  for (const c of product.components) {
    const id = `urn:binlens:component:${c.uid}`;
    const licenses = c.licenses.licenses.map((l) => {
      const licenseId = `urn:binlens:license:${encodeURIComponent(l.name)}`;
      licenseNodes.set(licenseId, { '@id': licenseId, '@type': 'License', name: l.name, identifier: l.name, namespace: 'spdx' });
      return licenseId;
    });
    components.push({
      '@id': id, '@type': 'Component', name: c.lib, version: c.version, ...(c.vendor ? { vendor: c.vendor } : {}),
      namespace: purlType(c.purl), identifier: c.purl, ...(licenses.length > 0 ? { license: licenses } : {}),
    });
    // An extended object's fullpath is the input's name, then the file's path.
    const evidence = c['extended-objects'].map((object) => {
      const path = object.fullpath.slice(1);
      const uri = fileUri(path, product.identification, files);
      const file = files.get(JSON.stringify(path));
      fileNodes.set(uri, fileNode(uri, file));
      return uri;
    });
    dependencies.push({ '@id': `${id}#dependency`, '@type': 'Dependency', dependsOn: id, ...(evidence.length > 0 ? { evidence } : {}) });
    for (const v of c.vulns) {
      const vulnId = `urn:binlens:vulnerability:${encodeURIComponent(v.vuln.cve)}`;
      const node = vulnNodes.get(vulnId) ?? {
        '@id': vulnId, '@type': 'Vulnerability', name: v.vuln.cve, identifier: v.vuln.cve, namespace: v.vuln.cve.split('-', 1)[0]?.toLowerCase() ?? '',
        ...(v.vuln.published ? { creationDateTime: isoZ(v.vuln.published) } : {}),
        ...(v.vuln.modified ? { lastModifiedDateTime: isoZ(v.vuln.modified) } : {}),
        affected: [],
      };
      if (!node.affected.includes(id)) node.affected.push(id);
      vulnNodes.set(vulnId, node);
    }
  }

  const root: BdioNode = {
    '@id': product.reportUrl, '@type': 'Project', name: product.name,
    ...(dependencies.length > 0 ? { dependency: dependencies.map((d) => d['@id']) } : {}),
  };
  return {
    '@context': BDIO_CONTEXT,
    '@id': product.reportUrl,
    name: product.name,
    publisher: `Binlens/${product.publisherVersion}`,
    publisherVersion: product.publisherVersion,
    creationDateTime: product.created.toISOString(),
    '@graph': [root, ...dependencies, ...components, ...fileNodes.values(), ...licenseNodes.values(), ...vulnNodes.values()],
  };
}

function fileNode(uri: string, file: FileEntry | undefined): BdioNode {
  return { '@id': uri, '@type': 'File', path: uri, ...(file ? { byteCount: file.size, fingerprint: `sha1:${file.sha1}` } : {}) };
}

/**
 * The BDIO path of a file: the input is `file:///<name>`; a file inside a container is
 * `<format>:<the container's URI, encoded>#/<entry>`, e.g.
 * `tar:zstd%3Afile%253A%252F%252F%252Flibs.tar.zst%23%2Flibs.tar#/usr/lib/libz.so.1.2.13`.
 */
export function fileUri(path: readonly string[], identification: Identification, files: ReadonlyMap<string, FileEntry>): string {
  let uri = `file:///${encodeURIComponent(identification.input.name)}`;
  for (let i = 0; i < path.length; i++) {
    const container = i === 0 ? (identification.input.format ?? files.get('[]')?.format) : files.get(JSON.stringify(path.slice(0, i)))?.format;
    const entry = (path[i] ?? '').replace(/^\/+/, '').split('/').map(encodeURIComponent).join('/');
    uri = `${schemeOf(container)}:${encodeURIComponent(uri)}#/${entry}`;
  }
  return uri;
}

/** `archive/tar` → `tar`, `compress/zstd` → `zstd`; `unknown` when the container's format is not known. */
function schemeOf(format: string | undefined): string {
  // A URI scheme (RFC 3986): "tar", "squashfs", "android-sparse".
  const name = format?.slice(format.lastIndexOf('/') + 1).toLowerCase() ?? '';
  return /^[a-z][a-z0-9+.-]*$/.test(name) ? name : 'unknown';
}

/** `pkg:npm/lodash@4.17.20` → `npm`. */
function purlType(purl: string): string {
  // "pkg:deb/debian/zlib1g@1.2.13" → deb
  return /^pkg:([a-zA-Z][a-zA-Z0-9.+-]*)\//.exec(purl)?.[1]?.toLowerCase() ?? 'unknown';
}

/** NVD writes dates without a zone ("2023-10-14T02:15:09.323"): they are UTC. A zone: "...Z", "...+01:00". */
function isoZ(date: string): string {
  return /[zZ]|[+-]\d\d:?\d\d$/.test(date) ? date : `${date}Z`;
}
