import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Group as Row, Notification, Stack, Textarea, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import type { Group } from '../../../lib/api-schemas.ts';
import { changedFields } from '../../../lib/changed-fields.ts';
import { applyServerErrors } from '../../../lib/form-errors.ts';
import { useUpdateGroup } from '../api/update-group.ts';

// The server trims a name (and refuses a blank one) but keeps a description as sent.
const generalSchema = z.object({
  name: z.string().trim().min(1, 'This field may not be blank.').max(255, 'Ensure this field has no more than 255 characters.'),
  description: z.string().max(10_000, 'Ensure this field has no more than 10000 characters.'),
});

type GeneralValues = z.infer<typeof generalSchema>;

const FIELDS = ['name', 'description'] as const;
const TRIMMED = { trim: ['name'] } as const;

interface GroupGeneralFormProps {
  group: Group;
}

/** Name and description; Save sends only what changed (lib/changed-fields.ts) and is off while nothing did. */
export function GroupGeneralForm({ group }: GroupGeneralFormProps) {
  const { register, handleSubmit, setError, reset, control, formState } = useForm<GeneralValues>({
    resolver: zodResolver(generalSchema),
    defaultValues: { name: group.name, description: group.description },
  });
  const updateGroup = useUpdateGroup(group.id);
  const [formError, setFormError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const edited = useWatch({ control });
  const unchanged = changedFields(group, edited, TRIMMED) === null;

  const onSubmit = handleSubmit((values) => {
    const body = changedFields(group, values, TRIMMED);
    if (!body) return;
    setFormError(null);
    setSaved(false);
    updateGroup.mutate(body, {
      onSuccess: (updated) => {
        reset({ name: updated.name, description: updated.description });
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
