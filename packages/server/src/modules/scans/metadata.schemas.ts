// GET /rest/scans/{id}/metadata/ (spec §7 `{scanUrl}metadata/`): how a ready scan was made and
// what it holds, as the details tab shows it: the input, the run, the settings it ran with,
// the size of each list, and what its vulnerabilities are matched with.
import { type Static, Type } from 'typebox';
import { KnowledgeBaseSummary } from '../knowledge-base/schemas.ts';

const IsoDate = Type.String({ format: 'date-time' });
const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(schema: T) => Type.Union([schema, Type.Null()]);

export const ScanMetadata = Type.Object({
  input: Type.Object({
    name: Type.String(),
    size: Type.Integer(),
    sha1: Type.String(),
    sha256: Type.String(),
    format: Nullable(Type.String({ description: 'The format the engine recognised the input as, e.g. archive/zip; null for plain data.' })),
  }),
  created_at: IsoDate,
  started_at: Nullable(IsoDate),
  finished_at: Nullable(IsoDate),
  analysis_ms: Nullable(Type.Integer({ description: "The engine's own run time (its start to its end), in milliseconds." })),
  analysis_settings: Nullable(
    Type.Object({
      limits: Type.Record(Type.String(), Type.Number(), {
        description: 'Extraction limits in force (maxDepth, maxFiles, maxTotalBytes, maxFileBytes, maxCompressionRatio, maxDecoderMemory, timeMs), the input-scaled budgets applied.',
      }),
      infoleak_decoy_filter: Type.Boolean({ description: 'Documentation examples and placeholders were dropped from the leaks.' }),
      custom_patterns: Type.Array(Type.String(), { description: 'Ids of the custom leak patterns searched for.' }),
    }, { description: 'Null for a scan made before they were recorded.' }),
  ),
  vulnerability_matching: Type.Object({
    cvss3_fallback: Type.Boolean(),
    include_bdsa_vulnerabilities: Type.Boolean(),
  }),
  counts: Type.Object({
    files: Nullable(Type.Integer({ description: 'Files in the unpacked tree, the input included; null for a scan stored before files were kept.' })),
    components: Type.Integer(),
    licenses: Type.Integer({ description: 'Distinct licence expressions declared by components or found in files.' }),
    executables: Type.Integer(),
    code_findings: Type.Integer(),
    infoleaks: Type.Integer({ description: 'Leaks no triage holds for, documentation examples left out.' }),
    mobile_apps: Type.Integer(),
    docker_images: Type.Integer(),
    kernel_configs: Type.Integer(),
    errors: Type.Integer(),
    warnings: Type.Integer(),
    info: Type.Integer(),
  }),
  kernel_configs: Type.Array(
    Type.Object({
      path: Type.Array(Type.String()),
      source: Type.Union([Type.Literal('ikconfig'), Type.Literal('file')], { description: 'An IKCONFIG blob embedded in a kernel or module, or a config file.' }),
      options: Type.Integer({ description: 'CONFIG_ options set.' }),
      checks: Type.Array(Type.Object({
        option: Type.String(),
        expected: Type.String(),
        actual: Type.String(),
        ok: Type.Boolean(),
        why: Type.String(),
      }, { title: 'KernelConfigCheck' })),
    }, { title: 'KernelConfig' }),
    { description: 'Linux kernel configurations found, each checked against hardening advice.' },
  ),
  knowledge_base: KnowledgeBaseSummary,
}, { title: 'ScanMetadata' });
export type ScanMetadata = Static<typeof ScanMetadata>;
