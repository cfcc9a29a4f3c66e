import { Button, Code, CopyButton, Group as Row, Paper, Stack, Text, Title } from '@mantine/core';
import type { SsoSettings } from '../../../lib/api-schemas.ts';

/** What the identity provider must be told about Binlens, each value ready to copy. */
export function ServiceProviderCard({ provider }: { provider: SsoSettings['service_provider'] }) {
  const rows = [
    { label: 'Entity id (audience)', value: provider.entity_id },
    { label: 'Assertion consumer service URL (HTTP-POST)', value: provider.acs_url },
    { label: 'Metadata URL', value: provider.metadata_url },
  ];
  return (
    <Paper withBorder p="md" maw={720} component="section" aria-labelledby="sso-service-provider">
      <Title order={3} size="h4" id="sso-service-provider">
        Binlens as service provider
      </Title>
      <Text c="dimmed" size="sm" mt={4}>
        Register Binlens with your identity provider with these values, or let it read the metadata URL.
      </Text>
      <Stack gap="sm" mt="md">
        {rows.map(({ label, value }) => (
          <div key={label}>
            <Text size="sm" fw={500}>
              {label}
            </Text>
            <Row gap="xs" wrap="nowrap" align="center">
              <Code style={{ overflowWrap: 'anywhere', flex: 1 }} aria-label={label}>
                {value}
              </Code>
              <CopyButton value={value}>
                {({ copied, copy }) => (
                  <Button variant="subtle" size="compact-xs" onClick={copy} aria-label={`Copy ${label.toLowerCase()}`} miw={56}>
                    {copied ? 'Copied' : 'Copy'}
                  </Button>
                )}
              </CopyButton>
            </Row>
          </div>
        ))}
      </Stack>
    </Paper>
  );
}
