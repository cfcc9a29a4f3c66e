import { Breadcrumbs, Tabs, Text } from '@mantine/core';
import { useSuspenseQuery } from '@tanstack/react-query';
import { Link, Outlet, useMatchRoute } from '@tanstack/react-router';
import { PageHeader } from '../../../components/page-header.tsx';
import { groupQueryOptions } from '../api/groups.ts';
import { AnchorLink } from '../../../components/anchor-link.tsx';

interface GroupLayoutProps {
  groupId: number;
}

/** A group's header and tabs; each tab is a child route. */
export function GroupLayout({ groupId }: GroupLayoutProps) {
  const { data: group } = useSuspenseQuery(groupQueryOptions(groupId));
  const matchRoute = useMatchRoute();
  const onApplications = Boolean(matchRoute({ to: '/groups/$groupId/applications', params: { groupId } }));
  return (
    <>
      <Breadcrumbs mb="xs">
        <AnchorLink to="/all-groups" size="sm">
          Groups
        </AnchorLink>
        <Text size="sm">{group.name}</Text>
      </Breadcrumbs>
      <PageHeader title={group.name} />
      {group.description && (
        <Text c="dimmed" mb="md">
          {group.description}
        </Text>
      )}
      <Tabs value={onApplications ? 'applications' : null} mb="md">
        <Tabs.List>
          <Tabs.Tab value="applications" renderRoot={(props) => <Link {...props} to="/groups/$groupId/applications" params={{ groupId }} />}>
            Applications
          </Tabs.Tab>
        </Tabs.List>
      </Tabs>
      <Outlet />
    </>
  );
}
