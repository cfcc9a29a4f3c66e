import { Alert, Button, Group as Row, Notification, NumberInput, Paper, Select, Stack, Switch, Text, Title } from '@mantine/core';
import { useSuspenseQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Controller, useForm, useWatch, type Control } from 'react-hook-form';
import { changedFields } from '../../../lib/changed-fields.ts';
import { applyServerErrors } from '../../../lib/form-errors.ts';
import { settingsQueryOptions, type SettingsSource, type SettingsSources, useUpdateSettings } from '../api/settings.ts';
import { ConfirmDialog } from './confirm-dialog.tsx';
import { type FieldSpec, type FormValues, integerError, toApiFields, toFormValues } from './field-specs.ts';
import type { SectionSpec } from './sections.ts';

type Stored = Record<string, unknown>;

/** One section of a settings page: its fields, Save sending only what changed, a confirmation where the change deletes or hides. */
export function SettingsForm({ section }: { section: SectionSpec }) {
  const { data } = useSuspenseQuery(settingsQueryOptions(section.source));
  const stored = data as Stored;
  const { handleSubmit, setError, reset, control } = useForm<FormValues>({ defaultValues: toFormValues(stored, section.fields) });
  const update = useUpdateSettings(section.source);
  const [formError, setFormError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const [pending, setPending] = useState<{ body: Stored; message: string } | null>(null);
  const edited = useWatch({ control }) as FormValues;
  const unchanged = changedFields(stored, toApiFields({ ...toFormValues(stored, section.fields), ...edited }, section.fields)) === null;
  const names = section.fields.map((field) => field.name);

  const send = (body: Stored) => {
    setPending(null);
    setFormError(null);
    setSaved(false);
    update.mutate(body as SettingsSources[SettingsSource]['update'] as never, {
      onSuccess: (answer) => {
        reset(toFormValues(answer as Stored, section.fields));
        setSaved(true);
      },
      onError: (error) => setFormError(applyServerErrors(error, names, setError)),
    });
  };
  const onSubmit = handleSubmit((values) => {
    const body = changedFields(stored, toApiFields(values, section.fields));
    if (!body) return;
    const message = section.confirm?.(stored, body) ?? null;
    if (message) setPending({ body, message });
    else send(body);
  });

  return (
    <Paper withBorder p="md" maw={720} component="section" aria-labelledby={`settings-${section.id}`}>
      <Title order={3} size="h4" id={`settings-${section.id}`}>
        {section.title}
      </Title>
      {section.description && (
        <Text c="dimmed" size="sm" mt={4}>
          {section.description}
        </Text>
      )}
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md" mt="md">
          {formError && (
            <Alert color="red" role="alert">
              {formError}
            </Alert>
          )}
          {saved && (
            <Notification color="teal" title="Settings saved" role="status" withCloseButton onClose={() => setSaved(false)} withBorder>
              The changes are stored.
            </Notification>
          )}
          {section.fields.map((field) => (
            <SettingsField key={field.name} field={field} control={control} stored={stored} />
          ))}
          <Row justify="flex-end" gap="sm">
            <Button variant="default" disabled={unchanged || update.isPending} onClick={() => reset(toFormValues(stored, section.fields))}>
              Discard changes
            </Button>
            <Button type="submit" disabled={unchanged} loading={update.isPending}>
              Save
            </Button>
          </Row>
        </Stack>
      </form>
      <ConfirmDialog
        opened={pending !== null}
        title={`Change ${section.title.toLowerCase()}?`}
        message={pending?.message ?? ''}
        onCancel={() => setPending(null)}
        onConfirm={() => pending && send(pending.body)}
      />
    </Paper>
  );
}

function SettingsField({ field, control, stored }: { field: FieldSpec; control: Control<FormValues>; stored: Stored }) {
  if (field.kind === 'switch') {
    return (
      <Controller
        control={control}
        name={field.name}
        render={({ field: input, fieldState }) => (
          <Switch
            label={field.label}
            description={field.description}
            error={fieldState.error?.message}
            name={input.name}
            ref={input.ref}
            checked={input.value === true}
            onChange={(event) => input.onChange(event.currentTarget.checked)}
            onBlur={input.onBlur}
          />
        )}
      />
    );
  }
  if (field.kind === 'select') {
    return (
      <Controller
        control={control}
        name={field.name}
        render={({ field: input, fieldState }) => (
          <Select
            label={field.label}
            description={field.description}
            data={field.options}
            allowDeselect={false}
            maw={360}
            error={fieldState.error?.message}
            name={input.name}
            ref={input.ref}
            value={String(input.value)}
            onChange={(value) => input.onChange(value ?? input.value)}
            onBlur={input.onBlur}
          />
        )}
      />
    );
  }
  const description = typeof field.description === 'function' ? field.description(stored) : field.description;
  return (
    <Controller
      control={control}
      name={field.name}
      rules={{ validate: (value) => integerError(field, stored, value) }}
      render={({ field: input, fieldState }) => (
        <NumberInput
          label={field.label}
          description={description}
          placeholder={field.nullable?.placeholder}
          suffix={field.suffix}
          allowDecimal={false}
          allowNegative={false}
          thousandSeparator=" "
          hideControls
          maw={360}
          error={fieldState.error?.message}
          name={input.name}
          ref={input.ref}
          value={input.value as number | string}
          onChange={(value) => input.onChange(value)}
          onBlur={input.onBlur}
        />
      )}
    />
  );
}
