import { Divider, Loader, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Fragment } from 'react';
import { ListPager } from '../../../components/data-table/pager.tsx';
import { QueryErrorAlert } from '../../../components/query-error-alert.tsx';
import { useListSearch } from '../../../lib/list-search.ts';
import { mobileAppListSearch, mobileAppsQueryOptions } from '../api/mobile-apps.ts';
import { MobileAppCard } from './mobile-app-card.tsx';
import { usePhoneWidth } from '../../../lib/phone-width.ts';

interface MobileAppsPageProps {
  scanId: number;
}

/** The Android and iOS apps of a ready scan, one section each; the page of apps lives in the URL. */
export function MobileAppsPage({ scanId }: MobileAppsPageProps) {
  const narrow = usePhoneWidth();
  const { search, setSearch } = useListSearch(mobileAppListSearch);
  const query = useQuery(mobileAppsQueryOptions(scanId, { limit: search.limit, offset: search.offset }));
  const apps = query.data?.results ?? [];
  return (
    <>
      {query.isPending && <Loader aria-label="Loading mobile apps" />}
      {query.isError && <QueryErrorAlert error={query.error} onRetry={() => void query.refetch()} />}
      {query.data && (
        <>
          {apps.length === 0 ? (
            <Text c="dimmed" size="sm">
              {query.data.count === 0 ? 'No mobile apps in this scan.' : 'No mobile apps on this page.'}
            </Text>
          ) : (
            <Stack gap="xl" style={{ opacity: query.isPlaceholderData ? 0.6 : undefined }} aria-busy={query.isFetching}>
              {apps.map((app, index) => (
                // Apps carry no id of their own: their place in the whole list is one.
                <Fragment key={search.offset + index}>
                  {index > 0 && <Divider />}
                  <MobileAppCard app={app} narrow={narrow} />
                </Fragment>
              ))}
            </Stack>
          )}
          {query.data.count > 1 && <ListPager count={query.data.count} search={search} onChange={setSearch} />}
        </>
      )}
    </>
  );
}
