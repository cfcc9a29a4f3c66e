import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Group as Row, Stack, Textarea, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from '../../../lib/zod.ts';
import type { Group } from '../../../lib/api-schemas.ts';
import { applyServerErrors } from '../../../lib/form-errors.ts';
import { useCreateGroup } from '../api/create-group.ts';

const createGroupSchema = z.object({
  name: z.string().trim().min(1, 'This field is required.').max(255, 'Ensure this field has no more than 255 characters.'),
  description: z.string().trim(),
});

type CreateGroupValues = z.infer<typeof createGroupSchema>;

interface CreateGroupFormProps {
  parentId: number | null;
  onCreated: (group: Group) => void;
}

export function CreateGroupForm({ parentId, onCreated }: CreateGroupFormProps) {
  const { register, handleSubmit, setError, formState } = useForm<CreateGroupValues>({
    resolver: zodResolver(createGroupSchema),
    defaultValues: { name: '', description: '' },
  });
  const createGroup = useCreateGroup();
  const [formError, setFormError] = useState<string | null>(null);

  const onSubmit = handleSubmit((values) => {
    setFormError(null);
    const body = { ...values, ...(parentId === null ? {} : { parent: parentId }) };
    createGroup.mutate(body, {
      onSuccess: onCreated,
      onError: (error) => setFormError(applyServerErrors(error, ['name', 'description'], setError)),
    });
  });

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack>
        {formError && (
          <Alert color="red" role="alert">
            {formError}
          </Alert>
        )}
        <TextInput label="Name" error={formState.errors.name?.message} {...register('name')} />
        <Textarea label="Description" rows={3} error={formState.errors.description?.message} {...register('description')} />
        <Row justify="flex-end">
          <Button type="submit" loading={createGroup.isPending}>
            Create group
          </Button>
        </Row>
      </Stack>
    </form>
  );
}
