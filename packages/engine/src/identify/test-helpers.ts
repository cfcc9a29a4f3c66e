// A CatalogFile over in-memory content, for cataloger tests.
import type { CatalogFile } from './types.ts';

export function memoryFile(path: string[], content: string, siblings: Record<string, string> = {}): CatalogFile {
  return {
    path,
    innerPath: path[path.length - 1] ?? 'input',
    read: async () => Buffer.from(content),
    readSibling: async (inner) => (inner in siblings ? Buffer.from(siblings[inner] ?? '') : undefined),
  };
}
