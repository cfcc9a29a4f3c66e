import { Paper, Tabs } from '@mantine/core';
import { FetchForm } from './fetch-form.tsx';
import { MultiUpload } from './multi-upload.tsx';

interface UploadPageProps {
  groupId: number;
  /** Bytes per upload request; tests make it small to watch the bars move. */
  chunkSize?: number;
}

/** Upload into a group: files from this computer first; other ways in come as further tabs. */
export function UploadPage({ groupId, chunkSize }: UploadPageProps) {
  return (
    <Paper withBorder p="md" maw={720}>
      <Tabs defaultValue="files">
        <Tabs.List mb="md">
          <Tabs.Tab value="files">Upload files</Tabs.Tab>
          <Tabs.Tab value="url">Fetch from URL</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="files">
          <MultiUpload groupId={groupId} {...(chunkSize ? { chunkSize } : {})} />
        </Tabs.Panel>
        <Tabs.Panel value="url">
          <FetchForm groupId={groupId} />
        </Tabs.Panel>
      </Tabs>
    </Paper>
  );
}
