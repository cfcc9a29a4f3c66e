import { Group, Pagination, Text } from '@mantine/core';
import { formatNumber } from '../../lib/format.ts';
import type { ListParams } from '../../lib/list-search.ts';

interface ListPagerProps {
  count: number;
  search: Pick<ListParams, 'limit' | 'offset'>;
  onChange: (next: { offset: number }) => void;
}

/** Offset paging as the API speaks it; the page lives in the URL (useListSearch), this only renders it. */
export function ListPager({ count, search: { limit, offset }, onChange }: ListPagerProps) {
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
          onChange={(next) => onChange({ offset: (next - 1) * limit })}
          size="sm"
          aria-label="Pages"
        />
      )}
    </Group>
  );
}
