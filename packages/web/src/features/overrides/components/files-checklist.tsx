import { Anchor, Checkbox, Group, ScrollArea, Stack, Text } from '@mantine/core';
import { displayPath, formatNumber } from '../../../lib/format.ts';

interface FilesChecklistProps {
  label: string;
  description: string;
  files: { sha1: string; path: string[] }[];
  value: string[];
  onChange: (sha1s: string[]) => void;
  error?: string | undefined;
}

/** The component's files to pick by SHA-1: path in full, hash below, with all/none shortcuts. */
export function FilesChecklist({ label, description, files, value, onChange, error }: FilesChecklistProps) {
  const chosen = new Set(value);
  return (
    <Checkbox.Group label={label} description={description} value={value} onChange={onChange} error={error}>
      <Group gap="sm" mt={4} mb={4}>
        <Text size="xs" c="dimmed">{`${formatNumber(value.length)} of ${formatNumber(files.length)} chosen`}</Text>
        <Anchor component="button" type="button" size="xs" onClick={() => onChange(files.map((file) => file.sha1))} disabled={chosen.size === files.length}>
          All
        </Anchor>
        <Anchor component="button" type="button" size="xs" onClick={() => onChange([])} disabled={chosen.size === 0}>
          None
        </Anchor>
      </Group>
      <ScrollArea.Autosize mah={220} type="auto" offsetScrollbars>
        <Stack gap={6}>
          {files.map((file) => (
            <Checkbox
              key={file.sha1}
              value={file.sha1}
              label={<Text size="xs" ff="monospace" style={{ overflowWrap: 'anywhere' }}>{displayPath(file.path)}</Text>}
              description={<Text span size="xs" ff="monospace" c="dimmed">{`SHA-1 ${file.sha1}`}</Text>}
            />
          ))}
        </Stack>
      </ScrollArea.Autosize>
    </Checkbox.Group>
  );
}
