import { Group, Pagination, Text } from '@mantine/core';
import { formatNumber } from '../../lib/format.ts';

interface PagerProps {
  count: number;
  limit: number;
  offset: number;
  onOffsetChange: (offset: number) => void;
}

/** Offset paging as the API speaks it; the page lives in the URL, this only renders it. */
export function Pager({ count, limit, offset, onOffsetChange }: PagerProps) {
  const pages = Math.max(1, Math.ceil(count / limit));
  const page = Math.floor(offset / limit) + 1;
  return (
    <Group justify="space-between" mt="sm">
      <Text size="sm" c="dimmed">
        {formatNumber(count)} {count === 1 ? 'item' : 'items'}
      </Text>
      {pages > 1 && (
        <Pagination
          total={pages}
          value={page}
          onChange={(next) => onOffsetChange((next - 1) * limit)}
          size="sm"
          aria-label="Pages"
        />
      )}
    </Group>
  );
}
