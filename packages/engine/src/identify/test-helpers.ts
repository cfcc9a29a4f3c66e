// A CatalogFile over in-memory content, for cataloger tests.
import type { CatalogFile } from './types.ts';

export function memoryFile(path: string[], content: string | Buffer, siblings: Record<string, string> = {}): CatalogFile {
  const bytes = typeof content === 'string' ? Buffer.from(content) : content;
  return {
    path,
    innerPath: path[path.length - 1] ?? 'input',
    containerName: baseName(path[path.length - 2] ?? 'input'),
    size: bytes.length,
    read: async () => bytes,
    readRange: async (offset, length) => bytes.subarray(offset, offset + length),
    readSibling: async (inner) => (inner in siblings ? Buffer.from(siblings[inner] ?? '') : undefined),
    listSiblings: (prefix) => Object.keys(siblings).filter((k) => k.startsWith(prefix)).sort(),
  };
}

function baseName(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1);
}
