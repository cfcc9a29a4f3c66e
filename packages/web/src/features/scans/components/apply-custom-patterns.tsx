import { Alert, Button, Group, Loader, Text } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { ApiError, messageOf } from '../../../lib/api-client.ts';
import { formatNumber } from '../../../lib/format.ts';
import { isRunFinished, patternRunQueryOptions, useApplyCustomPatterns } from '../api/custom-pattern-apply.ts';
import { scanKeys } from '../api/keys.ts';

interface ApplyCustomPatternsProps {
  scanId: number;
}

/**
 * Searches the scan's stored file for the account's enabled custom patterns: the button queues
 * the search, its progress shows beside it, and when it has ended the scan's lists are read again.
 */
export function ApplyCustomPatterns({ scanId }: ApplyCustomPatternsProps) {
  const queryClient = useQueryClient();
  const apply = useApplyCustomPatterns(scanId);
  const [runId, setRunId] = useState<string | null>(null);
  const run = useQuery({ ...patternRunQueryOptions(scanId, runId ?? ''), enabled: runId !== null });
  const finished = isRunFinished(run.data);
  const completed = run.data?.state === 'completed';

  // The findings changed the scan's lists (leaks, file tree, counts): they are read again once.
  useEffect(() => {
    if (completed) void queryClient.invalidateQueries({ queryKey: scanKeys.detail(scanId), predicate: (query) => !query.queryKey.includes('custom-pattern-run') });
  }, [completed, queryClient, scanId]);

  const busy = apply.isPending || (runId !== null && !finished && !run.isError);
  const start = () => {
    setRunId(null);
    apply.mutate(undefined, { onSuccess: (queued) => setRunId(queued.id) });
  };
  return (
    <Group gap="sm" align="center" wrap="wrap" mb="sm">
      <Button variant="light" size="xs" onClick={start} loading={busy} disabled={busy}>
        Apply custom patterns
      </Button>
      {busy && runId !== null && (
        <Group gap={6} role="status" aria-live="polite">
          <Loader size="xs" />
          <Text size="sm" c="dimmed">
            {run.data?.state === 'running' ? "Searching the scan's file for the custom patterns…" : 'Queued: waiting for a worker…'}
          </Text>
        </Group>
      )}
      {completed && run.data && (
        <Text size="sm" c="green.8" role="status">
          {`Custom patterns applied: ${formatNumber(run.data.findings ?? 0)} ${run.data.findings === 1 ? 'finding' : 'findings'} of ${formatNumber(run.data.patterns.length)} ${run.data.patterns.length === 1 ? 'pattern' : 'patterns'}.`}
        </Text>
      )}
      {run.data?.state === 'failed' && (
        <Alert color="red" role="alert" py={4} title="The search failed">
          {run.data.error}
        </Alert>
      )}
      {apply.isError && apply.error instanceof ApiError && apply.error.status === 409 && (
        <Alert color="orange" role="alert" py={4}>
          {messageOf(apply.error.body)}
        </Alert>
      )}
    </Group>
  );
}
