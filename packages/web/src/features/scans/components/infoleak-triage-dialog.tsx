import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Group, Modal, Select, Stack, Text, Textarea } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import type { InfoleakItem, InfoleakTriageCreated } from '../../../lib/api-schemas.ts';
import { formatNumber } from '../../../lib/format.ts';
import { applyServerErrors } from '../../../lib/form-errors.ts';
import { z } from '../../../lib/zod.ts';
import {
  TRIAGE_RATIONALE_LABELS, TRIAGE_SCOPE_LABELS, triageGroupsQueryOptions, useInfoleakTriageMutations, type TriageRationale, type TriageScope,
} from '../api/infoleak-triage.ts';
import { useTriageAccess } from '../../../lib/triage.ts';
import { scanQueryOptions, scansQueryOptions } from '../api/scans.ts';
import { INFOLEAK_KIND_LABELS } from './infoleak-kind-badge.tsx';

const SCOPES = Object.keys(TRIAGE_SCOPE_LABELS) as TriageScope[];
const RATIONALES = Object.keys(TRIAGE_RATIONALE_LABELS) as TriageRationale[];
const REQUIRED = 'This field is required.';
/** The server's own words when the account asks for a description. */
const DESCRIPTION_REQUIRED = 'The account asks for a description with every triage.';
/** Applications of the group offered for scopes R and FN, newest first. */
const RESULT_CHOICES = 100;

const triageSchema = (descriptionMandatory: boolean) =>
  z
    .object({
      scope: z.enum(SCOPES as [TriageScope, ...TriageScope[]]),
      group_scope: z.string().nullable(),
      result_scope: z.string().nullable(),
      rationale: z.enum(RATIONALES as [TriageRationale, ...TriageRationale[]]),
      description: z.string().max(10_000),
    })
    .superRefine((values, context) => {
      if ((values.scope === 'R' || values.scope === 'FN') && !values.result_scope) context.addIssue({ code: 'custom', path: ['result_scope'], message: REQUIRED });
      if (descriptionMandatory && values.description.trim() === '') context.addIssue({ code: 'custom', path: ['description'], message: DESCRIPTION_REQUIRED });
    });

type TriageValues = z.infer<ReturnType<typeof triageSchema>>;

interface InfoleakTriageDialogProps {
  opened: boolean;
  scanId: number;
  /** The findings chosen in the list. */
  leaks: readonly InfoleakItem[];
  onClose: () => void;
  onTriaged: (made: InfoleakTriageCreated[]) => void;
}

/** "Triage": where the decision holds (scope, with the group or application it names), why (rationale) and a description. */
export function InfoleakTriageDialog({ opened, scanId, leaks, onClose, onTriaged }: InfoleakTriageDialogProps) {
  const { descriptionMandatory } = useTriageAccess();
  const { create } = useInfoleakTriageMutations(scanId);
  const [formError, setFormError] = useState<string | null>(null);
  const scan = useQuery({ ...scanQueryOptions(scanId), enabled: opened });
  const schema = useMemo(() => triageSchema(descriptionMandatory), [descriptionMandatory]);
  const { handleSubmit, setError, control, reset, formState } = useForm<TriageValues>({
    resolver: zodResolver(schema),
    defaultValues: { scope: 'R', group_scope: null, result_scope: String(scanId), rationale: 'U', description: '' },
  });
  const scope = useWatch({ control, name: 'scope' });
  const resultId = useWatch({ control, name: 'result_scope' });
  const groupChoices = useGroupChoices(opened && scope === 'G', scan.data?.group);
  const resultChoices = useResultChoices(opened && (scope === 'R' || scope === 'FN'), scan.data?.group, scanId, scan.data?.name);
  const resultName = resultChoices.find((choice) => choice.value === resultId)?.name ?? scan.data?.name ?? '';

  const close = () => {
    reset();
    setFormError(null);
    create.reset();
    onClose();
  };

  const onSubmit = handleSubmit((values) => {
    setFormError(null);
    // The group shown first is the one chosen until another is picked.
    const groupId = values.group_scope ?? groupChoices[0]?.value;
    if (values.scope === 'G' && groupId === undefined) {
      setError('group_scope', { type: 'required', message: REQUIRED });
      return;
    }
    const body = {
      scope: values.scope,
      rationale: values.rationale,
      description: values.description.trim(),
      ...(values.scope === 'G' ? { group_scope: Number(groupId) } : {}),
      ...(values.scope === 'R' || values.scope === 'FN' ? { result_scope: Number(values.result_scope) } : {}),
    };
    create.mutate(
      { leaks, body },
      {
        onSuccess: (made) => {
          close();
          onTriaged(made);
        },
        onError: (error) => setFormError(applyServerErrors(error, ['scope', 'group_scope', 'result_scope', 'rationale', 'description'], setError)),
      },
    );
  });

  return (
    <Modal opened={opened} onClose={close} title={`Triage ${findingsText(leaks.length)}`} centered>
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            {`${kindsText(leaks)}. Triaged findings leave the matched list wherever the scope reaches; "Show triaged" lists them.`}
          </Text>
          {formError && (
            <Alert color="red" role="alert">
              {formError}
            </Alert>
          )}
          <Controller
            control={control}
            name="scope"
            render={({ field }) => (
              <Select
                label="Scope"
                description={scopeHelp(field.value, resultName)}
                data={SCOPES.map((value) => ({ value, label: TRIAGE_SCOPE_LABELS[value] }))}
                allowDeselect={false}
                value={field.value}
                onChange={(value) => field.onChange(value ?? 'R')}
                data-autofocus
              />
            )}
          />
          {scope === 'G' && (
            <Controller
              control={control}
              name="group_scope"
              render={({ field }) => (
                <Select
                  label="Group"
                  description="The application's group or a group above it."
                  data={groupChoices}
                  value={field.value ?? (groupChoices[0]?.value ?? null)}
                  onChange={field.onChange}
                  allowDeselect={false}
                  error={formState.errors.group_scope?.message}
                  nothingFoundMessage="No group"
                />
              )}
            />
          )}
          {(scope === 'R' || scope === 'FN') && (
            <Controller
              control={control}
              name="result_scope"
              render={({ field }) => (
                <Select
                  label="Application"
                  data={resultChoices}
                  searchable
                  value={field.value}
                  onChange={field.onChange}
                  allowDeselect={false}
                  error={formState.errors.result_scope?.message}
                />
              )}
            />
          )}
          <Controller
            control={control}
            name="rationale"
            render={({ field }) => (
              <Select
                label="Rationale"
                data={RATIONALES.map((value) => ({ value, label: TRIAGE_RATIONALE_LABELS[value] }))}
                allowDeselect={false}
                value={field.value}
                onChange={(value) => field.onChange(value ?? 'U')}
                error={formState.errors.rationale?.message}
              />
            )}
          />
          <Controller
            control={control}
            name="description"
            render={({ field }) => (
              <Textarea
                label="Description"
                withAsterisk={descriptionMandatory}
                description={descriptionMandatory ? 'The account asks for one with every triage.' : 'Optional: why, for whoever reads it later.'}
                minRows={3}
                maxLength={10_000}
                value={field.value}
                onChange={field.onChange}
                error={formState.errors.description?.message}
              />
            )}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" loading={create.isPending}>
              Triage
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** The scan's group first, then each group above it that the user sees. */
function useGroupChoices(enabled: boolean, groupId: number | undefined) {
  const groups = useQuery({ ...triageGroupsQueryOptions(), enabled: enabled && groupId !== undefined });
  return useMemo(() => {
    const all = groups.data?.results ?? [];
    const own = all.find((group) => group.id === groupId);
    const path = own ? own.search_path.split('.').map(Number).reverse() : [];
    return path.flatMap((id) => {
      const group = all.find((candidate) => candidate.id === id);
      return group ? [{ value: String(id), label: group.name }] : [];
    });
  }, [groups.data, groupId]);
}

/** The applications of the scan's group, this one always among them. */
function useResultChoices(enabled: boolean, groupId: number | undefined, scanId: number, scanName: string | undefined) {
  const scans = useQuery({ ...scansQueryOptions({ group: groupId ?? 0, ordering: '-created', limit: RESULT_CHOICES, offset: 0 }), enabled: enabled && groupId !== undefined });
  return useMemo(() => {
    const listed = (scans.data?.results ?? []).map((scan) => ({ value: String(scan.id), label: scan.id === scanId ? `${scan.name} (this one)` : `${scan.name} (#${scan.id})`, name: scan.name }));
    if (listed.some((choice) => choice.value === String(scanId))) return listed;
    return [{ value: String(scanId), label: `${scanName ?? `#${scanId}`} (this one)`, name: scanName ?? '' }, ...listed];
  }, [scans.data, scanId, scanName]);
}

function scopeHelp(scope: TriageScope, resultName: string): string {
  switch (scope) {
    case 'R':
      return 'Only in this application.';
    case 'FN':
      return `In every application named ${resultName}, in any group, uploads to come included.`;
    case 'FH':
      return 'In the file each finding sits in (by its SHA-1), in every application.';
    case 'G':
      return 'In every application of the group (and of its subgroups when membership inheritance is on).';
    case 'CA':
      return 'In every application of the account.';
  }
}

function findingsText(count: number): string {
  return count === 1 ? '1 finding' : `${formatNumber(count)} findings`;
}

/** "2 URLs, 1 Email address". */
function kindsText(leaks: readonly InfoleakItem[]): string {
  const counts = new Map<InfoleakItem['kind'], number>();
  for (const leak of leaks) counts.set(leak.kind, (counts.get(leak.kind) ?? 0) + 1);
  return [...counts].map(([kind, count]) => `${formatNumber(count)} ${count === 1 ? INFOLEAK_KIND_LABELS[kind].one : INFOLEAK_KIND_LABELS[kind].plural}`).join(', ');
}
