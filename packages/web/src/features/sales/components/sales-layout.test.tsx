import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatDate } from '../../../lib/format.ts';
import { mock, serverError } from '../../../testing/api-mocks.ts';
import { buildComponent, buildProblem, buildResult, buildSalesScan, buildScanSummary, buildUser, paged } from '../../../testing/builders.ts';
import { knowledgeBaseAnswer, scanPageAnswers } from '../../../testing/handlers.ts';
import { renderRoute } from '../../../testing/render-with-providers.tsx';
import { server } from '../../../testing/server.ts';
import { salesKeys } from '../api/keys.ts';

/** Answers the sales view's own loads; records every path asked, so a test can tell what the view never asks. */
function serveSalesView(scan: () => Response = () => HttpResponse.json(buildSalesScan())) {
  const asked: string[] = [];
  const record = ({ request }: { request: Request }) => {
    asked.push(new URL(request.url).pathname);
  };
  server.events.on('request:start', record);
  server.use(
    mock.get('/rest/users/me/', () => HttpResponse.json(buildUser())),
    knowledgeBaseAnswer(),
    mock.get('/rest/sales/scans/{id}/', scan),
    mock.get('/rest/sales/scans/{id}/scan_summary/', () => HttpResponse.json(buildScanSummary({ components: 1 }))),
    mock.get('/rest/scans/{id}/result/', () => HttpResponse.json(buildResult([buildComponent()]))),
  );
  return asked;
}

afterEach(() => {
  server.events.removeAllListeners();
  vi.restoreAllMocks();
});

const header = () => screen.findByRole('region', { name: 'Scanned file' });

describe('sales view', () => {
  it('opens on the analysis tab with the scan loaded through the sales endpoint and marked as an external account', async () => {
    const asked = serveSalesView();
    const { router, queryClient } = renderRoute('/sales/product/42');
    expect(within(await header()).getByRole('heading', { level: 2 })).toHaveTextContent('openwrt-23.05.bin');
    await waitFor(() => expect(router.state.location.pathname).toBe('/sales/product/42/analysis'));
    expect(queryClient.getQueryData(salesKeys.scan(42))).toEqual({ ...buildSalesScan(), isExternalAccount: true });
    await screen.findByRole('table', { name: 'Components' });
    expect(asked).toContain('/rest/sales/scans/42/');
    expect(asked).toContain('/rest/sales/scans/42/scan_summary/');
    // Neither the scan page's scan (its group, uploader, error text) nor its group.
    expect(asked.filter((path) => path === '/rest/scans/42/' || path.startsWith('/rest/groups/'))).toEqual([]);
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Analysis', 'Details', 'Errors', 'Warnings']);
    expect(screen.getByRole('tab', { name: 'Analysis' })).toHaveAttribute('aria-selected', 'true');
  });

  it('shows a clean header: the file, its verdict, size and hashes, and who prepared it when; no actions, no group links', async () => {
    serveSalesView(() => HttpResponse.json(buildSalesScan({ verdict: 'vulns', vulnerability_counts: { critical: 1, high: 0, medium: 0, low: 0, missing: 0 } })));
    renderRoute('/sales/product/42/analysis');
    const banner = await header();
    expect(within(banner).getByLabelText('Verdict Vulnerable')).toHaveTextContent('Vulnerable');
    expect(within(banner).getByText('Size: 7.34 MB')).toBeInTheDocument();
    expect(within(banner).getByText('Scanned: 2026-03-04 05:09 UTC')).toBeInTheDocument();
    const terms = within(banner).getAllByRole('term').map((term) => term.textContent);
    const definitions = within(banner).getAllByRole('definition').map((definition) => definition.textContent);
    expect(terms).toEqual(['SHA-1', 'SHA-256']);
    expect(definitions).toEqual(['a94a8fe5ccb19ba61c4c0873d391e987982fbbd3', '9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08']);
    expect(within(banner).getByText(`Prepared with Binlens on ${formatDate(new Date().toISOString())}`)).toBeInTheDocument();
    await screen.findByRole('table', { name: 'Components' });
    expect(screen.queryByRole('button', { name: 'Actions' })).not.toBeInTheDocument();
    const main = screen.getByRole('main');
    expect(within(main).queryAllByRole('link').filter((link) => link.getAttribute('href')?.startsWith('/groups/'))).toEqual([]);
  });

  it('prints with the Print button; on paper the app frame, the tabs and the button stay behind', async () => {
    serveSalesView();
    const print = vi.spyOn(window, 'print').mockImplementation(() => undefined);
    renderRoute('/sales/product/42/analysis');
    const button = within(await header()).getByRole('button', { name: 'Print' });
    await userEvent.click(button);
    expect(print).toHaveBeenCalledTimes(1);
    const css = screen.getByTestId('sales-print-style').textContent ?? '';
    expect(css).toContain('@media print');
    expect(css).toMatch(/\.mantine-AppShell-navbar,[\s\S]*\{\s*display: none !important;/);
    expect(button).toHaveAttribute('data-sales-screen-only');
    expect(screen.getByRole('tablist').closest('[data-sales-screen-only]')).not.toBeNull();
  });

  it('goes to not-found for a scan the viewer cannot see, a failure, and an id that is no id', async () => {
    for (const answer of [() => HttpResponse.json({ detail: 'Not found.' }, { status: 404 }), () => serverError('e-77')]) {
      serveSalesView(answer);
      const view = renderRoute('/sales/product/42/analysis');
      expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
      // Inside the app frame, as every other page.
      expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument();
      view.unmount();
      server.events.removeAllListeners();
    }
    const asked = serveSalesView();
    renderRoute('/sales/product/abc/analysis');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument();
    expect(asked.filter((path) => path.startsWith('/rest/sales/'))).toEqual([]);
  });

  it("lists the file's errors and warnings on their tabs", async () => {
    serveSalesView();
    server.use(
      mock.get('/rest/scans/{id}/errors/', () => HttpResponse.json(paged([buildProblem({ level: 'error', code: 'truncated', message: 'The archive ends early.' })]))),
      mock.get('/rest/scans/{id}/warnings/', () => HttpResponse.json(paged([]))),
    );
    renderRoute('/sales/product/42/errors');
    const errors = await screen.findByRole('table', { name: 'Errors' });
    expect(within(errors).getByText('The archive ends early.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('tab', { name: 'Warnings' }));
    expect(await screen.findByText('No warnings for this scan.')).toBeInTheDocument();
  });

  it("opens from the scan page's Actions menu once the scan is ready", async () => {
    serveSalesView();
    server.use(
      ...scanPageAnswers(),
      mock.get('/rest/scans/{id}/scan_summary/', () => HttpResponse.json(buildScanSummary({ components: 1 }))),
    );
    const { router } = renderRoute('/product/42/analysis');
    await userEvent.click(await screen.findByRole('button', { name: 'Actions' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Open sales view' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/sales/product/42/analysis'));
    expect(await header()).toBeInTheDocument();
  });
});
