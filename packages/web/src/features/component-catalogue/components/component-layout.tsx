import { Badge, Breadcrumbs, Group, Tabs, Text } from '@mantine/core';
import { useSuspenseQuery } from '@tanstack/react-query';
import { Link, Outlet, useMatches } from '@tanstack/react-router';
import { AnchorLink } from '../../../components/anchor-link.tsx';
import { NotEvaluated } from '../../../components/not-evaluated.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { displayText, formatNumber } from '../../../lib/format.ts';
import { useNoVulnerabilityData } from '../../../lib/knowledge-base.ts';
import { componentQueryOptions } from '../api/components.ts';

const TAB_OF_ROUTE: Record<string, string> = {
  '/_app/components/$componentId/': 'details',
  '/_app/components/$componentId/coverity-scan': 'coverity-scan',
  '/_app/components/$componentId/vulnerabilities': 'vulnerabilities',
};

/** One supported component: its header, the facts that answer "is it a problem?", and its tabs (child routes). */
export function ComponentLayout({ componentId }: { componentId: string }) {
  const { data: component } = useSuspenseQuery(componentQueryOptions(componentId));
  const noData = useNoVulnerabilityData();
  const tab = useMatches({ select: (matches) => matches.map(({ routeId }) => TAB_OF_ROUTE[routeId]).find((t) => t !== undefined) ?? null });
  const params = { componentId };
  return (
    <>
      <Breadcrumbs mb="xs">
        <AnchorLink to="/components" size="sm">
          Components
        </AnchorLink>
        <Text size="sm">{displayText(component.name)}</Text>
      </Breadcrumbs>
      <PageHeader title={<span style={{ overflowWrap: 'anywhere' }}>{displayText(component.name)}</span>} />
      <Group gap="lg" mb="md" role="group" aria-label="Component summary">
        <Text size="sm">Vendor: {displayText(component.vendor) || '–'}</Text>
        <Text size="sm">
          Latest known version: <Text span ff="monospace" size="sm">{component.latest_version === null ? '–' : displayText(component.latest_version)}</Text>
        </Text>
        <Text size="sm" component="div">
          Known vulnerabilities:{' '}
          {noData ? (
            <NotEvaluated />
          ) : (
            <Badge color={component.vulnerability_count > 0 ? 'red' : 'teal'} variant="light" size="sm" tt="none">
              {formatNumber(component.vulnerability_count)}
            </Badge>
          )}
        </Text>
        <Text size="sm">In your scans: {formatNumber(component.scan_count)}</Text>
      </Group>
      <Tabs value={tab} mb="md">
        <Tabs.List>
          <Tabs.Tab value="details" renderRoot={(props) => <Link {...props} to="/components/$componentId" params={params} />}>
            Details
          </Tabs.Tab>
          <Tabs.Tab value="vulnerabilities" renderRoot={(props) => <Link {...props} to="/components/$componentId/vulnerabilities" params={params} />}>
            Vulnerabilities
          </Tabs.Tab>
          <Tabs.Tab value="coverity-scan" renderRoot={(props) => <Link {...props} to="/components/$componentId/coverity-scan" params={params} />}>
            Coverity scan
          </Tabs.Tab>
        </Tabs.List>
      </Tabs>
      <Outlet />
    </>
  );
}
