import { Alert, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { notableStatus, systemStatusQueryOptions } from '../lib/system-status.ts';

const COLOR = { info: 'blue', warning: 'yellow', error: 'red' } as const;

/** The app frame's banner: every system status entry that is not info (spec §3 levels). */
export function SystemStatusBanner() {
  const { data } = useQuery(systemStatusQueryOptions());
  const entries = notableStatus(data ?? []);
  if (entries.length === 0) return null;
  return (
    <Stack gap="xs" mb="md" role="region" aria-label="System status">
      {entries.map((entry) => (
        <Alert key={entry.id} color={COLOR[entry.level]} variant="light" py={8} px="sm">
          <Text size="sm">{entry.text}</Text>
        </Alert>
      ))}
    </Stack>
  );
}
