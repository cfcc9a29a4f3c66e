import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { mock } from '../../../testing/api-mocks.ts';
import { buildGroup, buildScan, buildUser } from '../../../testing/builders.ts';
import { renderRoute } from '../../../testing/render-with-providers.tsx';
import { server } from '../../../testing/server.ts';

const signedIn = mock.get('/rest/users/me/', () => HttpResponse.json(buildUser()));
const group = mock.get('/rest/groups/{id}/', () => HttpResponse.json(buildGroup()));
const limit = mock.get('/rest/uploads/limit/', () => HttpResponse.json({ max_upload_bytes: 1_000_000 }));

async function openFetchTab() {
  renderRoute('/groups/7/upload');
  await userEvent.click(await screen.findByRole('tab', { name: 'Fetch from URL' }));
}

describe('Fetch from URL', () => {
  it('sends the URL, headers and custom data, then shows the scan until it fails with its reason', async () => {
    const sent: unknown[] = [];
    const failed = 'The file could not be fetched: localhost resolves to 127.0.0.1, which is a loopback address.';
    server.use(
      signedIn,
      group,
      limit,
      mock.post('/rest/scans/fetch/', async ({ request }) => {
        sent.push(await request.json());
        return HttpResponse.json(buildScan({ id: 51, name: 'fw.bin', status: 'B', progress: { stage: 'downloading file', done: 0, total: 0 }, finished: null }), { status: 201 });
      }),
      mock.get('/rest/scans/{id}/', () => HttpResponse.json(buildScan({ id: 51, name: 'fw.bin', status: 'F', error: failed }))),
    );
    await openFetchTab();
    await userEvent.type(screen.getByRole('textbox', { name: 'URL' }), 'http://localhost:8080/fw.bin');
    await userEvent.type(screen.getByRole('textbox', { name: /Request headers/ }), 'Authorization: Bearer abc');
    await userEvent.type(screen.getByRole('textbox', { name: /Custom data/ }), 'release=2.1');
    await userEvent.click(screen.getByRole('button', { name: 'Fetch and scan' }));

    await waitFor(() => expect(sent).toEqual([{ external_reference: 'http://localhost:8080/fw.bin', group: 7, additional_headers: { Authorization: 'Bearer abc' }, custom_data: { release: '2.1' } }]));
    // The busy scan is polled every 3 s (spec §9) until it fails.
    expect(await screen.findByText(failed, {}, { timeout: 8000 })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open scan' })).toHaveAttribute('href', '/product/51/analysis');
  });

  it("shows the server's field errors under their fields", async () => {
    server.use(
      signedIn,
      group,
      limit,
      mock.post('/rest/scans/fetch/', () =>
        HttpResponse.json({ external_reference: ['The address 127.0.0.1 is a loopback address.'], additional_headers: ['The header Host cannot be set.'] }, { status: 400 }),
      ),
    );
    await openFetchTab();
    await userEvent.type(screen.getByRole('textbox', { name: 'URL' }), 'http://127.0.0.1/fw.bin');
    await userEvent.type(screen.getByRole('textbox', { name: /Request headers/ }), 'Host: internal');
    await userEvent.click(screen.getByRole('button', { name: 'Fetch and scan' }));
    expect(await screen.findByText('The address 127.0.0.1 is a loopback address.')).toBeInTheDocument();
    expect(screen.getByText('The header Host cannot be set.')).toBeInTheDocument();
  });

  it('refuses header lines without a name before sending', async () => {
    let calls = 0;
    server.use(signedIn, group, limit, mock.post('/rest/scans/fetch/', () => {
      calls += 1;
      return HttpResponse.json(buildScan(), { status: 201 });
    }));
    await openFetchTab();
    await userEvent.type(screen.getByRole('textbox', { name: 'URL' }), 'https://example.com/fw.bin');
    await userEvent.type(screen.getByRole('textbox', { name: /Request headers/ }), 'no separator here');
    await userEvent.click(screen.getByRole('button', { name: 'Fetch and scan' }));
    expect(await screen.findByText('Write one header per line as Name: value (line 1).')).toBeInTheDocument();
    expect(calls).toBe(0);
  });
});
