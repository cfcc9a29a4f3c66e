import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Group as Row, Notification, Select, Stack, Textarea, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { z } from '../../../lib/zod.ts';
import type { Group, GroupUpdate } from '../../../lib/api-schemas.ts';
import { changedFields } from '../../../lib/changed-fields.ts';
import { applyServerErrors } from '../../../lib/form-errors.ts';
import { ALL_VISIBLE_PARAMS, groupsQueryOptions } from '../api/groups.ts';
import { useUpdateGroup } from '../api/update-group.ts';
import { parentChoices, TOP_LEVEL } from './parent-choices.ts';

// The server trims a name (and refuses a blank one) but keeps a description as sent.
const generalSchema = z.object({
  name: z.string().trim().min(1, 'This field may not be blank.').max(255, 'Ensure this field has no more than 255 characters.'),
  description: z.string().max(10_000, 'Ensure this field has no more than 10000 characters.'),
  /** The parent's id as the Select holds it; TOP_LEVEL for none. */
  parent: z.string(),
});

type GeneralValues = z.infer<typeof generalSchema>;

const FIELDS = ['name', 'description', 'parent'] as const;
const TRIMMED = { trim: ['name'] } as const;

/** The form's values as the API's fields, to compare with the stored group. */
function toUpdate({ name, description, parent }: Partial<GeneralValues>): GroupUpdate {
  return { name, description, parent: parent === undefined ? undefined : parent === TOP_LEVEL ? null : Number(parent) };
}

function toValues(group: Group): GeneralValues {
  return { name: group.name, description: group.description, parent: group.parent === null ? TOP_LEVEL : String(group.parent) };
}

interface GroupGeneralFormProps {
  group: Group;
}

/** Name, description and parent; Save sends only what changed (lib/changed-fields.ts) and is off while nothing did. */
export function GroupGeneralForm({ group }: GroupGeneralFormProps) {
  const { register, handleSubmit, setError, reset, control, formState } = useForm<GeneralValues>({
    resolver: zodResolver(generalSchema),
    defaultValues: toValues(group),
  });
  const visible = useQuery(groupsQueryOptions(ALL_VISIBLE_PARAMS));
  const updateGroup = useUpdateGroup(group.id);
  const [formError, setFormError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const edited = useWatch({ control });
  const unchanged = changedFields<GroupUpdate>(group, toUpdate(edited), TRIMMED) === null;

  const onSubmit = handleSubmit((values) => {
    const body = changedFields<GroupUpdate>(group, toUpdate(values), TRIMMED);
    if (!body) return;
    setFormError(null);
    setSaved(false);
    updateGroup.mutate(body, {
      onSuccess: (updated) => {
        reset(toValues(updated));
        setSaved(true);
      },
      onError: (error) => setFormError(applyServerErrors(error, FIELDS, setError)),
    });
  });

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="sm">
        {formError && (
          <Alert color="red" role="alert">
            {formError}
          </Alert>
        )}
        {saved && (
          <Notification color="teal" title="Group saved" role="status" withCloseButton onClose={() => setSaved(false)} withBorder>
            The changes are stored.
          </Notification>
        )}
        <TextInput label="Name" required error={formState.errors.name?.message} {...register('name')} />
        <Textarea label="Description" rows={4} error={formState.errors.description?.message} {...register('description')} />
        <Controller
          control={control}
          name="parent"
          render={({ field, fieldState }) => (
            <Select
              label="Parent group"
              description="Moving a group moves its subgroups and applications with it."
              data={visible.data ? parentChoices(group, visible.data.results) : [{ value: field.value, label: 'Loading…' }]}
              disabled={!visible.data}
              searchable
              allowDeselect={false}
              nothingFoundMessage="No group of that name"
              error={fieldState.error?.message}
              name={field.name}
              ref={field.ref}
              value={field.value}
              onChange={(value) => field.onChange(value ?? TOP_LEVEL)}
              onBlur={field.onBlur}
            />
          )}
        />
        <Row justify="flex-end" gap="sm">
          <Button variant="default" disabled={unchanged || updateGroup.isPending} onClick={() => reset()}>
            Discard changes
          </Button>
          <Button type="submit" disabled={unchanged} loading={updateGroup.isPending}>
            Save
          </Button>
        </Row>
      </Stack>
    </form>
  );
}
