import { Alert, Button, Checkbox, Group as Row, Notification, NumberInput, Paper, Select, Stack, Switch, Text, Title } from '@mantine/core';
import { useSuspenseQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { ApiError, DEFAULT_ERROR_MESSAGE, messageOf } from '../../../lib/api-client.ts';
import { changedFields } from '../../../lib/changed-fields.ts';
import { groupChangeQueryOptions, groupSettingsQueryOptions, type GroupSettingsPage, type GroupSettingsPages, useUpdateGroupSettings } from '../api/group-settings.ts';
import { describeValue, GROUP_FIELDS, type GroupFieldSpec } from './field-specs.ts';

/** A field as the server answers it. */
interface Inherited {
  override: unknown;
  effective: unknown;
  company: unknown;
}
/** A field in the form: whether the group overrides it, and the value it would take. */
interface Entry {
  own: boolean;
  value: boolean | string | number;
}
type Entries = Record<string, Entry>;

const MAX_DAYS = 2147483647;

function toEntries(stored: Record<string, Inherited>, fields: readonly GroupFieldSpec[]): Entries {
  return Object.fromEntries(
    fields.map((field) => {
      const { override, company } = stored[field.name] ?? { override: null, company: null };
      const value = override ?? company;
      return [field.name, { own: override !== null, value: field.kind === 'days' ? (typeof value === 'number' ? value : '') : (value as boolean | string) }];
    }),
  );
}

/** The override each entry asks for: its value, or null to inherit. */
function toOverrides(entries: Entries, fields: readonly GroupFieldSpec[]): Record<string, unknown> {
  return Object.fromEntries(
    fields.map((field) => {
      const entry = entries[field.name];
      if (!entry?.own) return [field.name, null];
      return [field.name, field.kind === 'days' ? (entry.value === '' ? '' : Number(entry.value)) : entry.value];
    }),
  );
}

function daysError(entry: Entry | undefined): string | null {
  if (!entry?.own) return null;
  const days = Number(entry.value);
  if (entry.value === '' || !Number.isInteger(days)) return 'A valid integer is required.';
  if (days < 1) return 'Ensure this value is greater than or equal to 1.';
  if (days > MAX_DAYS) return `Ensure this value is less than or equal to ${MAX_DAYS}.`;
  return null;
}

/** Which retention periods the change makes shorter (or sets where none was), for the 'Yes' confirmation. */
function shortened(stored: Record<string, Inherited>, body: Record<string, unknown>, fields: readonly GroupFieldSpec[]): string[] {
  return fields
    .filter((field) => field.kind === 'days' && field.name in body)
    .filter((field) => {
      const before = stored[field.name]?.effective;
      const after = body[field.name] ?? stored[field.name]?.company;
      return typeof after === 'number' && (typeof before !== 'number' || after < before);
    })
    .map((field) => `${field.label.toLowerCase()} ${describeValue(field, body[field.name] ?? stored[field.name]?.company)}`);
}

/**
 * One group settings page: each field shows the company's value, and a checkbox to override it
 * for this group; clearing the checkbox goes back to inheriting. Save sends only what changed.
 */
export function GroupSettingsForm<P extends GroupSettingsPage>({ groupId, page }: { groupId: number; page: P }) {
  const { data } = useSuspenseQuery(groupSettingsQueryOptions(groupId, page));
  const { data: canChange } = useSuspenseQuery(groupChangeQueryOptions(groupId));
  const stored = data as unknown as Record<string, Inherited>;
  const { title, description, fields } = GROUP_FIELDS[page];
  const [entries, setEntries] = useState<Entries>(() => toEntries(stored, fields));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const [pending, setPending] = useState<{ body: Record<string, unknown>; message: string } | null>(null);
  const update = useUpdateGroupSettings(groupId, page);
  const overrides = Object.fromEntries(fields.map((field) => [field.name, stored[field.name]?.override ?? null]));
  const body = changedFields(overrides, toOverrides(entries, fields));

  const edit = (name: string, change: Partial<Entry>) => {
    setSaved(false);
    setErrors(({ [name]: _cleared, ...rest }) => rest);
    setEntries((current) => ({ ...current, [name]: { ...(current[name] ?? { own: false, value: '' }), ...change } }));
  };
  const send = (changes: Record<string, unknown>) => {
    setPending(null);
    setFormError(null);
    update.mutate(changes as GroupSettingsPages[P]['update'], {
      onSuccess: (answer) => {
        setEntries(toEntries(answer as unknown as Record<string, Inherited>, fields));
        setSaved(true);
      },
      onError: (error) => {
        if (!(error instanceof ApiError)) return setFormError(DEFAULT_ERROR_MESSAGE);
        if (error.status !== 400) return setFormError(error.status >= 500 || error.status === 401 ? null : messageOf(error.body));
        setErrors(Object.fromEntries(Object.entries(error.fieldErrors).map(([name, messages]) => [name, messages.join(' ')])));
      },
    });
  };
  const onSubmit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!body) return;
    const invalid = Object.fromEntries(fields.flatMap((field) => (field.kind === 'days' ? [[field.name, daysError(entries[field.name])]] : [])).filter(([, message]) => message !== null));
    if (Object.keys(invalid).length > 0) return setErrors(invalid as Record<string, string>);
    const shorter = shortened(stored, body, fields);
    if (shorter.length > 0) {
      setPending({ body, message: `The next daily sweep deletes this group's data older than the new period for good (${shorter.join(', ')}). Continue?` });
    } else send(body);
  };

  return (
    <Paper withBorder p="md" maw={720} component="section" aria-labelledby={`group-settings-${page}`}>
      <Title order={3} size="h4" id={`group-settings-${page}`}>
        {title}
      </Title>
      <Text c="dimmed" size="sm" mt={4}>
        {description}
      </Text>
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="lg" mt="md">
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
          {fields.map((field) => (
            <OverrideField
              key={field.name}
              field={field}
              entry={entries[field.name] ?? { own: false, value: '' }}
              company={stored[field.name]?.company}
              error={errors[field.name]}
              disabled={!canChange}
              onChange={(change) => edit(field.name, change)}
            />
          ))}
          {canChange ? (
            <Row justify="flex-end" gap="sm">
              <Button
                variant="default"
                disabled={!body || update.isPending}
                onClick={() => {
                  setErrors({});
                  setEntries(toEntries(stored, fields));
                }}
              >
                Discard changes
              </Button>
              <Button type="submit" disabled={!body} loading={update.isPending}>
                Save
              </Button>
            </Row>
          ) : (
            <Text c="dimmed" size="sm">
              Only group managers change these settings.
            </Text>
          )}
        </Stack>
      </form>
      <ConfirmDialog
        opened={pending !== null}
        title="Shorten data retention?"
        message={pending?.message ?? ''}
        onCancel={() => setPending(null)}
        onConfirm={() => pending && send(pending.body)}
      />
    </Paper>
  );
}

interface OverrideFieldProps {
  field: GroupFieldSpec;
  entry: Entry;
  company: unknown;
  error: string | undefined;
  disabled: boolean;
  onChange: (change: Partial<Entry>) => void;
}

function OverrideField({ field, entry, company, error, disabled, onChange }: OverrideFieldProps) {
  const inherited = `Company default: ${describeValue(field, company)}`;
  const locked = disabled || !entry.own;
  const toggle = (own: boolean) => {
    // Back to inheriting shows the company's value again; overriding starts from it.
    const fallback = field.kind === 'days' ? (typeof company === 'number' ? company : '') : (company as boolean | string);
    onChange({ own, value: own ? entry.value : fallback });
  };
  return (
    <Stack gap={6} role="group" aria-label={field.label}>
      {field.kind === 'switch' && (
        <Switch label={field.label} description={field.description} checked={entry.value === true} disabled={locked} onChange={(event) => onChange({ value: event.currentTarget.checked })} error={error} />
      )}
      {field.kind === 'select' && (
        <Select
          label={field.label}
          description={field.description}
          data={field.options}
          allowDeselect={false}
          maw={360}
          value={String(entry.value)}
          disabled={locked}
          error={error}
          onChange={(value) => onChange({ value: value ?? entry.value })}
        />
      )}
      {field.kind === 'days' && (
        <NumberInput
          label={field.label}
          description={field.description}
          placeholder="Keep forever"
          suffix=" days"
          allowDecimal={false}
          allowNegative={false}
          thousandSeparator=" "
          hideControls
          maw={360}
          value={entry.value as number | string}
          disabled={locked}
          error={error}
          onChange={(value) => onChange({ value })}
        />
      )}
      <Row gap="md" wrap="wrap">
        <Checkbox size="xs" label="Override for this group" checked={entry.own} disabled={disabled} onChange={(event) => toggle(event.currentTarget.checked)} />
        <Text size="xs" c="dimmed">
          {inherited}
        </Text>
      </Row>
    </Stack>
  );
}
