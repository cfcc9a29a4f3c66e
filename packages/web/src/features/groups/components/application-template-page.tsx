import { ActionIcon, Alert, Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useSuspenseQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { ApiError } from '../../../lib/api-client.ts';
import type { ApplicationTemplateEntry, Group as GroupType } from '../../../lib/api-schemas.ts';
import { groupQueryOptions } from '../api/groups.ts';
import { useUpdateGroup } from '../api/update-group.ts';
import { normaliseCustomData } from '../../../lib/custom-data.ts';

interface ApplicationTemplatePageProps {
  groupId: number;
}

/** Settings → Analysis custom data: the entries every new scan uploaded into the group starts with. */
export function ApplicationTemplatePage({ groupId }: ApplicationTemplatePageProps) {
  const { data: group } = useSuspenseQuery(groupQueryOptions(groupId));
  return (
    <Paper withBorder p="md" maw={900}>
      <Stack gap="md">
        <Title order={3} size="h4">
          Analysis custom data
        </Title>
        <Text size="sm" c="dimmed">
          Every new application uploaded into this group starts with these custom data entries. Keys are stored in capitals and values without surrounding spaces.
        </Text>
        {/* A saved template (the answer holds it as stored: upper-cased, trimmed, ordered) starts a fresh form. */}
        <TemplateForm key={`${String(group.id)}:${JSON.stringify(group.application_template)}`} group={group} />
      </Stack>
    </Paper>
  );
}

interface Row extends ApplicationTemplateEntry {
  /** Stable across edits so React keeps each input's focus. */
  id: number;
}

/** Spec §5: keys upper-cased and values trimmed, ordered by key as the server stores them. */
export function normaliseTemplate(rows: readonly ApplicationTemplateEntry[]): ApplicationTemplateEntry[] {
  return rows
    .map(({ key, value }) => normaliseCustomData({ key, value }))
    .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
}

const sameTemplate = (a: readonly ApplicationTemplateEntry[], b: readonly ApplicationTemplateEntry[]) => JSON.stringify(a) === JSON.stringify(b);

function TemplateForm({ group }: { group: GroupType }) {
  const canChange = group.user_permissions.includes('change_appcheckgroup');
  const update = useUpdateGroup(group.id);
  const [rows, setRows] = useState<Row[]>(() => group.application_template.map((entry, id) => ({ ...entry, id })));
  const [nextId, setNextId] = useState(group.application_template.length);

  const edit = (id: number, field: 'key' | 'value', text: string) => {
    setRows((current) => current.map((row) => (row.id === id ? { ...row, [field]: text } : row)));
  };
  const addRow = () => {
    setRows((current) => [...current, { id: nextId, key: '', value: '' }]);
    setNextId(nextId + 1);
  };
  const removeRow = (id: number) => {
    setRows((current) => current.filter((row) => row.id !== id));
  };
  const template = normaliseTemplate(rows);
  // Spec §5: nothing is sent when nothing changed (the same entries in another order, case or spacing included).
  const changed = !sameTemplate(template, group.application_template);
  const save = (event: FormEvent) => {
    event.preventDefault();
    if (changed) update.mutate({ application_template: template });
  };
  const error = update.error instanceof ApiError ? (update.error.fieldErrors.application_template?.join(' ') ?? (update.error.status === 400 ? undefined : update.error.message)) : update.error?.message;

  if (!canChange) {
    return group.application_template.length === 0 ? (
      <Text size="sm">No entries: new applications start without custom data.</Text>
    ) : (
      <Stack gap={4} aria-label="Template entries">
        {group.application_template.map((entry) => (
          <Text key={entry.key} size="sm">
            <Text span ff="monospace">{entry.key}</Text> = {entry.value === '' ? <Text span c="dimmed">(empty)</Text> : entry.value}
          </Text>
        ))}
      </Stack>
    );
  }

  return (
    <form onSubmit={save} aria-label="Analysis custom data">
      <Stack gap="sm">
        {error && <Alert color="red">{error}</Alert>}
        {rows.length === 0 && <Text size="sm" c="dimmed">No entries: new applications start without custom data.</Text>}
        {rows.map((row, index) => (
          <Group key={row.id} align="flex-end" gap="sm" wrap="nowrap">
            <TextInput label={index === 0 ? 'Key' : undefined} aria-label={`Key ${String(index + 1)}`} placeholder="PRODUCT_LINE" required maxLength={64} value={row.key} onChange={(event) => edit(row.id, 'key', event.currentTarget.value)} style={{ flex: '1 1 140px' }} />
            <TextInput label={index === 0 ? 'Value' : undefined} aria-label={`Value ${String(index + 1)}`} placeholder="Routers" maxLength={10000} value={row.value} onChange={(event) => edit(row.id, 'value', event.currentTarget.value)} style={{ flex: '2 1 200px' }} />
            <ActionIcon variant="subtle" color="red" size="lg" onClick={() => removeRow(row.id)} aria-label={`Remove row ${String(index + 1)}`}>
              ✕
            </ActionIcon>
          </Group>
        ))}
        <Group justify="space-between" gap="sm">
          <Button variant="default" onClick={addRow} disabled={rows.length >= 100}>
            Add entry
          </Button>
          <Button type="submit" loading={update.isPending} disabled={!changed}>
            Save
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
