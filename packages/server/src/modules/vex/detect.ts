// Which VEX dialect a document is, by its content (its file name says nothing reliable), and
// its statements read by that dialect's reader.
import { AppError } from '../../lib/errors.ts';
import { VexFormatError } from './facts.ts';
import { VEX_DIALECT_NAMES, type VexDialect, type VexReadDocument, type VexStatement } from './model.ts';
import { OPENVEX_CONTEXT } from './openvex.ts';
import { readCsaf } from './read-csaf.ts';
import { readCycloneDx } from './read-cyclonedx.ts';
import { readOpenVex } from './read-openvex.ts';
import { isObject, type JsonObject } from './read-support.ts';

/** A VEX document is read whole: larger ones are refused before parsing. */
export const MAX_VEX_BYTES = 20 * 1024 * 1024;

const READERS: Readonly<Record<VexDialect, (document: JsonObject) => VexStatement[]>> = {
  cyclonedx: readCycloneDx,
  openvex: readOpenVex,
  csaf: readCsaf,
};

/** The dialect of a parsed document; null for anything else (another SBOM format, another CSAF version). */
export function detectVexDialect(document: unknown): VexDialect | null {
  if (!isObject(document)) return null;
  if (document.bomFormat === 'CycloneDX' && typeof document.specVersion === 'string') return 'cyclonedx';
  const context = document['@context'];
  // 0.2.0 and the 0.0.x documents before it (https://openvex.dev/ns, .../ns/v0.0.1).
  if (typeof context === 'string' && (context === OPENVEX_CONTEXT || context.startsWith('https://openvex.dev/ns'))) return 'openvex';
  if (isObject(document.document) && document.document.csaf_version === '2.0') return 'csaf';
  return null;
}

/**
 * The statements of a VEX document. Refuses (400, naming what is wrong and where) a file
 * that is not JSON, not one of the dialects, damaged, or without a statement.
 */
export function readVexDocument(bytes: Buffer): VexReadDocument {
  if (bytes.length > MAX_VEX_BYTES) throw new AppError('vex_file_too_large');
  let document: unknown;
  try {
    document = JSON.parse(bytes.toString('utf8').replace(/^\uFEFF/, '')) as unknown;
  } catch {
    throw new AppError('vex_dialect_unknown');
  }
  const dialect = detectVexDialect(document);
  if (!dialect || !isObject(document)) throw new AppError('vex_dialect_unknown');
  let statements: VexStatement[];
  try {
    statements = READERS[dialect](document);
  } catch (error) {
    if (error instanceof VexFormatError) throw new AppError('vex_invalid', `${VEX_DIALECT_NAMES[dialect]}: ${error.message}`);
    throw error;
  }
  if (statements.length === 0) throw new AppError('vex_empty', `${VEX_DIALECT_NAMES[dialect]}: ${new AppError('vex_empty').message}`);
  return { dialect, statements };
}
