// GET /rest/scans/{id}/scan_summary/ (spec §7): what the top of a scan's analysis tab shows.
import { type Static, Type } from 'typebox';
import { KnowledgeBaseSummary } from '../knowledge-base/schemas.ts';
import { VulnerabilityCounts } from './schemas.ts';

/** The licence policy classes of spec §9, and `unknown` for a component no class is known for. */
export type SummaryLicensePolicy = 'RE' | 'RU' | 'PE' | 'unknown';
export const SUMMARY_LICENSE_POLICIES: readonly SummaryLicensePolicy[] = ['RE', 'RU', 'PE', 'unknown'];

export const ScanSummary = Type.Object({
  verdict: Type.Union([Type.Literal('na'), Type.Literal('verify'), Type.Literal('pass'), Type.Literal('vulns')], {
    description: 'Spec §4, as the scan\'s own verdict, from the vulnerabilities of now: na when no component was found (verdict_reason says why), vulns when any vulnerability matched, pass otherwise.',
  }),
  verdict_reason: Type.Union([Type.String(), Type.Null()]),
  components: Type.Integer({ description: 'Components found.' }),
  // Distinct vulnerabilities of the components by CVSS v3 severity (v2 when v3 is missing,
  // missing when neither), evaluated now as the result page is.
  vulnerabilities: VulnerabilityCounts,
  kev: Type.Integer({ description: "Of those, the ones in CISA's Known Exploited Vulnerabilities catalog." }),
  epss_above_10_percent: Type.Integer({ description: 'Of those, the ones with an EPSS score of 0.1 or more.' }),
  licenses: Type.Array(
    Type.Object({
      policy: Type.Union([Type.Literal('RE'), Type.Literal('RU'), Type.Literal('PE'), Type.Literal('unknown')]),
      count: Type.Integer(),
    }),
    {
      description:
        "Components by the policy class of their licences, the company's overrides applied (RE, RU, PE, unknown, each once, in that order): the most restrictive class of a component's licences; unknown when it has none or an unclassified one decides.",
    },
  ),
  infoleaks: Type.Array(Type.Object({ kind: Type.String(), count: Type.Integer() }), {
    description: 'Information leaks no triage holds for, by kind, documentation examples (decoys) left out; most first, then by kind.',
  }),
  executables: Type.Object({
    count: Type.Integer({ description: 'Executables and libraries with their attributes.' }),
    missing: Type.Array(Type.Object({ mitigation: Type.String(), count: Type.Integer() }), {
      description: 'Executables by missing mitigation (no-pie, execstack, ...); most first, then by name.',
    }),
  }),
  mobile_apps: Type.Integer({ description: 'Android and iOS apps found.' }),
  knowledge_base: KnowledgeBaseSummary,
}, { title: 'ScanSummary' });
export type ScanSummary = Static<typeof ScanSummary>;
