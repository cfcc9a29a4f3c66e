// Static code analysis findings for the native JSON contract: one per executable and rule
// broken, from the facts the executable readers recorded (executables/code-rules.ts).
import { CODE_RULES, INSECURE_LIBRARY_PATH, isInsecureLibraryPath, ruleOfFunction, type CodeRuleSeverity } from '../executables/code-rules.ts';
import type { FileEntry } from '../model/index.ts';
import { displayPath } from './display-path.ts';

export interface NativeCodeFinding {
  path: string[];
  rule: string;
  severity: CodeRuleSeverity;
  cwe: string;
  /** What breaks the rule: imported functions, or `RPATH <dir>` / `RUNPATH <dir>` entries; sorted. */
  evidence: string[];
}

export function toNativeCodeFindings(files: readonly FileEntry[], inputName: string): NativeCodeFinding[] {
  const findings: NativeCodeFinding[] = [];
  for (const file of files) {
    const exe = file.executable;
    if (!exe) continue;
    const byRule = new Map<string, { severity: CodeRuleSeverity; cwe: string; evidence: Set<string> }>();
    const add = (rule: { id: string; severity: CodeRuleSeverity; cwe: string }, evidence: string) => {
      const entry = byRule.get(rule.id) ?? { severity: rule.severity, cwe: rule.cwe, evidence: new Set<string>() };
      entry.evidence.add(evidence);
      byRule.set(rule.id, entry);
    };
    for (const fn of exe.unsafeImports ?? []) {
      const rule = ruleOfFunction(fn);
      if (rule) add(rule, fn);
    }
    for (const [tag, dirs] of [['RPATH', exe.rpath], ['RUNPATH', exe.runpath]] as const) {
      for (const dir of dirs ?? []) {
        if (isInsecureLibraryPath(dir)) add(INSECURE_LIBRARY_PATH, `${tag} ${dir}`);
      }
    }
    const path = displayPath(file.path, inputName);
    const ordered = [...byRule].sort(([a], [b]) => RULE_ORDER.indexOf(a) - RULE_ORDER.indexOf(b));
    for (const [rule, { severity, cwe, evidence }] of ordered) findings.push({ path, rule, severity, cwe, evidence: [...evidence].sort() });
  }
  return findings;
}

/** Findings of one file come in the catalogue's order. */
const RULE_ORDER = CODE_RULES.map((rule) => rule.id);
