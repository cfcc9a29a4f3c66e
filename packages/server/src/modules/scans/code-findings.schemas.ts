// Static code analysis of a ready scan (GET /rest/scans/{id}/rss-findings/) and the rules its
// findings name (GET /rest/static-code-rules/), in the native JSON contract's shapes.
import { CODE_RULES } from '@binlens/engine';
import { type Static, Type } from 'typebox';
import { PageQuery, Paged } from '../../lib/paging.ts';

export const CODE_RULE_IDS = CODE_RULES.map((rule) => rule.id);

const Severity = Type.Union([Type.Literal('high'), Type.Literal('medium'), Type.Literal('low')]);

export const CodeFinding = Type.Object({
  id: Type.Integer({ description: "Position of the finding in the scan's list, from 1; stable for a scan." }),
  path: Type.Array(Type.String(), { description: 'Extended path of the executable.' }),
  rule: Type.String({ description: 'The rule broken, as GET /rest/static-code-rules/ lists it.' }),
  severity: Severity,
  cwe: Type.String(),
  evidence: Type.Array(Type.String(), { description: 'What breaks the rule: imported functions, or `RPATH <dir>` / `RUNPATH <dir>` entries.' }),
}, { title: 'CodeFinding' });
export type CodeFinding = Static<typeof CodeFinding>;

export const CodeFindingPage = Paged(CodeFinding);

export const CodeFindingQuery = Type.Object({
  rule: Type.Optional(Type.Union(CODE_RULE_IDS.map((id) => Type.Literal(id)), { description: 'Only findings of this rule.' })),
  severity: Type.Optional(Type.Union([Type.Literal('high'), Type.Literal('medium'), Type.Literal('low')], { description: 'Only findings of this severity.' })),
  search: Type.Optional(Type.String({ maxLength: 200, description: 'Case-insensitive text in the path, the evidence or the CWE.' })),
  ...PageQuery,
});
export type CodeFindingQuery = Static<typeof CodeFindingQuery>;

export const CodeRule = Type.Object({
  id: Type.String(),
  title: Type.String(),
  severity: Severity,
  cwe: Type.String(),
  explanation: Type.String({ description: 'Why the construct is dangerous.' }),
  remedy: Type.String({ description: 'What to use or do instead.' }),
  functions: Type.Array(Type.String(), { description: 'Imported functions the rule matches; empty for the rule on library search paths.' }),
}, { title: 'CodeRule' });

export const CodeRuleList = Type.Array(CodeRule, { title: 'CodeRuleList' });
