import { Alert, Button, Card, Group, Input, Radio, SegmentedControl, Select, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useId, useState, type FormEvent } from 'react';
import { AnchorLink } from '../../../components/anchor-link.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { ApiError, messageOf } from '../../../lib/api-client.ts';
import type { VexImportResult } from '../../../lib/api-schemas.ts';
import { formatBytes, formatNumber } from '../../../lib/format.ts';
import { useTriageAccess } from '../../../lib/triage.ts';
import { useImportVex, VEX_FORMATS, vexExportUrl, type VexExportTarget, type VexFormat, type VexImportScope } from '../api/vex.ts';
import { ImportPreview } from './import-preview.tsx';
import { ApplicationPicker, GroupPicker } from './target-pickers.tsx';

/** /triages/vex: triages out as VEX documents, and VEX documents in as triages. */
export function VexPage() {
  const { allowed } = useTriageAccess();
  // The import's dry run, shown below both cards at full width: its tables are wide.
  const [preview, setPreview] = useState<VexImportResult | null>(null);
  return (
    <>
      <PageHeader
        title="VEX"
        actions={
          <Button component={Link} to="/triages" variant="default" size="xs">
            Triages
          </Button>
        }
      />
      <Text size="sm" c="dimmed" mb="md" maw={760}>
        A VEX document says which vulnerabilities affect which components and why not. Export your triages for other tools, or make triages from
        a supplier&apos;s CycloneDX, OpenVEX or CSAF document.
      </Text>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <ExportCard />
        {allowed ? <ImportCard preview={preview} onPreview={setPreview} /> : (
          <Card withBorder padding="md">
            <Title order={3} size="h4" mb="xs">
              Import
            </Title>
            <Text size="sm" c="dimmed">
              Importing makes triages: it needs the triage permission, and triage turned on in the account settings.
            </Text>
          </Card>
        )}
      </SimpleGrid>
      {allowed && preview && (
        <Card withBorder padding="md" mt="md">
          <ImportPreview result={preview} />
        </Card>
      )}
    </>
  );
}

type ExportKind = VexExportTarget['kind'];
const EXPORT_KINDS: { value: ExportKind; label: string }[] = [
  { value: 'account', label: 'Account' },
  { value: 'group', label: 'Group' },
  { value: 'application', label: 'Application' },
];

function ExportCard() {
  const [kind, setKind] = useState<ExportKind>('account');
  const [group, setGroup] = useState<number | null>(null);
  const [application, setApplication] = useState<number | null>(null);
  const [format, setFormat] = useState<VexFormat>('cyclonedx');
  const target: VexExportTarget | null =
    kind === 'account' ? { kind } : kind === 'group' ? (group === null ? null : { kind, id: group }) : application === null ? null : { kind, id: application };
  const explained: Record<ExportKind, string> = {
    account: 'Every triage you can see.',
    group: 'The triages that hold in the group’s applications: its own, those of its applications and their names, and account-wide ones.',
    application: 'The triages that hold in the application, on its components as it is evaluated now.',
  };
  return (
    <Card withBorder padding="md" component="section" aria-labelledby="vex-export-title">
      <Stack gap="sm">
        <Title order={3} size="h4" id="vex-export-title">
          Export
        </Title>
        <Input.Wrapper label="Triages of" description={explained[kind]}>
          <SegmentedControl data={EXPORT_KINDS} value={kind} onChange={(value) => setKind(value as ExportKind)} fullWidth mt={4} aria-label="Triages of" />
        </Input.Wrapper>
        {kind === 'group' && <GroupPicker label="Group" value={group} onChange={setGroup} />}
        {kind === 'application' && <ApplicationPicker label="Application" value={application} onChange={setApplication} />}
        <Radio.Group label="Format" value={format} onChange={(value) => setFormat(value as VexFormat)}>
          <Stack gap={6} mt={4}>
            {VEX_FORMATS.map((f) => (
              <Radio key={f.value} value={f.value} label={f.label} description={f.description} />
            ))}
          </Stack>
        </Radio.Group>
        <Group justify="flex-end">
          {target ? (
            <Button component="a" href={vexExportUrl(target, format)} download>
              Download
            </Button>
          ) : (
            <Button disabled>Download</Button>
          )}
        </Group>
      </Stack>
    </Card>
  );
}

const IMPORT_SCOPES: { value: VexImportScope; label: string }[] = [
  { value: 'document', label: 'As exported: each triage keeps its scope' },
  { value: 'CA', label: 'Account: every application' },
  { value: 'G', label: 'Group: its applications' },
  { value: 'R', label: 'Application: this one only' },
  { value: 'FN', label: 'Application name: every upload of this name' },
];

interface ImportErrors {
  file?: string;
  scope?: string;
  group?: string;
  application?: string;
  detail?: string;
}

function ImportCard({ preview, onPreview: setPreview }: { preview: VexImportResult | null; onPreview: (result: VexImportResult | null) => void }) {
  const inputId = useId();
  const importing = useImportVex();
  const [file, setFile] = useState<File | null>(null);
  const [scope, setScope] = useState<VexImportScope>('document');
  const [group, setGroup] = useState<number | null>(null);
  const [application, setApplication] = useState<number | null>(null);
  const [errors, setErrors] = useState<ImportErrors>({});
  const [applied, setApplied] = useState<VexImportResult | null>(null);
  // Any change of what is imported, or where, makes the preview stale.
  const changed = () => {
    setPreview(null);
    setApplied(null);
    setErrors({});
  };

  const send = (dryRun: boolean) => {
    const missing: ImportErrors = {
      ...(file ? {} : { file: 'Choose a VEX document.' }),
      ...(scope === 'G' && group === null ? { group: 'Choose the group.' } : {}),
      ...((scope === 'R' || scope === 'FN') && application === null ? { application: 'Choose the application.' } : {}),
    };
    setErrors(missing);
    if (!file || Object.keys(missing).length > 0) return;
    importing.mutate(
      { file, scope, groupScope: group, resultScope: application, dryRun },
      {
        onSuccess: (result) => {
          if (result.dry_run) setPreview(result);
          else {
            setPreview(null);
            setApplied(result);
          }
        },
        onError: (error) => setErrors(errorsOf(error)),
      },
    );
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    send(true);
  };
  const refused = (preview?.unknown.length ?? 0) > 0;

  return (
    <Card withBorder padding="md" component="section" aria-labelledby="vex-import-title">
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="sm">
          <Title order={3} size="h4" id="vex-import-title">
            Import
          </Title>
          <Input.Wrapper label="VEX document" id={inputId} error={errors.file} description="CycloneDX JSON (1.4 to 1.6), OpenVEX JSON or CSAF 2.0 JSON, at most 20 MB.">
            <input
              id={inputId}
              name="file"
              type="file"
              accept=".json,application/json"
              aria-invalid={errors.file ? true : undefined}
              disabled={importing.isPending}
              onChange={(event) => {
                setFile(event.currentTarget.files?.[0] ?? null);
                changed();
              }}
              style={{ display: 'block', marginTop: 4, maxWidth: '100%' }}
            />
          </Input.Wrapper>
          {file && (
            <Text size="sm" c="dimmed">
              {file.name} ({formatBytes(file.size)})
            </Text>
          )}
          <Select
            label="Scope of the triages"
            description="Where the triages made hold. “As exported” keeps the scope a Binlens export records for each triage."
            data={IMPORT_SCOPES}
            value={scope}
            onChange={(value) => {
              setScope((value ?? 'document') as VexImportScope);
              changed();
            }}
            allowDeselect={false}
            error={errors.scope}
            comboboxProps={{ withinPortal: true }}
          />
          {scope === 'G' && (
            <GroupPicker
              label="Group"
              value={group}
              onChange={(id) => {
                setGroup(id);
                changed();
              }}
              error={errors.group ?? null}
            />
          )}
          {(scope === 'R' || scope === 'FN') && (
            <ApplicationPicker
              label="Application"
              description={scope === 'FN' ? 'Its name is the one the triages hold for.' : undefined}
              value={application}
              onChange={(id) => {
                setApplication(id);
                changed();
              }}
              error={errors.application ?? null}
            />
          )}
          {errors.detail && (
            <Alert color="red" title="Not imported" role="alert">
              {errors.detail}
            </Alert>
          )}
          {applied && (
            <Alert color="green" title="Imported" role="status">
              {`Made ${plural(applied.create.length, 'triage', 'triages')}`}
              {applied.unchanged.length > 0 ? `; ${plural(applied.unchanged.length, 'was', 'were')} already there` : ''}.{' '}
              <AnchorLink to="/triages" size="sm">
                See the triages
              </AnchorLink>
            </Alert>
          )}
          <Group justify="flex-end" gap="sm">
            <Button type="submit" variant={preview ? 'default' : 'filled'} loading={importing.isPending && importing.variables.dryRun}>
              Preview
            </Button>
            {preview && (
              <Button
                onClick={() => send(false)}
                disabled={refused || preview.create.length === 0}
                loading={importing.isPending && !importing.variables.dryRun}
              >
                {preview.create.length === 0 ? 'Nothing to make' : `Apply: make ${plural(preview.create.length, 'triage', 'triages')}`}
              </Button>
            )}
          </Group>
        </Stack>
      </form>
    </Card>
  );
}

function plural(n: number, one: string, many: string): string {
  return `${formatNumber(n)} ${n === 1 ? one : many}`;
}

/** The server's refusal where it belongs: a field's under the field, anything else above the buttons. 401 and 5xx open the app's dialogs. */
function errorsOf(error: unknown): ImportErrors {
  if (!(error instanceof ApiError)) return { detail: messageOf(null) };
  if (error.status === 401 || error.status >= 500) return {};
  const fields = error.fieldErrors;
  const join = (key: string) => fields[key]?.join(' ');
  const known: ImportErrors = {
    ...(join('file') ? { file: join('file') } : {}),
    ...(join('scope') ? { scope: join('scope') } : {}),
    ...(join('group_scope') ? { group: join('group_scope') } : {}),
    ...(join('result_scope') ? { application: join('result_scope') } : {}),
  };
  return Object.keys(known).length > 0 ? known : { detail: messageOf(error.body) };
}
