import { screen, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { SalesScan } from '../../../lib/api-schemas.ts';
import { mock } from '../../../testing/api-mocks.ts';
import { buildSalesScan, buildScanSummary, buildUser } from '../../../testing/builders.ts';
import { knowledgeBaseAnswer } from '../../../testing/handlers.ts';
import { renderRoute } from '../../../testing/render-with-providers.tsx';
import { server } from '../../../testing/server.ts';

function serve(scan: SalesScan) {
  server.use(
    mock.get('/rest/users/me/', () => HttpResponse.json(buildUser())),
    knowledgeBaseAnswer(),
    mock.get('/rest/sales/scans/{id}/', () => HttpResponse.json(scan)),
    mock.get('/rest/sales/scans/{id}/scan_summary/', () => HttpResponse.json(buildScanSummary({ knowledge_base: { state: 'ready', updated: '2026-03-01T02:00:00Z' } }))),
  );
}

/** The facts as [label, value] pairs. */
function facts(table: HTMLElement): [string, string][] {
  return within(table)
    .getAllByRole('row')
    .map((row) => [within(row).getByRole('rowheader').textContent ?? '', within(row).getByRole('cell').textContent ?? '']);
}

describe('sales view details tab', () => {
  it('lists the file and what its scan found, fact by fact', async () => {
    serve(buildSalesScan({ component_count: 1234, verdict: 'vulns', vulnerability_counts: { critical: 2, high: 0, medium: 1, low: 0, missing: 3 } }));
    renderRoute('/sales/product/42/details');
    const table = await screen.findByRole('table', { name: 'Scan details' });
    await within(table).findByText('Updated 2026-03-01 02:00 UTC');
    expect(facts(table)).toEqual([
      ['File', 'openwrt-23.05.bin'],
      ['Size', '7.34 MB'],
      ['SHA-1', 'a94a8fe5ccb19ba61c4c0873d391e987982fbbd3'],
      ['SHA-256', '9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08'],
      ['Uploaded', '2026-03-04 05:06 UTC'],
      ['Scan', 'Complete'],
      ['Scanned', '2026-03-04 05:09 UTC'],
      ['Verdict', 'Vulnerable'],
      ['Components', '1 234'],
      ['Vulnerabilities', '2 critical1 medium3 unscored'],
      ['Vulnerability data', 'Updated 2026-03-01 02:00 UTC'],
    ]);
    expect(screen.getByRole('tab', { name: 'Details' })).toHaveAttribute('aria-selected', 'true');
  });

  it('lists only the file while the scan runs', async () => {
    serve(buildSalesScan({ status: 'S', finished: null, component_count: null, vulnerability_counts: null, verdict: null }));
    renderRoute('/sales/product/42/details');
    const table = await screen.findByRole('table', { name: 'Scan details' });
    expect(facts(table).map(([label, value]) => `${label}: ${value}`)).toEqual([
      'File: openwrt-23.05.bin',
      'Size: 7.34 MB',
      'SHA-1: a94a8fe5ccb19ba61c4c0873d391e987982fbbd3',
      'SHA-256: 9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08',
      'Uploaded: 2026-03-04 05:06 UTC',
      'Scan: Running',
    ]);
  });
});
