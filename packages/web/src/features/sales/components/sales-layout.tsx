import { Box, Tabs } from '@mantine/core';
import { useSuspenseQuery } from '@tanstack/react-query';
import { Link, Outlet, useLocation } from '@tanstack/react-router';
import { useState } from 'react';
import { salesScanQueryOptions } from '../api/sales-scan.ts';
import { SalesHeader } from './sales-header.tsx';
import { SalesPrintStyle } from './sales-print-style.tsx';

/** Spec §2: the sales view's tabs, each a child route. */
const TABS = [
  { value: 'analysis', label: 'Analysis', to: '/sales/product/$scanId/analysis' },
  { value: 'details', label: 'Details', to: '/sales/product/$scanId/details' },
  { value: 'errors', label: 'Errors', to: '/sales/product/$scanId/errors' },
  { value: 'warnings', label: 'Warnings', to: '/sales/product/$scanId/warnings' },
] as const;

/**
 * One scan's results for people outside the team (a customer, a supplier, a prospect) on a
 * shared screen or on paper: the file and its verdict above its tabs, and nothing that names
 * the account's groups or people or changes anything.
 */
export function SalesLayout({ scanId }: { scanId: number }) {
  const { data: scan } = useSuspenseQuery(salesScanQueryOptions(scanId));
  // The day the view was opened, kept while it stays open.
  const [preparedAt] = useState(() => new Date().toISOString());
  const pathname = useLocation({ select: (location) => location.pathname });
  // /sales/product/{id}/{tab}: the tab is the fourth segment.
  const segment = pathname.split('/')[4];
  const active = TABS.find((tab) => tab.value === segment)?.value ?? null;
  return (
    <Box data-sales-view>
      <SalesPrintStyle />
      <SalesHeader scan={scan} preparedAt={preparedAt} />
      <Tabs value={active} mb="md" data-sales-screen-only>
        <Tabs.List>
          {TABS.map((tab) => (
            <Tabs.Tab key={tab.value} value={tab.value} renderRoot={(props) => <Link {...props} to={tab.to} params={{ scanId }} />}>
              {tab.label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      <Outlet />
    </Box>
  );
}
