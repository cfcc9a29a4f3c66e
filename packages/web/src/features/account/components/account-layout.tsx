import { Tabs } from '@mantine/core';
import { Link, Outlet, useMatches } from '@tanstack/react-router';
import { PageHeader } from '../../../components/page-header.tsx';

/** The account area's tabs (spec §2 /account), each a child route. */
export function AccountLayout() {
  const tab = useCurrentTab();
  return (
    <>
      <PageHeader title="Account" />
      <Tabs value={tab} mb="md">
        <Tabs.List>
          <Tabs.Tab value="users" renderRoot={(props) => <Link {...props} to="/account/users" />}>
            Users
          </Tabs.Tab>
          <Tabs.Tab value="groups" renderRoot={(props) => <Link {...props} to="/account/groups" />}>
            Groups
          </Tabs.Tab>
          <Tabs.Tab value="feed" renderRoot={(props) => <Link {...props} to="/account/feed" />}>
            Feed
          </Tabs.Tab>
          <Tabs.Tab value="api-key-network-table" renderRoot={(props) => <Link {...props} to="/account/api-key-network-table" />}>
            API key networks
          </Tabs.Tab>
          <Tabs.Tab value="outbound-networks" renderRoot={(props) => <Link {...props} to="/account/outbound-networks" />}>
            Outbound networks
          </Tabs.Tab>
          <Tabs.Tab value="license-usage" renderRoot={(props) => <Link {...props} to="/account/license-usage" />}>
            Licence usage
          </Tabs.Tab>
          <Tabs.Tab value="vulnerability-data" renderRoot={(props) => <Link {...props} to="/account/vulnerability-data" />}>
            Vulnerability data
          </Tabs.Tab>
        </Tabs.List>
      </Tabs>
      <Outlet />
    </>
  );
}

const TABS = ['users', 'groups', 'feed', 'api-key-network-table', 'outbound-networks', 'license-usage', 'vulnerability-data'] as const;

/** The tab whose child route is matched. */
function useCurrentTab(): string | null {
  return useMatches({
    select: (matches) => {
      for (const { routeId } of matches) {
        const tab = TABS.find((name) => routeId === `/_app/account/${name}`);
        if (tab) return tab;
      }
      return null;
    },
  });
}
