import { Tabs } from '@mantine/core';
import { Link, Outlet, useMatches } from '@tanstack/react-router';

const TABS = [
  { value: 'analysis-settings', label: 'Analysis settings', to: '/product/$scanId/details/analysis-settings' },
  { value: 'stats', label: 'Stats', to: '/product/$scanId/details/stats' },
  { value: 'config', label: 'Config', to: '/product/$scanId/details/config' },
  { value: 'sbom', label: 'SBOM', to: '/product/$scanId/details/sbom' },
] as const;

/** Spec §2: a scan's details (analysis settings, stats, config, SBOM), each a child route. */
export function ScanDetailsLayout({ scanId }: { scanId: number }) {
  const tab = useMatches({
    select: (matches) => TABS.find(({ value }) => matches.some(({ routeId }) => routeId === `/_app/product/$scanId/details/${value}`))?.value ?? null,
  });
  return (
    <>
      <Tabs value={tab} variant="pills" mb="md">
        <Tabs.List>
          {TABS.map(({ value, label, to }) => (
            <Tabs.Tab key={value} value={value} renderRoot={(props) => <Link {...props} to={to} params={{ scanId }} />}>
              {label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      <Outlet />
    </>
  );
}
