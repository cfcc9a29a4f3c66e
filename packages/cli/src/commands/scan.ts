// `binlens scan PATH`: take a file (or a directory, as one input) apart and print its
// components as native JSON, a CycloneDX (JSON or XML) or SPDX (JSON or tag-value) SBOM,
// or a table. Thin: parse arguments, call the engine, print.
import { readFile } from 'node:fs/promises';
import { type Progress, findSbomWriter, scan, toNativeJson, toScanResult, validatePolicyOverrides } from '@binlens/engine';
import { type EvaluateOptions, defaultDataDir, toSbomVulnerabilities, withVulns } from '@binlens/vulndb';
import { type CliIo, type Command, parseCommandLine, reportUsageError } from '../command.ts';
import { formatTable } from '../table.ts';
import { LIMIT_HELP, LIMIT_OPTIONS, scanLimits } from '../limit-options.ts';
import { evaluateLocally, NO_DATA_NOTE, NOT_EVALUATED, SBOM_NOT_EVALUATED } from './scan-knowledge-base.ts';

const FORMATS = ['json', 'cyclonedx', 'cyclonedx-xml', 'spdx', 'spdx-tag-value', 'table'];
const CVSS_VERSIONS = ['2', '3', '4'];

/** Spec §9 vulnerability matching options (see EvaluateOptions in @binlens/vulndb). */
const MATCHING_OPTIONS = {
  'assume-unknown-latest': { type: 'boolean', default: false },
  'low-risk-tolerance': { type: 'boolean', default: false },
  historical: { type: 'boolean', default: false },
  'cvss-version': { type: 'string' },
  'no-cvss-fallback': { type: 'boolean', default: false },
  'prioritise-nvd': { type: 'boolean', default: false },
  'include-advisories': { type: 'boolean', default: false },
} as const;

const USAGE = `Usage: binlens scan PATH [--format json|cyclonedx|cyclonedx-xml|spdx|spdx-tag-value|table] [--data-dir DIR]

Take PATH apart (archives, packages, compressed streams, nested) and report its components.
PATH is a file or a directory; a directory is scanned as one input (links not followed).
When a knowledge base was imported ("binlens db sync" or "binlens db import"), each
component lists its vulnerabilities; without one, the output says they were not evaluated.

Options:
  -f, --format FORMAT   json (default), cyclonedx (CycloneDX 1.6 JSON), cyclonedx-xml (CycloneDX 1.6
                        XML), spdx (SPDX 2.3 JSON), spdx-tag-value (SPDX 2.3 tag-value), table
  --data-dir DIR        where the knowledge base is (DIR/kb); default $BINLENS_DATA_DIR,
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
  --include-advisories     also advisories without a CVE id (GHSA, GO, RUSTSEC, ...)
${LIMIT_HELP}
  -h, --help            show this help

Exit status: 0 success, 1 PATH cannot be read, 2 usage error, 130 interrupted.`;

export const scanCommand: Command = {
  name: 'scan',
  summary: 'scan PATH [--format json|cyclonedx[-xml]|spdx[-tag-value]|table]   report the components inside PATH',
  usage: USAGE,
  run: runScan,
};

async function runScan(argv: string[], io: CliIo): Promise<number> {
  const parsed = parseCommandLine(argv, { format: { type: 'string', short: 'f', default: 'json' }, 'data-dir': { type: 'string' }, 'license-policy': { type: 'string' }, ...MATCHING_OPTIONS, ...LIMIT_OPTIONS }, USAGE, io);
  if (typeof parsed === 'number') return parsed;
  const { values, positionals } = parsed;
  const [file, ...extra] = positionals;
  if (file === undefined) return usageError(io, 'missing PATH');
  if (extra.length > 0) return usageError(io, `unexpected argument "${extra[0]}"`);
  if (!FORMATS.includes(values.format)) return usageError(io, `--format must be one of ${FORMATS.join(', ')}, not "${values.format}"`);
  const licensePolicy = values['license-policy'] === undefined ? {} : await readLicensePolicy(values['license-policy']);
  if (typeof licensePolicy === 'string') return usageError(io, licensePolicy);
  const limits = scanLimits(values);
  if (typeof limits === 'string') return usageError(io, limits);
  const cvssVersion = values['cvss-version'];
  if (cvssVersion !== undefined && !CVSS_VERSIONS.includes(cvssVersion)) return usageError(io, `--cvss-version must be 2, 3 or 4, not "${cvssVersion}"`);
  const matching: EvaluateOptions = {
    assumeUnknownAsLatest: values['assume-unknown-latest'],
    lowRiskTolerance: values['low-risk-tolerance'],
    historical: values.historical,
    ...(cvssVersion !== undefined ? { cvssVersion: Number(cvssVersion) as 2 | 3 | 4 } : {}),
    cvssFallback: !values['no-cvss-fallback'],
    prioritiseNvd: values['prioritise-nvd'],
    includeAdvisoriesWithoutCve: values['include-advisories'],
  };

  const progress = io.stderrIsTTY ? progressLine(io) : undefined;
  let identification;
  try {
    identification = await scan(file, { signal: io.signal, limits }, progress?.update);
  } catch (err) {
    progress?.clear();
    if (io.signal?.aborted) {
      io.stderr('binlens: interrupted\n');
      return 130;
    }
    io.stderr(`binlens: cannot read ${file}: ${(err as Error).message}\n`);
    return 1;
  }
  progress?.clear();
  const { problems } = identification;
  const { evaluation, knowledgeBase } = await evaluateLocally(identification, values['data-dir'] ?? defaultDataDir(io.env), matching);
  if (!evaluation) io.stderr(NO_DATA_NOTE);
  const writer = findSbomWriter(values.format);
  if (writer) {
    io.stdout(writer.write(identification, evaluation ? { vulnerabilities: toSbomVulnerabilities(evaluation) } : { notEvaluated: SBOM_NOT_EVALUATED }));
    return 0;
  }
  const result = evaluation ? withVulns(toScanResult(identification), evaluation) : toScanResult(identification);
  if (values.format === 'json') {
    const json = { ...toNativeJson(identification, result, { licensePolicy }), knowledge_base: knowledgeBase };
    // What each vulnerability id the components list is: CVSS, EPSS, KEV, CWEs, aliases.
    io.stdout(`${JSON.stringify(evaluation ? { ...json, vulnerabilities: evaluation.vulnerabilities } : json, null, 2)}\n`);
  } else io.stdout(`${formatTable(result, problems, evaluation)}${evaluation ? '' : `\nVulnerabilities: ${NOT_EVALUATED}\n`}`);
  return 0;
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

function usageError(io: CliIo, message: string): number {
  return reportUsageError(io, message, USAGE);
}

/** One self-overwriting stderr line, redrawn at most every 100 ms. */
function progressLine(io: CliIo): { update: (p: Progress) => void; clear: () => void } {
  let last = 0;
  return {
    update(p) {
      const now = Date.now();
      if (now - last < 100 && p.done !== p.total) return;
      last = now;
      io.stderr(`\r\x1b[K${p.stage}: ${p.done}/${p.total}`);
    },
    clear: () => io.stderr('\r\x1b[K'),
  };
}
