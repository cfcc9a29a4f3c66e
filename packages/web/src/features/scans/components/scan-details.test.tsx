import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { ScanMetadata } from '../../../lib/api-schemas.ts';
import { mock } from '../../../testing/api-mocks.ts';
import { buildScanMetadata } from '../../../testing/builders.ts';
import { scanPageAnswers } from '../../../testing/handlers.ts';
import { renderRoute } from '../../../testing/render-with-providers.tsx';
import { server } from '../../../testing/server.ts';

function serve(metadata: ScanMetadata | (() => Response) = buildScanMetadata()) {
  server.use(...scanPageAnswers(), mock.get('/rest/scans/{id}/metadata/', () => (typeof metadata === 'function' ? metadata() : HttpResponse.json(metadata))));
}

const facts = (name: string) =>
  within(screen.getByRole('table', { name })).getAllByRole('row').map((row) => [row.querySelector('th')?.textContent, row.querySelector('td')?.textContent]);

describe('scan details tab', () => {
  it('opens on the analysis settings: limits in words and units, leak options, vulnerability matching', async () => {
    serve();
    const { router } = renderRoute('/product/42/details');
    await screen.findByRole('table', { name: 'Extraction limits' });
    expect(router.state.location.pathname).toBe('/product/42/details/analysis-settings');
    expect(screen.getByRole('tab', { name: 'Details' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: 'Analysis settings' })).toHaveAttribute('aria-selected', 'true');
    expect(facts('Extraction limits')).toEqual([
      ['Nesting depth', '16 levels maxDepth'],
      ['Files extracted', '200 000 maxFiles'],
      ['Bytes extracted in all', '268.44 MB maxTotalBytes'],
      ['Bytes of one extracted file', '17.18 GB maxFileBytes'],
      ['Compression ratio', '250:1 maxCompressionRatio'],
      ['Decoder memory', '536.87 MB maxDecoderMemory'],
      ['Scan time', '30 min timeMs'],
    ]);
    expect(facts('Information leak settings')).toEqual([
      ['Documentation examples left out', 'Yes'],
      ['Custom patterns searched for', 'None'],
    ]);
    expect(facts('Vulnerability matching')).toEqual([
      ['CVSS v2 when v3 is missing', 'Yes'],
      ['Advisories without a CVE', 'No'],
      ['Knowledge base', 'Ready; updated 2026-01-01 03:20 UTC'],
    ]);
  });

  it('says when a scan made before settings were recorded has none', async () => {
    serve(buildScanMetadata({ analysis_settings: null }));
    renderRoute('/product/42/details/analysis-settings');
    expect(await screen.findByText(/^Not recorded: this scan was made before/)).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: 'Extraction limits' })).not.toBeInTheDocument();
  });

  it('shows the input with copyable hashes, the run and the size of every list', async () => {
    serve();
    renderRoute('/product/42/details/stats');
    await screen.findByRole('table', { name: 'Input' });
    expect(facts('Input')).toEqual([
      ['Name', 'router-fw-2.1.bin'],
      ['Size', '8.39 MB (8 388 608 bytes)'],
      ['Format', 'filesystem/squashfs'],
      ['SHA-1', `${'a'.repeat(40)}Copy`],
      ['SHA-256', `${'b'.repeat(64)}Copy`],
    ]);
    expect(screen.getByRole('button', { name: 'Copy SHA-256' })).toBeInTheDocument();
    expect(facts('Run')).toEqual([
      ['Uploaded', '2026-03-01 10:00 UTC'],
      ['Started', '2026-03-01 10:00 UTC'],
      ['Finished', '2026-03-01 10:00 UTC'],
      ['Analysis time', '12.4 s'],
    ]);
    const counts = within(screen.getByRole('list', { name: 'Counts' })).getAllByRole('listitem').map((item) => [item.getAttribute('aria-label'), item.firstChild?.textContent]);
    expect(counts).toEqual([
      ['Files', '1 234'], ['Components', '56'], ['Licences', '12'], ['Executables', '40'], ['Static code findings', '7'], ['Information leaks', '3'],
      ['Mobile apps', '0'], ['Container images', '0'], ['Kernel configurations', '1'], ['Errors', '0'], ['Warnings', '2'], ['Info', '1'],
    ]);
  });

  it('lists each kernel configuration with the failed checks first', async () => {
    serve(buildScanMetadata({
      kernel_configs: [{
        path: ['fw.bin', 'boot/config-6.1'],
        source: 'file',
        options: 2345,
        checks: [
          { option: 'CONFIG_BUG', expected: 'y', actual: 'y', ok: true, why: 'Stop on BUG().' },
          { option: 'CONFIG_DEVMEM', expected: 'n', actual: 'y', ok: false, why: '/dev/mem exposes physical memory.' },
        ],
      }],
    }));
    renderRoute('/product/42/details/config');
    const table = await screen.findByRole('table', { name: 'Hardening checks of fw.bin / boot/config-6.1' });
    expect(screen.getByText('configuration file · 2 345 options set · 1 of 2 checks to look at')).toBeInTheDocument();
    expect(within(table).getAllByRole('row').slice(1).map((row) => within(row).getAllByRole('cell').map((cell) => cell.textContent))).toEqual([
      ['CONFIG_DEVMEM', 'Review', 'y / n', '/dev/mem exposes physical memory.'],
      ['CONFIG_BUG', 'OK', 'y / y', 'Stop on BUG().'],
    ]);
  });

  it('says when there is no kernel configuration, and offers each SBOM format', async () => {
    serve();
    const { router } = renderRoute('/product/42/details/config');
    expect(await screen.findByText(/^No Linux kernel configuration in this scan/)).toBeInTheDocument();
    await router.navigate({ to: '/product/$scanId/details/sbom', params: { scanId: 42 } });
    const formats = await screen.findByRole('list', { name: 'SBOM formats' });
    const links = within(formats).getAllByRole('link', { name: 'Download' }).map((link) => link.getAttribute('href'));
    expect(links).toEqual([
      '/rest/scans/42/sbom/?format=cyclonedx-json',
      '/rest/scans/42/sbom/?format=cyclonedx-xml',
      '/rest/scans/42/sbom/?format=spdx-json',
      '/rest/scans/42/sbom/?format=spdx-tag-value',
    ]);
    const vex = screen.getByRole('region', { name: 'VEX' });
    expect(within(vex).getAllByRole('link').map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Download VEX (CycloneDX)', '/rest/scans/42/vex/?format=cyclonedx'],
      ['Download VEX (OpenVEX)', '/rest/scans/42/vex/?format=openvex'],
    ]);
  });

  it("shows the server's reason while the scan is not ready", async () => {
    serve(() => HttpResponse.json({ detail: 'The scan is not ready.' }, { status: 409 }));
    renderRoute('/product/42/details/stats');
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('The scan is not ready.'));
  });
});
