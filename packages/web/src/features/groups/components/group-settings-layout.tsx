import { Tabs } from '@mantine/core';
import { Link, Outlet, useMatches, useParams } from '@tanstack/react-router';

const TABS = ['general', 'webhook', 'scan', 'data-retention', 'bom', 'licenses', 'group-custom-data', 'analysis-custom-data'] as const;

/** A group's settings: general, the completion webhook, its overrides of the company's scan, retention and BOM settings, its licences, its custom data and the new applications' custom data; each a child route. */
export function GroupSettingsLayout() {
  const { groupId } = useParams({ from: '/_app/groups/$groupId/settings' });
  const tab = useMatches({
    select: (matches) => TABS.find((name) => matches.some(({ routeId }) => routeId === `/_app/groups/$groupId/settings/${name}`)) ?? null,
  });
  return (
    <>
      <Tabs value={tab} variant="pills" mb="md">
        <Tabs.List>
          <Tabs.Tab value="general" renderRoot={(props) => <Link {...props} to="/groups/$groupId/settings/general" params={{ groupId }} />}>
            General
          </Tabs.Tab>
          <Tabs.Tab value="webhook" renderRoot={(props) => <Link {...props} to="/groups/$groupId/settings/webhook" params={{ groupId }} />}>
            Webhook
          </Tabs.Tab>
          <Tabs.Tab value="scan" renderRoot={(props) => <Link {...props} to="/groups/$groupId/settings/scan" params={{ groupId }} />}>
            Scan
          </Tabs.Tab>
          <Tabs.Tab value="data-retention" renderRoot={(props) => <Link {...props} to="/groups/$groupId/settings/data-retention" params={{ groupId }} />}>
            Data retention
          </Tabs.Tab>
          <Tabs.Tab value="bom" renderRoot={(props) => <Link {...props} to="/groups/$groupId/settings/bom" params={{ groupId }} />}>
            BOM
          </Tabs.Tab>
          <Tabs.Tab value="licenses" renderRoot={(props) => <Link {...props} to="/groups/$groupId/settings/licenses" params={{ groupId }} />}>
            Licences
          </Tabs.Tab>
          <Tabs.Tab value="group-custom-data" renderRoot={(props) => <Link {...props} to="/groups/$groupId/settings/group-custom-data" params={{ groupId }} />}>
            Group custom data
          </Tabs.Tab>
          <Tabs.Tab value="analysis-custom-data" renderRoot={(props) => <Link {...props} to="/groups/$groupId/settings/analysis-custom-data" params={{ groupId }} />}>
            Analysis custom data
          </Tabs.Tab>
        </Tabs.List>
      </Tabs>
      <Outlet />
    </>
  );
}
