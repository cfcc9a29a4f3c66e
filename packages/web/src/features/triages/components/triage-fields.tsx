// The fields of a triage that the batch dialog and the edit page share: why (rationale), which
// versions, an optional re-scoring, and the description. Each is bound to the form's control.
import { Group, Radio, Select, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { Controller, useWatch, type Control } from 'react-hook-form';
import { ADJUSTED_SEVERITIES, isResolving, TRIAGE_RATIONALE_NAMES, TRIAGE_RATIONALES } from '../../../lib/triage.ts';
import { environmentalMetrics, type TriageValues } from './triage-values.ts';

/** Versions, vectors and hashes in monospace, their descriptions not. */
export const MONOSPACE_INPUT = { input: { fontFamily: 'var(--mantine-font-family-monospace)' } };

interface FieldProps {
  control: Control<TriageValues>;
}

const RATIONALE_OPTIONS = TRIAGE_RATIONALES.map((code) => ({
  value: code,
  label: code === 'CO' ? `${TRIAGE_RATIONALE_NAMES[code]} (does not resolve)` : TRIAGE_RATIONALE_NAMES[code],
}));
const SEVERITY_OPTIONS = ADJUSTED_SEVERITIES.map((severity) => ({ value: severity, label: severity[0]?.toUpperCase() + severity.slice(1) }));

export function RationaleField({ control }: FieldProps) {
  return (
    <Controller
      control={control}
      name="rationale"
      render={({ field, fieldState }) => (
        <Select
          label="Rationale"
          placeholder="Why?"
          required
          data={RATIONALE_OPTIONS}
          value={field.value === '' ? null : field.value}
          onChange={(value) => field.onChange(value ?? '')}
          onBlur={field.onBlur}
          ref={field.ref}
          error={fieldState.error?.message}
          allowDeselect={false}
          comboboxProps={{ withinPortal: true }}
        />
      )}
    />
  );
}

export function VersionFields({ control }: FieldProps) {
  const mode = useWatch({ control, name: 'versionMode' });
  const version = useWatch({ control, name: 'version' });
  return (
    <Stack gap={6}>
      <Controller
        control={control}
        name="versionMode"
        render={({ field }) => (
          <Radio.Group label="Versions" value={field.value} onChange={field.onChange}>
            <Group gap="md" mt={4}>
              <Radio value="exact" label="This version only" />
              <Radio value="range" label="A version range" />
            </Group>
          </Radio.Group>
        )}
      />
      {mode === 'exact' ? (
        <Controller
          control={control}
          name="version"
          render={({ field, fieldState }) => <TextInput aria-label="Version" styles={MONOSPACE_INPUT} {...field} error={fieldState.error?.message} />}
        />
      ) : (
        <Controller
          control={control}
          name="range"
          render={({ field, fieldState }) => (
            <TextInput
              aria-label="Version range"
              description="Comparators in the component's version scheme, all holding. The triage carries over to upgrades inside the range."
              placeholder={version.trim() === '' ? '>=1.2.0 <1.3.0' : `>=${version.trim()}`}
              styles={MONOSPACE_INPUT}
              {...field}
              error={fieldState.error?.message}
            />
          )}
        />
      )}
    </Stack>
  );
}

export function RescoreFields({ control }: FieldProps) {
  const mode = useWatch({ control, name: 'rescore' });
  const rationale = useWatch({ control, name: 'rationale' });
  const vector = useWatch({ control, name: 'vector' });
  const metrics = mode === 'vector' ? environmentalMetrics(vector) : null;
  const resolves = rationale !== '' && isResolving({ rationale, adjusted_severity: null, environmental_vector: null });
  return (
    <Stack gap={6}>
      <Controller
        control={control}
        name="rescore"
        render={({ field }) => (
          <Radio.Group
            label="Outcome"
            description={mode === 'none' ? (resolves ? 'The vulnerability is resolved where the triage holds.' : 'A comment: the vulnerability stays open.') : 'Re-scored: the vulnerability stays open and counts at the new severity.'}
            value={field.value}
            onChange={field.onChange}
          >
            <Group gap="md" mt={4}>
              <Radio value="none" label="No re-scoring" />
              <Radio value="severity" label="Adjusted severity" />
              <Radio value="vector" label="Environmental vector" />
            </Group>
          </Radio.Group>
        )}
      />
      {mode === 'severity' && (
        <Controller
          control={control}
          name="severity"
          render={({ field, fieldState }) => (
            <Select
              aria-label="Severity it counts with"
              placeholder="Severity"
              data={SEVERITY_OPTIONS}
              value={field.value === '' ? null : field.value}
              onChange={(value) => field.onChange(value ?? '')}
              error={fieldState.error?.message}
              allowDeselect={false}
              w={200}
              comboboxProps={{ withinPortal: true }}
            />
          )}
        />
      )}
      {mode === 'vector' && (
        <>
          <Controller
            control={control}
            name="vector"
            render={({ field, fieldState }) => (
              <TextInput
                aria-label="CVSS v3.1 vector"
                description="The base metrics with the environmental ones for where it runs; the score is computed when saved."
                placeholder="CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H/MAV:L/CR:L"
                styles={MONOSPACE_INPUT}
                {...field}
                error={fieldState.error?.message}
              />
            )}
          />
          {metrics && (
            <Text size="xs" c="dimmed">
              {metrics.map((m) => `${m.metric}: ${m.value}`).join(' · ')}
            </Text>
          )}
        </>
      )}
    </Stack>
  );
}

export function DescriptionField({ control, mandatory }: FieldProps & { mandatory: boolean }) {
  return (
    <Controller
      control={control}
      name="description"
      render={({ field, fieldState }) => (
        <Textarea
          label="Description"
          description={mandatory ? 'Required by the account.' : 'Why, for whoever reads it next.'}
          required={mandatory}
          rows={3}
          {...field}
          error={fieldState.error?.message}
        />
      )}
    />
  );
}
