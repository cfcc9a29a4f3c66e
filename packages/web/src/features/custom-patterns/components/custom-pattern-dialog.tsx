import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Group as Row, Modal, Stack, Switch, Textarea, TextInput } from '@mantine/core';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import type { CustomPattern } from '../../../lib/api-schemas.ts';
import { changedFields } from '../../../lib/changed-fields.ts';
import { applyServerErrors } from '../../../lib/form-errors.ts';
import { z } from '../../../lib/zod.ts';
import { useCreateCustomPattern, useUpdateCustomPattern } from '../api/custom-patterns.ts';
import { PatternError } from './pattern-error.tsx';

const patternSchema = z.object({
  name: z.string().trim().min(1, 'This field is required.').max(100, 'At most 100 characters.'),
  pattern: z.string().min(1, 'This field is required.').max(1000, 'At most 1000 characters.'),
  description: z.string().max(1000, 'At most 1000 characters.'),
  enabled: z.boolean(),
});

type PatternValues = z.infer<typeof patternSchema>;

interface CustomPatternDialogProps {
  /** The pattern edited; null adds one. */
  editing: CustomPattern | null;
  onClose: () => void;
}

const EMPTY: PatternValues = { name: '', pattern: '', description: '', enabled: true };

/** Add or edit a pattern: RE2's refusal is shown under the field, at the place it stopped. */
export function CustomPatternDialog({ editing, onClose }: CustomPatternDialogProps) {
  const create = useCreateCustomPattern();
  const update = useUpdateCustomPattern();
  const [formError, setFormError] = useState<string | null>(null);
  // The pattern the server refused, which the caret is placed in.
  const [refused, setRefused] = useState('');
  const stored: PatternValues = editing ? { name: editing.name, pattern: editing.pattern, description: editing.description, enabled: editing.enabled } : EMPTY;
  const { register, handleSubmit, setError, formState, control } = useForm<PatternValues>({ resolver: zodResolver(patternSchema), defaultValues: stored });

  const failed = (values: PatternValues) => (error: unknown) => {
    setRefused(values.pattern);
    setFormError(applyServerErrors(error, ['name', 'pattern', 'description', 'enabled'], setError));
  };
  const onSubmit = handleSubmit((values) => {
    setFormError(null);
    if (!editing) {
      create.mutate(values, { onSuccess: onClose, onError: failed(values) });
      return;
    }
    const changes = changedFields(stored, values, { trim: ['name', 'description'] });
    if (!changes) return onClose();
    update.mutate({ id: editing.id, changes }, { onSuccess: onClose, onError: failed(values) });
  });
  const patternError = formState.errors.pattern?.message;

  return (
    <Modal opened onClose={onClose} title={editing ? 'Edit custom pattern' : 'Add custom pattern'} centered size="lg">
      <form onSubmit={onSubmit} noValidate>
        <Stack>
          {formError && (
            <Alert color="red" role="alert">
              {formError}
            </Alert>
          )}
          <TextInput label="Name" data-autofocus autoComplete="off" error={formState.errors.name?.message} {...register('name')} />
          <TextInput
            label="Pattern"
            description="RE2 syntax: no backreferences and no lookaround. Example: ACME-TOKEN-[0-9a-f]{8}"
            autoComplete="off"
            spellCheck={false}
            styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
            error={patternError && formState.errors.pattern?.type === 'server' ? <PatternError pattern={refused} message={patternError} /> : patternError}
            {...register('pattern')}
          />
          <Textarea label="Description" rows={2} error={formState.errors.description?.message} {...register('description')} />
          <Controller
            control={control}
            name="enabled"
            render={({ field }) => (
              <Switch label="Enabled: new scans search for it" checked={field.value} onChange={(event) => field.onChange(event.currentTarget.checked)} onBlur={field.onBlur} ref={field.ref} />
            )}
          />
          <Row justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={create.isPending || update.isPending}>
              {editing ? 'Save' : 'Add pattern'}
            </Button>
          </Row>
        </Stack>
      </form>
    </Modal>
  );
}
