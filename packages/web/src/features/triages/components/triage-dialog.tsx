import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Badge, Button, Group, Modal, Select, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { Controller, useForm, useWatch, type Control } from 'react-hook-form';
import type { ResultComponent, Scan } from '../../../lib/api-schemas.ts';
import { applyServerErrors } from '../../../lib/form-errors.ts';
import { displayPath, displayText, formatNumber } from '../../../lib/format.ts';
import { usePhoneWidth } from '../../../lib/phone-width.ts';
import { TRIAGE_SCOPE_NAMES, type TriageScope, useTriageAccess } from '../../../lib/triage.ts';
import { scanNameQueryOptions } from '../api/triage-names.ts';
import { useCreateTriages } from '../api/triages.ts';
import { DescriptionField, RationaleField, RescoreFields, VersionFields } from './triage-fields.tsx';
import { createBodies, triageValuesSchema, type TriageValues } from './triage-values.ts';

export interface TriageSelectedProps {
  scanId: number;
  component: ResultComponent;
  /** The selected vulnerabilities of the component. */
  vulnIds: string[];
  /** After the triages were made: the list clears its selection. */
  onDone: () => void;
}

/**
 * "Triage selected" for the vulnerabilities chosen in a component's list, with its dialog.
 * Nothing shows where triage is off for the account or the user may not triage.
 */
export function TriageSelectedButton(props: TriageSelectedProps) {
  const { allowed } = useTriageAccess();
  const [opened, setOpened] = useState(false);
  if (!allowed) return null;
  const count = props.vulnIds.length;
  return (
    <>
      <Button size="compact-sm" variant="light" disabled={count === 0} onClick={() => setOpened(true)}>
        {count === 0 ? 'Triage selected' : `Triage selected (${formatNumber(count)})`}
      </Button>
      {opened && (
        <TriageDialog
          {...props}
          onClose={() => setOpened(false)}
          onDone={() => {
            setOpened(false);
            props.onDone();
          }}
        />
      )}
    </>
  );
}

const FIELDS = ['rationale', 'scope', 'group', 'fileHash', 'version', 'range', 'severity', 'vector', 'description'] as const;

/** The dialog: why, where it holds, which versions, an optional re-scoring and a description; one triage per vulnerability, all or none. */
export function TriageDialog({ scanId, component, vulnIds, onClose, onDone }: TriageSelectedProps & { onClose: () => void }) {
  const narrow = usePhoneWidth();
  const { descriptionMandatory } = useTriageAccess();
  const scan = useQuery(scanNameQueryOptions(scanId));
  const create = useCreateTriages();
  const [formError, setFormError] = useState<string | null>(null);
  const schema = useMemo(() => triageValuesSchema(descriptionMandatory), [descriptionMandatory]);
  const { handleSubmit, control, setError, setValue } = useForm<TriageValues>({
    resolver: zodResolver(schema),
    defaultValues: {
      rationale: '',
      scope: 'R',
      group: '',
      fileHash: component.objects[0]?.sha1 ?? '',
      versionMode: 'exact',
      version: component.custom_version ?? component.version,
      range: '',
      rescore: 'none',
      severity: '',
      vector: '',
      description: '',
    },
  });

  const onSubmit = handleSubmit((values) => {
    if (!scan.data) return;
    setFormError(null);
    const bodies = createBodies({ scanId, component }, vulnIds, values);
    create.mutate(bodies, {
      onSuccess: onDone,
      onError: (error) => setFormError(applyServerErrors(error, FIELDS, setError)),
    });
  });

  const name = displayText(component.name_override?.name ?? component.lib);
  const title = `Triage ${formatNumber(vulnIds.length)} ${vulnIds.length === 1 ? 'vulnerability' : 'vulnerabilities'} of ${name} ${displayText(component.custom_version ?? component.version)}`.trim();
  return (
    <Modal opened onClose={onClose} title={title} size="lg" fullScreen={narrow} centered>
      <form onSubmit={onSubmit} noValidate aria-label="Triage">
        <Stack gap="sm">
          <Group gap={4} aria-label="Selected vulnerabilities" role="list">
            {vulnIds.map((id) => (
              <Badge key={id} size="sm" variant="outline" color="gray" tt="none" ff="monospace" role="listitem">
                {displayText(id)}
              </Badge>
            ))}
          </Group>
          {formError && (
            <Alert color="red" role="alert">
              {formError}
            </Alert>
          )}
          <RationaleField control={control} />
          <ScopeField control={control} scan={scan.data} component={component} onScope={(scope) => setValue('group', scope === 'G' && scan.data ? String(scan.data.group) : '')} />
          <VersionFields control={control} />
          <RescoreFields control={control} />
          <DescriptionField control={control} mandatory={descriptionMandatory} />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} disabled={create.isPending}>
              Cancel
            </Button>
            <Button type="submit" loading={create.isPending} disabled={!scan.data}>
              {vulnIds.length === 1 ? 'Triage' : `Triage ${formatNumber(vulnIds.length)}`}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** Where the triages hold, named from this application: it, its group, its name, one of the component's files, or the account. */
interface ScopeFieldProps {
  control: Control<TriageValues>;
  scan: Scan | undefined;
  component: ResultComponent;
  /** A scope was chosen: the group scope names the application's group. */
  onScope: (scope: TriageScope) => void;
}

function ScopeField({ control, scan, component, onScope }: ScopeFieldProps) {
  const scope = useWatch({ control, name: 'scope' });
  const application = scan ? displayText(scan.name) : 'this application';
  const targets: Record<TriageScope, string> = {
    R: `${TRIAGE_SCOPE_NAMES.R}: ${application}`,
    G: `${TRIAGE_SCOPE_NAMES.G}: ${scan ? displayText(scan.group_name) : 'its group'}`,
    FN: `${TRIAGE_SCOPE_NAMES.FN}: every upload named ${application}`,
    FH: `${TRIAGE_SCOPE_NAMES.FH}: every application holding a file`,
    CA: `${TRIAGE_SCOPE_NAMES.CA}: every application`,
  };
  const order: TriageScope[] = ['R', 'G', 'FN', 'FH', 'CA'];
  const files = component.objects.map((object) => ({ value: object.sha1, label: `${displayPath(object.extended_fullpath)} (${object.sha1.slice(0, 12)}…)` }));
  return (
    <Stack gap={6}>
      <Controller
        control={control}
        name="scope"
        render={({ field }) => (
          <Select
            label="Scope"
            description="Where the triage holds."
            data={order.filter((s) => s !== 'FH' || files.length > 0).map((s) => ({ value: s, label: targets[s] }))}
            value={field.value}
            onChange={(value) => {
              const next = (value ?? 'R') as TriageScope;
              field.onChange(next);
              onScope(next);
            }}
            allowDeselect={false}
            comboboxProps={{ withinPortal: true }}
          />
        )}
      />
      {scope === 'FH' && (
        <Controller
          control={control}
          name="fileHash"
          render={({ field, fieldState }) => (
            <Select
              aria-label="File"
              description="The triage holds wherever a component has this file."
              data={[...new Map(files.map((f) => [f.value, f])).values()]}
              value={field.value === '' ? null : field.value}
              onChange={(value) => field.onChange(value ?? '')}
              error={fieldState.error?.message}
              allowDeselect={false}
              comboboxProps={{ withinPortal: true }}
            />
          )}
        />
      )}
      {scope === 'G' && (
        <Text size="xs" c="dimmed">
          Every application of the group, and of its subgroups where the account lets groups inherit.
        </Text>
      )}
    </Stack>
  );
}
