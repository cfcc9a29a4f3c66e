import { Alert, Button, FileButton, Group as Row, List, Notification, Paper, Stack, Switch, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useSuspenseQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import type { SsoSettings, SsoSettingsUpdate } from '../../../lib/api-schemas.ts';
import { changedFields } from '../../../lib/changed-fields.ts';
import { applyServerErrors } from '../../../lib/form-errors.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { ssoSettingsQueryOptions, useUpdateSsoSettings } from '../api/sso.ts';
import { ServiceProviderCard } from './service-provider-card.tsx';

type FormValues = Required<Omit<SsoSettingsUpdate, 'idp_metadata'>> & { idp_metadata: string };

const TEXT_FIELDS = ['idp_entity_id', 'idp_sso_url', 'idp_certificates', 'sp_entity_id', 'email_attribute', 'button_label'] as const;
const FIELDS = ['enabled', ...TEXT_FIELDS, 'create_unknown_users', 'idp_metadata'] as const;
/** XML and PEM read better in a fixed-width font; the label and description stay as elsewhere. */
const MONOSPACE_INPUT = { input: { fontFamily: 'var(--mantine-font-family-monospace)' } };
/** Metadata read from a file or pasted; real IdP metadata is a few kilobytes. */
const MAX_METADATA_BYTES = 256 * 1024;

function toFormValues(settings: SsoSettings): FormValues {
  const { enabled, idp_entity_id, idp_sso_url, idp_certificates, sp_entity_id, email_attribute, create_unknown_users, button_label } = settings;
  return { enabled, idp_entity_id, idp_sso_url, idp_certificates, sp_entity_id, email_attribute, create_unknown_users, button_label, idp_metadata: '' };
}

/** Only what changed; metadata only when some was given (it is never stored as such). */
function bodyOf(settings: SsoSettings, values: FormValues): SsoSettingsUpdate | null {
  return changedFields<FormValues>(toFormValues(settings), values, { trim: [...TEXT_FIELDS, 'idp_metadata'] });
}

/** /account-settings/sso: the SAML identity provider Binlens trusts, and what it is told about Binlens. */
export function SsoSettingsPage() {
  const { data: settings } = useSuspenseQuery(ssoSettingsQueryOptions());
  const { control, handleSubmit, reset, setError, setValue } = useForm<FormValues>({ defaultValues: toFormValues(settings) });
  const update = useUpdateSsoSettings();
  const [formError, setFormError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const values = useWatch({ control }) as FormValues;
  const unchanged = bodyOf(settings, { ...toFormValues(settings), ...values }) === null;

  const onSubmit = handleSubmit((edited) => {
    const body = bodyOf(settings, edited);
    if (!body) return;
    setFormError(null);
    setSaved(false);
    update.mutate(body, {
      onSuccess: (answer) => {
        reset(toFormValues(answer));
        setSaved(true);
      },
      onError: (error) => setFormError(applyServerErrors(error, FIELDS, setError)),
    });
  });
  const loadMetadata = async (file: File | null) => {
    if (!file) return;
    if (file.size > MAX_METADATA_BYTES) {
      setError('idp_metadata', { type: 'size', message: 'The file is larger than 256 KiB: that is not IdP metadata.' });
      return;
    }
    setValue('idp_metadata', await file.text(), { shouldDirty: true });
  };
  const text = (name: (typeof TEXT_FIELDS)[number], label: string, description?: string, placeholder?: string) => (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <TextInput {...field} label={label} description={description} placeholder={placeholder} error={fieldState.error?.message} />
      )}
    />
  );

  return (
    <Stack gap="lg">
      <ServiceProviderCard provider={settings.service_provider} />
      <Paper withBorder p="md" maw={720} component="section" aria-labelledby="sso-identity-provider">
        <Title order={3} size="h4" id="sso-identity-provider">
          Single sign-on (SAML 2.0)
        </Title>
        <Text c="dimmed" size="sm" mt={4}>
          Users sign in at your identity provider; Binlens accepts its signed answer for the user with the same e-mail.
        </Text>
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
            <Controller
              control={control}
              name="enabled"
              render={({ field, fieldState }) => (
                <Switch
                  label="Offer single sign-on on the login page"
                  error={fieldState.error?.message}
                  name={field.name}
                  ref={field.ref}
                  checked={field.value}
                  onChange={(event) => field.onChange(event.currentTarget.checked)}
                />
              )}
            />
            <Title order={4} size="h5">
              Identity provider
            </Title>
            <Controller
              control={control}
              name="idp_metadata"
              render={({ field, fieldState }) => (
                <Stack gap={6}>
                  <Textarea
                    {...field}
                    label="Import IdP metadata"
                    description="Paste the identity provider's SAML metadata XML, or load its file: it fills in the entity id, sign-on URL and certificates on saving."
                    rows={3}
                    resize="vertical"
                    styles={MONOSPACE_INPUT}
                    error={fieldState.error?.message}
                  />
                  <FileButton onChange={(file) => void loadMetadata(file)} accept=".xml,application/xml,text/xml,application/samlmetadata+xml">
                    {(props) => (
                      <Button {...props} variant="default" size="xs" w="fit-content">
                        Load metadata file…
                      </Button>
                    )}
                  </FileButton>
                </Stack>
              )}
            />
            {text('idp_entity_id', 'IdP entity id', 'The Issuer of its assertions.', 'https://idp.example.com/saml/metadata')}
            {text('idp_sso_url', 'IdP single sign-on URL', 'Its HTTP-Redirect SingleSignOnService.', 'https://idp.example.com/saml/sso')}
            <Controller
              control={control}
              name="idp_certificates"
              render={({ field, fieldState }) => (
                <Textarea
                  {...field}
                  label="IdP signing certificates"
                  description="One or more PEM certificates; a response signed with any of them is accepted."
                  placeholder={'-----BEGIN CERTIFICATE-----\n…\n-----END CERTIFICATE-----'}
                  rows={6}
                  resize="vertical"
                  styles={MONOSPACE_INPUT}
                  error={fieldState.error?.message}
                />
              )}
            />
            {settings.idp_certificate_details.length > 0 && (
              <List size="sm" aria-label="Stored certificates">
                {settings.idp_certificate_details.map((certificate) => (
                  <List.Item key={`${certificate.subject}-${certificate.valid_to}`}>
                    {certificate.subject}, valid until {formatDateTime(certificate.valid_to)}
                  </List.Item>
                ))}
              </List>
            )}
            <Title order={4} size="h5">
              Users
            </Title>
            {text('email_attribute', 'E-mail attribute', "The assertion attribute holding the user's e-mail; empty: the NameID.", 'NameID')}
            <Controller
              control={control}
              name="create_unknown_users"
              render={({ field }) => (
                <Switch
                  label="Create a user (account role U) for an unknown e-mail"
                  description="Off: an e-mail without a Binlens user is refused."
                  name={field.name}
                  ref={field.ref}
                  checked={field.value}
                  onChange={(event) => field.onChange(event.currentTarget.checked)}
                />
              )}
            />
            {text('button_label', 'Button label', 'The login page shows "Sign in with <label>".')}
            {text('sp_entity_id', 'Binlens entity id', 'Leave empty for the default shown above.', settings.service_provider.metadata_url)}
            <Row justify="flex-end" gap="sm">
              <Button variant="default" disabled={unchanged || update.isPending} onClick={() => reset(toFormValues(settings))}>
                Discard changes
              </Button>
              <Button type="submit" disabled={unchanged} loading={update.isPending}>
                Save
              </Button>
            </Row>
          </Stack>
        </form>
      </Paper>
    </Stack>
  );
}
