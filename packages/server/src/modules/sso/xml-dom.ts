import { createRequire } from 'node:module';

// @xmldom/xmldom's own typings pull TypeScript's DOM library into the whole server build
// (its `/// <reference lib="dom" />` changes ReadableStream, Blob, ...), so it is loaded
// untyped and described by the little of the DOM this module reads.

export interface XmlElement {
  readonly nodeType: number;
  readonly localName: string | null;
  readonly namespaceURI: string | null;
  readonly textContent: string | null;
  readonly childNodes: ArrayLike<XmlElement>;
  getAttribute(name: string): string | null;
  getElementsByTagNameNS(namespace: string, name: string): ArrayLike<XmlElement>;
}

interface ErrorHandler {
  warning(message: string): void;
  error(message: string): void;
  fatalError(message: string): void;
}

interface DomParser {
  parseFromString(xml: string, mimeType: string): { documentElement: XmlElement | null };
}

const { DOMParser } = createRequire(import.meta.url)('@xmldom/xmldom') as { DOMParser: new (options: { errorHandler: ErrorHandler }) => DomParser };

/** The root element of a well-formed document (xmldom's warnings, such as an unclosed tag, count as errors) without a DOCTYPE (so no entity is ever expanded or fetched); null otherwise. */
export function parseXml(xml: string): XmlElement | null {
  if (/<!DOCTYPE/i.test(xml)) return null;
  let failed = false;
  const fail = () => {
    failed = true;
  };
  const root = new DOMParser({ errorHandler: { warning: fail, error: fail, fatalError: fail } }).parseFromString(xml, 'text/xml').documentElement;
  return failed ? null : root;
}

/** The element children of `parent` named `name` in `namespace`. */
export function childrenOf(parent: XmlElement, namespace: string, name: string): XmlElement[] {
  return Array.from(parent.childNodes).filter((node) => node.nodeType === 1 && node.localName === name && node.namespaceURI === namespace);
}

/** The trimmed text of an element; null when it is absent or empty. */
export function textOf(element: XmlElement | undefined): string | null {
  const value = element?.textContent?.trim();
  return value ? value : null;
}
