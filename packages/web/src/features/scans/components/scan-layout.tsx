import { Breadcrumbs, Group, Tabs, Text } from '@mantine/core';
import { useSuspenseQuery } from '@tanstack/react-query';
import { Link, Outlet, useLocation } from '@tanstack/react-router';
import { PageHeader } from '../../../components/page-header.tsx';
import { displayText, formatBytes } from '../../../lib/format.ts';
import { scanQueryOptions } from '../api/scans.ts';
import { ScanStatusBadge } from './scan-status-badge.tsx';
import { ScanActions } from './scan-actions.tsx';
import { ScanVerdict } from './scan-verdict.tsx';
import { ScanProgressPanel } from './scan-progress.tsx';
import { ScanLogPanel } from './scan-log-panel.tsx';
import { isBusy } from '../api/scan-status.ts';
import { AnchorLink } from '../../../components/anchor-link.tsx';

const TABS = [
  { value: 'analysis', label: 'Analysis', to: '/product/$scanId/analysis' },
  { value: 'mobile-apps', label: 'Mobile apps', to: '/product/$scanId/mobile-apps' },
  { value: 'info-leak', label: 'Info leak', to: '/product/$scanId/info-leak' },
  { value: 'static-code-analysis', label: 'Static code analysis', to: '/product/$scanId/static-code-analysis' },
  { value: 'executable-attributes', label: 'Executable attributes', to: '/product/$scanId/executable-attributes' },
  { value: 'files', label: 'Files', to: '/product/$scanId/files' },
  { value: 'layers', label: 'Layers', to: '/product/$scanId/layers' },
  { value: 'feed', label: 'Feed', to: '/product/$scanId/feed' },
  { value: 'details', label: 'Details', to: '/product/$scanId/details' },
  { value: 'errors', label: 'Errors', to: '/product/$scanId/errors' },
  { value: 'warnings', label: 'Warnings', to: '/product/$scanId/warnings' },
  { value: 'info', label: 'Info', to: '/product/$scanId/info' },
  { value: 'custom-data', label: 'Custom data', to: '/product/$scanId/custom-data' },
  { value: 'comments', label: 'Comments', to: '/product/$scanId/comments' },
] as const;

interface ScanLayoutProps {
  scanId: number;
}

/** The scan header (name, status, size) above its tabs; the scan query polls while busy. */
export function ScanLayout({ scanId }: ScanLayoutProps) {
  const { data: scan } = useSuspenseQuery(scanQueryOptions(scanId));
  const pathname = useLocation({ select: (location) => location.pathname });
  // /product/{id}/{tab}[/{child}]: the tab is the third segment.
  const segment = pathname.split('/')[3];
  const active = TABS.find((tab) => tab.value === segment)?.value ?? null;
  return (
    <>
      <Breadcrumbs mb="xs">
        <AnchorLink to="/groups/$groupId" params={{ groupId: scan.group }} size="sm">
          {displayText(scan.group_name)}
        </AnchorLink>
        <Text size="sm">{displayText(scan.name)}</Text>
      </Breadcrumbs>
      <PageHeader title={displayText(scan.name)} actions={<ScanActions scan={scan} />} />
      <Group gap="lg" mb="md" aria-label="Scan summary" role="group">
        <ScanStatusBadge scan={scan} />
        <ScanVerdict scan={scan} />
        <Text size="sm">Size: {formatBytes(scan.size)}</Text>
        <Text size="sm" c="dimmed" ff="monospace" style={{ wordBreak: 'break-all' }}>
          SHA-1 {scan.sha1}
        </Text>
      </Group>
      {isBusy(scan.status) && <ScanProgressPanel scan={scan} />}
      <ScanLogPanel scanId={scanId} busy={isBusy(scan.status)} />
      <Tabs value={active} mb="md">
        <Tabs.List>
          {TABS.map((tab) => (
            <Tabs.Tab
              key={tab.value}
              value={tab.value}
              renderRoot={(props) => <Link {...props} to={tab.to} params={{ scanId }} />}
            >
              {tab.label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      <Outlet />
    </>
  );
}
