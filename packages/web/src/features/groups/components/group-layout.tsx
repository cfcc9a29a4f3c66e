import { Tabs, Text } from '@mantine/core';
import { useSuspenseQuery } from '@tanstack/react-query';
import { Link, Outlet, useMatches } from '@tanstack/react-router';
import { PageHeader } from '../../../components/page-header.tsx';
import { canChangeGroup, groupQueryOptions } from '../api/groups.ts';
import { FavouriteButton } from './favourite-button.tsx';
import { GroupBreadcrumbs } from './group-breadcrumbs.tsx';

interface GroupLayoutProps {
  groupId: number;
}

/** A group's breadcrumbs, header and tabs; each tab is a child route (spec §2). */
export function GroupLayout({ groupId }: GroupLayoutProps) {
  const { data: group } = useSuspenseQuery(groupQueryOptions(groupId));
  const tab = useCurrentTab();
  return (
    <>
      <GroupBreadcrumbs group={group} />
      <PageHeader title={<span style={{ overflowWrap: 'anywhere' }}>{group.name}</span>} actions={<FavouriteButton group={group} />} />
      {group.description && (
        <Text c="dimmed" mb="md" style={{ overflowWrap: 'anywhere' }}>
          {group.description}
        </Text>
      )}
      <Tabs value={tab} mb="md">
        <Tabs.List>
          <Tabs.Tab value="applications" renderRoot={(props) => <Link {...props} to="/groups/$groupId/applications" params={{ groupId }} />}>
            Applications
          </Tabs.Tab>
          <Tabs.Tab value="subgroups" renderRoot={(props) => <Link {...props} to="/groups/$groupId/subgroups" params={{ groupId }} />}>
            Subgroups
          </Tabs.Tab>
          <Tabs.Tab value="members" renderRoot={(props) => <Link {...props} to="/groups/$groupId/members" params={{ groupId }} />}>
            Members
          </Tabs.Tab>
          <Tabs.Tab value="events" renderRoot={(props) => <Link {...props} to="/groups/$groupId/events" params={{ groupId }} />}>
            Events
          </Tabs.Tab>
          {canChangeGroup(group) && (
            <Tabs.Tab value="settings" renderRoot={(props) => <Link {...props} to="/groups/$groupId/settings" params={{ groupId }} />}>
              Settings
            </Tabs.Tab>
          )}
        </Tabs.List>
      </Tabs>
      <Outlet />
    </>
  );
}

/** The tab whose child route is matched; a list's own search (q, ordering, page) does not change it. */
function useCurrentTab(): string | null {
  return useMatches({
    select: (matches) => {
      for (const { routeId } of matches) {
        if (routeId === '/_app/groups/$groupId/applications') return 'applications';
        if (routeId === '/_app/groups/$groupId/subgroups') return 'subgroups';
        if (routeId === '/_app/groups/$groupId/members') return 'members';
        if (routeId === '/_app/groups/$groupId/events') return 'events';
        if (routeId === '/_app/groups/$groupId/settings') return 'settings';
      }
      return null;
    },
  });
}
