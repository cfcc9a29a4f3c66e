import { Badge, Tabs, Text } from '@mantine/core';
import { useSuspenseQuery } from '@tanstack/react-query';
import { Link, Outlet, useMatches } from '@tanstack/react-router';
import { PageHeader } from '../../../components/page-header.tsx';
import { usePermission } from '../../../lib/permissions.ts';
import { userQueryOptions, type UserRef } from '../api/users.ts';

interface UserLayoutProps {
  /** The resolved id the data is read with. */
  userId: number;
  /** The id as the URL holds it (`me` stays `me` in the tab links). */
  userRef: UserRef;
}

/** A user's header and tabs; each tab is a child route (spec §2). */
export function UserLayout({ userId, userRef }: UserLayoutProps) {
  const { data: user } = useSuspenseQuery(userQueryOptions(userId));
  const isAdministrator = usePermission('change_companyaccount');
  const tab = useCurrentTab();
  const params = { userId: userRef };
  return (
    <>
      <PageHeader
        title={<span style={{ overflowWrap: 'anywhere' }}>{user.username || user.email}</span>}
        actions={!user.is_active && <Badge color="gray">Deactivated</Badge>}
      />
      {user.username !== user.email && (
        <Text c="dimmed" mb="md" style={{ overflowWrap: 'anywhere' }}>
          {user.email}
        </Text>
      )}
      <Tabs value={tab} mb="md">
        <Tabs.List>
          <Tabs.Tab value="overview" renderRoot={(props) => <Link {...props} to="/users/$userId/overview" params={params} />}>
            Overview
          </Tabs.Tab>
          {isAdministrator && (
            <Tabs.Tab value="permissions" renderRoot={(props) => <Link {...props} to="/users/$userId/permissions" params={params} />}>
              Permissions
            </Tabs.Tab>
          )}
          <Tabs.Tab value="groups" renderRoot={(props) => <Link {...props} to="/users/$userId/groups" params={params} />}>
            Groups
          </Tabs.Tab>
          <Tabs.Tab value="applications" renderRoot={(props) => <Link {...props} to="/users/$userId/applications" params={params} />}>
            Applications
          </Tabs.Tab>
          <Tabs.Tab value="settings" renderRoot={(props) => <Link {...props} to="/users/$userId/settings" params={params} />}>
            Settings
          </Tabs.Tab>
          <Tabs.Tab value="authentication" renderRoot={(props) => <Link {...props} to="/users/$userId/authentication" params={params} />}>
            Authentication
          </Tabs.Tab>
        </Tabs.List>
      </Tabs>
      <Outlet />
    </>
  );
}

const TAB_OF_ROUTE: Record<string, string> = {
  '/_app/users/$userId/overview': 'overview',
  '/_app/users/$userId/permissions': 'permissions',
  '/_app/users/$userId/groups': 'groups',
  '/_app/users/$userId/applications': 'applications',
  '/_app/users/$userId/settings': 'settings',
  '/_app/users/$userId/authentication': 'authentication',
};

/** The tab whose child route is matched. */
function useCurrentTab(): string | null {
  return useMatches({
    select: (matches) => matches.map(({ routeId }) => TAB_OF_ROUTE[routeId]).find((tab) => tab !== undefined) ?? null,
  });
}
