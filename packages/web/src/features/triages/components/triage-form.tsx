import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Fieldset, Group, Notification, Select, Stack, Text, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { Controller, useForm, useWatch, type Control } from 'react-hook-form';
import type { Triage } from '../../../lib/api-schemas.ts';
import { applyServerErrors } from '../../../lib/form-errors.ts';
import { displayText } from '../../../lib/format.ts';
import { TRIAGE_SCOPE_NAMES, TRIAGE_SCOPES, useTriageAccess } from '../../../lib/triage.ts';
import { visibleGroupsQueryOptions, type TriageNames } from '../api/triage-names.ts';
import { useUpdateTriage } from '../api/triages.ts';
import { DescriptionField, MONOSPACE_INPUT, RationaleField, RescoreFields, VersionFields } from './triage-fields.tsx';
import { triageValuesSchema, updateBody, valuesOf, type TriageValues } from './triage-values.ts';

const FIELDS = ['rationale', 'scope', 'group', 'fileHash', 'version', 'range', 'severity', 'vector', 'description'] as const;

interface TriageFormProps {
  triage: Triage;
  names: TriageNames;
  /** Shown, not changed: triage is off or the user may not triage. */
  readOnly: boolean;
}

/** The triage's fields; Save sends only what changed (spec §5) and is off while nothing did. */
export function TriageForm({ triage, names, readOnly }: TriageFormProps) {
  const { descriptionMandatory } = useTriageAccess();
  const schema = useMemo(() => triageValuesSchema(descriptionMandatory), [descriptionMandatory]);
  const { handleSubmit, control, setError, reset } = useForm<TriageValues>({ resolver: zodResolver(schema), defaultValues: valuesOf(triage) });
  const update = useUpdateTriage(triage);
  const [formError, setFormError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const edited = useWatch({ control }) as TriageValues;
  const unchanged = updateBody(triage, { ...valuesOf(triage), ...edited }) === null;

  const onSubmit = handleSubmit((values) => {
    const body = updateBody(triage, values);
    if (!body) return;
    setFormError(null);
    update.mutate(body, {
      onSuccess: (updated) => {
        reset(valuesOf(updated));
        setSaved(true);
      },
      onError: (error) => setFormError(applyServerErrors(error, FIELDS, setError)),
    });
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Edit triage">
      <Stack gap="sm">
        {formError && (
          <Alert color="red" role="alert">
            {formError}
          </Alert>
        )}
        {saved && (
          <Notification color="teal" title="Triage saved" role="status" withCloseButton onClose={() => setSaved(false)} withBorder>
            The applications it reaches are counted again.
          </Notification>
        )}
        <Fieldset disabled={readOnly} variant="unstyled">
          <Stack gap="sm">
            <RationaleField control={control} />
            <ScopeField control={control} triage={triage} names={names} />
            <VersionFields control={control} />
            <RescoreFields control={control} />
            <DescriptionField control={control} mandatory={descriptionMandatory} />
          </Stack>
        </Fieldset>
        {!readOnly && (
          <Group justify="flex-end" gap="sm">
            <Button variant="default" disabled={unchanged || update.isPending} onClick={() => reset()}>
              Discard changes
            </Button>
            <Button type="submit" disabled={unchanged} loading={update.isPending}>
              Save
            </Button>
          </Group>
        )}
      </Stack>
    </form>
  );
}

/**
 * The scope and what it names. A group is chosen among those the user sees; an application or
 * an application name is the one the triage was made on (or already holds for); a file hash is typed.
 */
function ScopeField({ control, triage, names }: { control: Control<TriageValues>; triage: Triage; names: TriageNames }) {
  const scope = useWatch({ control, name: 'scope' });
  const groups = useQuery({ ...visibleGroupsQueryOptions(), enabled: scope === 'G' });
  // Without the application it was made on, a triage can only keep an application scope it already has.
  const scopes = TRIAGE_SCOPES.map((s) => ({
    value: s,
    label: TRIAGE_SCOPE_NAMES[s],
    disabled: (s === 'R' || s === 'FN') && triage.scan_id === null && triage.scope !== s,
  }));
  const application = (id: number | null) => displayText(names.application(id) ?? (id === null ? 'a removed application' : `application #${id}`));
  const groupOptions = (groups.data?.results ?? []).map((group) => ({ value: String(group.id), label: group.name }));
  if (triage.group_scope !== null && !groupOptions.some((o) => o.value === String(triage.group_scope))) {
    groupOptions.push({ value: String(triage.group_scope), label: names.group(triage.group_scope) ?? `Group #${triage.group_scope}` });
  }
  return (
    <Stack gap={6}>
      <Controller
        control={control}
        name="scope"
        render={({ field }) => (
          <Select
            label="Scope"
            description="Where the triage holds."
            data={scopes}
            value={field.value}
            onChange={(value) => field.onChange(value ?? triage.scope)}
            allowDeselect={false}
            comboboxProps={{ withinPortal: true }}
          />
        )}
      />
      {scope === 'G' && (
        <Controller
          control={control}
          name="group"
          render={({ field, fieldState }) => (
            <Select
              aria-label="Group"
              placeholder={groups.isPending ? 'Loading groups…' : 'Choose a group'}
              data={groupOptions}
              searchable
              value={field.value === '' ? null : field.value}
              onChange={(value) => field.onChange(value ?? '')}
                error={fieldState.error?.message}
              allowDeselect={false}
              comboboxProps={{ withinPortal: true }}
            />
          )}
        />
      )}
      {scope === 'R' && <Text size="sm">{application(triage.scope === 'R' ? triage.result_scope : triage.scan_id)}</Text>}
      {scope === 'FN' && (
        <Text size="sm">{`Every upload named ${triage.scope === 'FN' ? displayText(triage.application_name ?? '') : application(triage.scan_id)}`}</Text>
      )}
      {scope === 'FH' && (
        <Controller
          control={control}
          name="fileHash"
          render={({ field, fieldState }) => <TextInput aria-label="File SHA-1" styles={MONOSPACE_INPUT} {...field} error={fieldState.error?.message} />}
        />
      )}
    </Stack>
  );
}
