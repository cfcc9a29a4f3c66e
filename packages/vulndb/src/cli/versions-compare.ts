// `binlens versions compare ECOSYSTEM`: reads "A B" lines and answers
// "<", "=" or ">" per line, for users debugging why a version matched.
// Pure: the CLI wiring passes stdin in and prints the output.
import { ECOSYSTEM_SCHEMES, schemeForEcosystem } from '../versions/registry.ts';

export interface VersionsCompareResult {
  readonly output: string;
  /** 0 all lines compared; 1 some line was malformed; 2 unknown ecosystem. */
  readonly exitCode: number;
}

const SYMBOL = { [-1]: '<', 0: '=', 1: '>' } as const;

/**
 * One output line per non-blank input line: the symbol, then for a version
 * the scheme rejects a tab and a note that the fallback order was used; a
 * malformed line gives "?" and a tab and a message with its line number.
 */
export function runVersionsCompare(ecosystem: string, input: string): VersionsCompareResult {
  const scheme = schemeForEcosystem(ecosystem);
  if (scheme === null) {
    const known = ECOSYSTEM_SCHEMES.map((e) => e.ecosystem).join(', ');
    return { output: `unknown ecosystem "${ecosystem}"; known: ${known}\n`, exitCode: 2 };
  }
  const lines: string[] = [];
  let malformed = false;
  input.split(/\r?\n/).forEach((line, index) => {
    const fields = line.trim().split(/\s+/).filter((f) => f !== '');
    if (fields.length === 0) return;
    const [a, b] = fields;
    if (fields.length !== 2 || a === undefined || b === undefined) {
      malformed = true;
      lines.push(`?\tline ${index + 1}: expected two versions "A B", got ${fields.length} field(s)`);
      return;
    }
    const invalid = [a, b].filter((v) => !scheme.valid(v));
    const note = invalid.length === 0
      ? ''
      : `\tnote: ${invalid.map((v) => `"${v}"`).join(' and ')} not valid for ${ecosystem}; compared by the fallback order`;
    lines.push(SYMBOL[scheme.compare(a, b)] + note);
  });
  return { output: lines.length === 0 ? '' : `${lines.join('\n')}\n`, exitCode: malformed ? 1 : 0 };
}
