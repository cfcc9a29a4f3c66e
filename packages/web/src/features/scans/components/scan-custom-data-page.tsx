import { Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { CustomDataEditor } from '../../../components/custom-data-editor.tsx';
import { scanCustomDataQueryOptions, useScanCustomDataMutations } from '../api/scan-custom-data.ts';

interface ScanCustomDataPageProps {
  scanId: number;
}

/** The scan's custom data (spec §3): key/value pairs found again with meta:KEY=VALUE in the application lists. */
export function ScanCustomDataPage({ scanId }: ScanCustomDataPageProps) {
  const query = useQuery(scanCustomDataQueryOptions(scanId));
  const { create, update, remove } = useScanCustomDataMutations(scanId);
  return (
    <Stack gap="md">
      <CustomDataEditor
        intro={
          <Text size="sm" c="dimmed">
            Keys are stored in capitals and values without surrounding spaces. Find applications by them with <Text span ff="monospace">meta:KEY</Text> or{' '}
            <Text span ff="monospace">meta:KEY=VALUE</Text> in the application search.
          </Text>
        }
        query={query}
        getId={(entry) => String(entry.id)}
        canChange
        keyEditable
        placeholders={{ key: 'RELEASE', value: '2.1' }}
        removeMessage={(entry) => `Remove ${entry.key} from this application?`}
        create={create}
        update={update}
        remove={remove}
      />
    </Stack>
  );
}
