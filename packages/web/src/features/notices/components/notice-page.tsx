import { Alert, Paper, Text } from '@mantine/core';
import { useSuspenseQuery } from '@tanstack/react-query';
import { PageHeader } from '../../../components/page-header.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { noticeQueryOptions } from '../api/notices.ts';

const COLOR = { info: 'blue', warning: 'yellow', error: 'red' } as const;

export function NoticePage({ noticeId }: { noticeId: number }) {
  const { data: notice } = useSuspenseQuery(noticeQueryOptions(noticeId));
  return (
    <>
      <PageHeader title={<span style={{ overflowWrap: 'anywhere' }}>{notice.title}</span>} />
      <Text c="dimmed" size="sm" mb="md">
        Published {formatDateTime(notice.created)}
      </Text>
      {notice.level === 'info' ? (
        <Paper withBorder p="md" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {notice.text}
        </Paper>
      ) : (
        <Alert color={COLOR[notice.level]} style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {notice.text}
        </Alert>
      )}
    </>
  );
}
