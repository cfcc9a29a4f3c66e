// How `binlens scan` and `binlens import` print an Identification: native JSON, an SBOM or a
// table, evaluated against the local knowledge base when it holds data. Shared so an imported
// portable scan file prints exactly as the scan that made it.
import { readFile } from 'node:fs/promises';
import { findSbomWriter, type Identification, toNativeJson, toScanResult, validatePolicyOverrides } from '@binlens/engine';
import { type EvaluateOptions, defaultDataDir, toSbomVulnerabilities, withVulns } from '@binlens/vulndb';
import type { CliIo } from '../command.ts';
import { formatTable } from '../table.ts';
import { evaluateLocally, NO_DATA_NOTE, NOT_EVALUATED, SBOM_NOT_EVALUATED } from './scan-knowledge-base.ts';

/** What an Identification can be printed as. */
export const PRINT_FORMATS = ['json', 'cyclonedx', 'cyclonedx-xml', 'spdx', 'spdx-tag-value', 'table'];
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
}

export interface OutputSettings {
  format: string;
  dataDir: string;
  licensePolicy: Record<string, string>;
  matching: EvaluateOptions;
}

/** The print settings of the parsed options, or what is wrong with them (a usage error). */
export async function outputSettings(values: OutputValues, io: CliIo): Promise<OutputSettings | string> {
  if (!PRINT_FORMATS.includes(values.format)) return `--format must be one of ${PRINT_FORMATS.join(', ')}, not "${values.format}"`;
  const licensePolicy = values['license-policy'] === undefined ? {} : await readLicensePolicy(values['license-policy']);
  if (typeof licensePolicy === 'string') return licensePolicy;
  const cvssVersion = values['cvss-version'];
  if (cvssVersion !== undefined && !CVSS_VERSIONS.includes(cvssVersion)) return `--cvss-version must be 2, 3 or 4, not "${cvssVersion}"`;
  const matching: EvaluateOptions = {
    assumeUnknownAsLatest: values['assume-unknown-latest'],
    lowRiskTolerance: values['low-risk-tolerance'],
    historical: values.historical,
    ...(cvssVersion !== undefined ? { cvssVersion: Number(cvssVersion) as 2 | 3 | 4 } : {}),
    cvssFallback: !values['no-cvss-fallback'],
    prioritiseNvd: values['prioritise-nvd'],
    includeAdvisoriesWithoutCve: values['include-advisories'],
  };
  return { format: values.format, dataDir: values['data-dir'] ?? defaultDataDir(io.env), licensePolicy, matching };
}

/** Prints `identification` as `settings.format` says, its vulnerabilities evaluated now. */
export async function printIdentification(identification: Identification, settings: OutputSettings, io: CliIo): Promise<void> {
  const { evaluation, knowledgeBase } = await evaluateLocally(identification, settings.dataDir, settings.matching);
  if (!evaluation) io.stderr(NO_DATA_NOTE);
  const writer = findSbomWriter(settings.format);
  if (writer) {
    io.stdout(writer.write(identification, evaluation ? { vulnerabilities: toSbomVulnerabilities(evaluation) } : { notEvaluated: SBOM_NOT_EVALUATED }));
    return;
  }
  const result = evaluation ? withVulns(toScanResult(identification), evaluation) : toScanResult(identification);
  if (settings.format === 'json') {
    const json = { ...toNativeJson(identification, result, { licensePolicy: settings.licensePolicy }), knowledge_base: knowledgeBase };
    // What each vulnerability id the components list is: CVSS, EPSS, KEV, CWEs, aliases.
    io.stdout(`${JSON.stringify(evaluation ? { ...json, vulnerabilities: evaluation.vulnerabilities } : json, null, 2)}\n`);
  } else io.stdout(`${formatTable(result, identification.problems, evaluation)}${evaluation ? '' : `\nVulnerabilities: ${NOT_EVALUATED}\n`}`);
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
