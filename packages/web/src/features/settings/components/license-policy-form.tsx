import { Alert, Button, Group as Row, Select, TextInput } from '@mantine/core';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import type { LicensePolicyOverrideCreate } from '../../../lib/api-schemas.ts';
import { applyServerErrors } from '../../../lib/form-errors.ts';
import { LICENSE_POLICY_LABELS, type LicensePolicy, useCreateLicensePolicy } from '../api/license-policies.ts';

export const POLICY_OPTIONS = (Object.keys(LICENSE_POLICY_LABELS) as LicensePolicy[]).map((value) => ({ value, label: `${value} · ${LICENSE_POLICY_LABELS[value]}` }));

const FIELDS = ['license_name', 'policy'] as const;

/** Adds an override: an SPDX id and the class it should have. */
export function LicensePolicyForm() {
  const { register, handleSubmit, setError, reset, control, formState } = useForm<LicensePolicyOverrideCreate>({
    defaultValues: { license_name: '', policy: 'RE' },
  });
  const create = useCreateLicensePolicy();
  const [formError, setFormError] = useState<string | null>(null);

  const onSubmit = handleSubmit((values) => {
    setFormError(null);
    create.mutate(
      { license_name: values.license_name.trim(), policy: values.policy },
      {
        onSuccess: () => reset({ license_name: '', policy: values.policy }),
        onError: (error) => setFormError(applyServerErrors(error, FIELDS, setError)),
      },
    );
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Add a licence override">
      {formError && (
        <Alert color="red" role="alert" mb="sm">
          {formError}
        </Alert>
      )}
      <Row align="flex-start" gap="sm" wrap="wrap">
        <TextInput
          label="Licence"
          placeholder="e.g. MPL-2.0"
          style={{ flex: '1 1 240px' }}
          error={formState.errors.license_name?.message}
          {...register('license_name', { validate: (value) => value.trim() !== '' || 'This field may not be blank.' })}
        />
        <Controller
          control={control}
          name="policy"
          render={({ field, fieldState }) => (
            <Select
              label="Policy"
              data={POLICY_OPTIONS}
              allowDeselect={false}
              style={{ flex: '1 1 240px' }}
              error={fieldState.error?.message}
              name={field.name}
              ref={field.ref}
              value={field.value}
              onChange={(value) => field.onChange(value ?? field.value)}
            />
          )}
        />
        {/* Beside the inputs, level with them under their labels; below them once the row wraps. */}
        <Button type="submit" mt={{ base: 0, sm: 25 }} loading={create.isPending}>
          Add override
        </Button>
      </Row>
    </form>
  );
}
