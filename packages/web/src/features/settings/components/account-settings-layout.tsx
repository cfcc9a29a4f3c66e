import { ScrollArea, Tabs } from '@mantine/core';
import { Link, type LinkProps, Outlet, useMatches } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { PageHeader } from '../../../components/page-header.tsx';

const TABS: { value: string; label: string; to: LinkProps['to'] }[] = [
  { value: 'bom', label: 'BOM', to: '/account-settings/bom' },
  { value: 'scan', label: 'Scan', to: '/account-settings/scan' },
  { value: 'data-retention', label: 'Data retention', to: '/account-settings/data-retention' },
  { value: 'group', label: 'Group', to: '/account-settings/group' },
  { value: 'user', label: 'User', to: '/account-settings/user' },
  { value: 'authentication', label: 'Authentication', to: '/account-settings/authentication' },
  { value: 'licenses', label: 'Licences', to: '/account-settings/licenses' },
  { value: 'sso', label: 'SSO', to: '/account-settings/sso' },
];

/** Account settings (spec §2): a tab per page, each a child route. */
export function AccountSettingsLayout() {
  const tab = useMatches({
    select: (matches) => {
      for (const { routeId } of matches) {
        const found = TABS.find((candidate) => routeId === `/_app/account-settings/${candidate.value}`);
        if (found) return found.value;
      }
      return null;
    },
  });
  const tabsRef = useRef<HTMLDivElement>(null);
  // On a phone the tab row scrolls: bring the open tab into view (a deep link to Licences).
  useEffect(() => {
    tabsRef.current?.querySelector('[data-active]')?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  }, [tab]);
  return (
    <>
      <PageHeader title="Account settings" />
      <Tabs value={tab} mb="md">
        {/* Eight tabs do not fit a phone: they scroll sideways instead of wrapping. */}
        <ScrollArea type="never" offsetScrollbars={false} viewportRef={tabsRef}>
          <Tabs.List style={{ flexWrap: 'nowrap', minWidth: 'max-content' }}>
            {TABS.map(({ value, label, to }) => (
              <Tabs.Tab key={value} value={value} renderRoot={(props) => <Link {...props} to={to} />}>
                {label}
              </Tabs.Tab>
            ))}
          </Tabs.List>
        </ScrollArea>
      </Tabs>
      <Outlet />
    </>
  );
}
