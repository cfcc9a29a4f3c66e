// How `binlens scan` and `binlens import` print an Identification: native JSON, an SBOM or a
// table, evaluated against the local knowledge base when it holds data. Shared so an imported
// portable scan file prints exactly as the scan that made it.
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { escapeText, findSbomWriter, type Identification, toNativeJson, toScanResult, validatePolicyOverrides } from '@binlens/engine';
import type { EvaluateOptions } from '@binlens/vulndb';
import { defaultDataDir, knowledgeBaseDir } from '@binlens/vulndb/data-dir';
import type { CliIo } from '../command.ts';
import { FAIL_ON_HELP, type FailOnVerdict, failOnSummary, failOnVerdict, parseSeverity, type Severity } from '../fail-on.ts';
import { toSarif } from '../sarif.ts';
import { indentedJsonChunks } from '../json-chunks.ts';
import { formatTable } from '../table.ts';
import { evaluateLocally, NO_DATA_NOTE, NOT_EVALUATED, SBOM_NOT_EVALUATED } from './scan-knowledge-base.ts';

/** What an Identification can be printed as. */
export const PRINT_FORMATS = ['json', 'cyclonedx', 'cyclonedx-xml', 'spdx', 'spdx-tag-value', 'table', 'sarif'];
const CVSS_VERSIONS = ['2', '3', '4'];

/** Spec §9 vulnerability matching options (see EvaluateOptions in @binlens/vulndb). */
export const OUTPUT_OPTIONS = {
  format: { type: 'string', short: 'f', default: 'json' },
  'data-dir': { type: 'string' },
  'license-policy': { type: 'string' },
  'assume-unknown-latest': { type: 'boolean', default: false },
  'low-risk-tolerance': { type: 'boolean', default: false },
  historical: { type: 'boolean', default: false },
  'cvss-version': { type: 'string' },
  'no-cvss-fallback': { type: 'boolean', default: false },
  'prioritise-nvd': { type: 'boolean', default: false },
  'include-advisories': { type: 'boolean', default: false },
  'fail-on': { type: 'string' },
} as const;

export const OUTPUT_HELP = `  --data-dir DIR        where the knowledge base is (DIR/kb); default $BINLENS_DATA_DIR,
                        else $XDG_CACHE_HOME/binlens, else ~/.cache/binlens
  --license-policy FILE JSON object of SPDX id → RE, RU or PE overriding the built-in
                        licence policy classes (JSON output: licenses[].policy)

Vulnerability matching:
  --assume-unknown-latest  match a component without a version as if it were the latest
  --low-risk-tolerance     also report matches that are not exact (unknown versions,
                           records claiming every version of a product)
  --historical             also list vulnerabilities fixed at or below the version found
                           (JSON: "historical" per component)
  --cvss-version 2|3|4     CVSS version of each vulnerability's score (default 3)
  --no-cvss-fallback       no score when the vulnerability has none in that version
                           (default: the next older version: 4, then 3, then 2)
  --prioritise-nvd         NVD's scores and description win over the advisories'
  --include-advisories     also advisories without a CVE id (GHSA, GO, RUSTSEC, ...)`;

/** --fail-on, shown after the other options. */
export const BUILD_GATE_HELP = `Build gate:
  --fail-on SEVERITY       exit with 3 when an open vulnerability is at or above SEVERITY
                           (${FAIL_ON_HELP}): its CVSS v3 severity, else v2;
                           unscored and historical ones never count. Needs the knowledge
                           base. The table marks them (FAILS) and ends with a Fails or
                           Passes line; other formats say it on standard error (JSON and
                           SARIF also in "fail_on").`;

interface OutputValues {
  format: string;
  'data-dir'?: string | undefined;
  'license-policy'?: string | undefined;
  'assume-unknown-latest': boolean;
  'low-risk-tolerance': boolean;
  historical: boolean;
  'cvss-version'?: string | undefined;
  'no-cvss-fallback': boolean;
  'prioritise-nvd': boolean;
  'include-advisories': boolean;
  'fail-on'?: string | undefined;
}

export interface OutputSettings {
  format: string;
  dataDir: string;
  licensePolicy: Record<string, string>;
  matching: EvaluateOptions;
  /** --fail-on: the severity that fails the build; null without it. */
  failOn: Severity | null;
}

/** The print settings of the parsed options, or what is wrong with them (a usage error). */
export async function outputSettings(values: OutputValues, io: CliIo): Promise<OutputSettings | string> {
  if (!PRINT_FORMATS.includes(values.format)) return `--format must be one of ${PRINT_FORMATS.join(', ')}, not "${values.format}"`;
  const licensePolicy = values['license-policy'] === undefined ? {} : await readLicensePolicy(values['license-policy']);
  if (typeof licensePolicy === 'string') return licensePolicy;
  const cvssVersion = values['cvss-version'];
  if (cvssVersion !== undefined && !CVSS_VERSIONS.includes(cvssVersion)) return `--cvss-version must be 2, 3 or 4, not "${cvssVersion}"`;
  const failOn = values['fail-on'] === undefined ? null : parseSeverity(values['fail-on']);
  if (values['fail-on'] !== undefined && failOn === null) return `--fail-on must be ${FAIL_ON_HELP}, not "${values['fail-on']}"`;
  const matching: EvaluateOptions = {
    assumeUnknownAsLatest: values['assume-unknown-latest'],
    lowRiskTolerance: values['low-risk-tolerance'],
    historical: values.historical,
    ...(cvssVersion !== undefined ? { cvssVersion: Number(cvssVersion) as 2 | 3 | 4 } : {}),
    cvssFallback: !values['no-cvss-fallback'],
    prioritiseNvd: values['prioritise-nvd'],
    includeAdvisoriesWithoutCve: values['include-advisories'],
  };
  return { format: values.format, dataDir: values['data-dir'] ?? defaultDataDir(io.env), licensePolicy, matching, failOn };
}

/** What --fail-on is refused with when there is nothing to evaluate against (a usage error: it never passes silently). */
export function failOnNeedsData(dataDir: string): string {
  return `--fail-on needs vulnerability data, and the knowledge base in ${dataDir} has none; run "binlens db sync" or "binlens db import FILE..." first`;
}

/**
 * --fail-on cannot hold without a knowledge base: answers the usage error before a scan starts
 * when DIR/kb was never made (an empty one is only found once opened, after the scan).
 */
export function failOnPrecondition(settings: OutputSettings): string | null {
  return settings.failOn !== null && !existsSync(knowledgeBaseDir(settings.dataDir)) ? failOnNeedsData(settings.dataDir) : null;
}

/** What printing found: the --fail-on verdict (null without --fail-on), or that there was no data to evaluate --fail-on against (nothing printed). */
export type PrintOutcome = { failOn: FailOnVerdict | null } | { notEvaluated: string };

/** The exit status for a printed outcome: 3 when --fail-on found a vulnerability, 2 (usage error, already reported) without data. */
export function exitStatusOf(outcome: PrintOutcome, io: CliIo, usage: string): number {
  if ('notEvaluated' in outcome) {
    io.stderr(`binlens: ${outcome.notEvaluated}\n\n${usage}\n`);
    return 2;
  }
  return outcome.failOn && outcome.failOn.failing.length > 0 ? 3 : 0;
}

/**
 * Prints `identification` as `settings.format` says, its vulnerabilities evaluated now.
 * `inputPath` is PATH as given (SARIF locations are relative to it when it is relative).
 */
export async function printIdentification(identification: Identification, settings: OutputSettings, io: CliIo, inputPath?: string): Promise<PrintOutcome> {
  const { evaluation, knowledgeBase } = await evaluateLocally(identification, settings.dataDir, settings.matching);
  if (!evaluation && settings.failOn !== null) return { notEvaluated: failOnNeedsData(settings.dataDir) };
  if (!evaluation) io.stderr(NO_DATA_NOTE);
  // Already loaded by evaluateLocally when there is an evaluation.
  const vulndb = evaluation ? await import('@binlens/vulndb') : null;
  const result = evaluation && vulndb ? vulndb.withVulns(toScanResult(identification), evaluation) : null;
  const failOn = result && evaluation && settings.failOn !== null
    ? failOnVerdict(result.components, (id) => evaluation.vulnerabilities[id]?.cvss3_severity ?? evaluation.vulnerabilities[id]?.cvss2_severity ?? null, settings.failOn)
    : null;
  const writer = await findSbomWriter(settings.format);
  if (writer) {
    io.stdout(writer.write(identification, evaluation && vulndb ? { vulnerabilities: vulndb.toSbomVulnerabilities(evaluation) } : { notEvaluated: SBOM_NOT_EVALUATED }));
  } else if (settings.format === 'sarif') {
    const sarif = toSarif(identification, result, evaluation, {
      ...(inputPath !== undefined ? { inputPath } : {}), knowledgeBase, failOn, ...(evaluation ? {} : { notEvaluated: SBOM_NOT_EVALUATED }),
    });
    io.stdout(`${JSON.stringify(sarif, null, 2)}\n`);
  } else if (settings.format === 'json') {
    const json = { ...toNativeJson(identification, result ?? toScanResult(identification), { licensePolicy: settings.licensePolicy }), knowledge_base: knowledgeBase };
    const failing = failOn ? { fail_on: { severity: failOn.threshold, failing: failOn.failing.map((f) => ({ vuln_id: f.vulnId, severity: f.severity, components: f.components })) } } : {};
    // What each vulnerability id the components list is: CVSS, EPSS, KEV, CWEs, aliases.
    for (const chunk of indentedJsonChunks(evaluation ? { ...json, vulnerabilities: evaluation.vulnerabilities, ...failing } : json)) await io.stdoutBytes(chunk);
  } else {
    const table = formatTable(result ?? toScanResult(identification), identification.problems, evaluation, failOn);
    io.stdout(`${table}${evaluation ? '' : `\nVulnerabilities: ${NOT_EVALUATED}\n`}${failOn ? `\n${escapeText(failOnSummary(failOn))}\n` : ''}`);
  }
  if (failOn && failOn.failing.length > 0 && settings.format !== 'table') io.stderr(`binlens: ${escapeText(failOnSummary(failOn))}\n`);
  return { failOn };
}

/** The override map of --license-policy, or the reason it cannot be used. */
async function readLicensePolicy(file: string): Promise<Record<string, string> | string> {
  try {
    const map: unknown = JSON.parse(await readFile(file, 'utf8'));
    if (typeof map !== 'object' || map === null || Array.isArray(map)) return `--license-policy ${file}: not a JSON object`;
    validatePolicyOverrides(map as Record<string, string>);
    return map as Record<string, string>;
  } catch (err) {
    return `--license-policy ${file}: ${(err as Error).message}`;
  }
}
