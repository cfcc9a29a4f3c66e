import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import type { SystemStatus } from '../../../lib/api-schemas.ts';
import { mock, serverError } from '../../../testing/api-mocks.ts';
import { buildKnowledgeBase, buildUser } from '../../../testing/builders.ts';
import { renderRoute } from '../../../testing/render-with-providers.tsx';
import { server } from '../../../testing/server.ts';

const admin = mock.get('/rest/users/me/', () => HttpResponse.json(buildUser({ permissions: ['change_companyaccount'] })));
const bundleFile = () => new File([new Uint8Array(4096)], 'kb.tar', { type: 'application/x-tar' });
const empty = buildKnowledgeBase({
  state: 'empty', updated: null, automatic_sync: false,
  sources: buildKnowledgeBase().sources.map((s) => ({ ...s, state: 'empty' as const, records: 0, last_success: null, feed_date: null })),
});

describe('Vulnerability data page', () => {
  it('shows each source with its records, last import, feed date and state', async () => {
    server.use(admin, mock.get('/rest/knowledge-base/', () => HttpResponse.json(buildKnowledgeBase())));
    renderRoute('/account/vulnerability-data');
    expect(await screen.findByText('Ready')).toBeInTheDocument();
    const rows = within(screen.getByRole('table', { name: 'Sources' })).getAllByRole('row');
    expect(rows.map((row) => row.textContent)).toContain('NVDready301 5542026-01-01 03:20 UTC2026-01-01 00:00 UTC');
  });

  it('says the data is empty and that scans are not evaluated', async () => {
    server.use(admin, mock.get('/rest/knowledge-base/', () => HttpResponse.json(empty)));
    renderRoute('/account/vulnerability-data');
    expect(await screen.findByText('No vulnerability data')).toBeInTheDocument();
    expect(screen.getByText(/Automatic sync is off \(BINLENS_KB_SYNC=0\)/)).toBeInTheDocument();
  });

  it('shows the progress and errors of a running sync', async () => {
    const [alpine, debian, ...rest] = buildKnowledgeBase().sources;
    if (!alpine || !debian) throw new Error('builder changed');
    server.use(admin, mock.get('/rest/knowledge-base/', () => HttpResponse.json(buildKnowledgeBase({
      state: 'importing',
      sources: [
        { ...alpine, state: 'importing', progress: { phase: 'download', records: 0, total_records: null, bytes: 524_288, total_bytes: 2_097_152, percent: 25 } },
        { ...debian, state: 'retrying', last_error: 'https://security-tracker.debian.org/tracker/data/json: HTTP 503', next_attempt: '2026-01-02T10:05:00.000Z' },
        ...rest,
      ],
    }))));
    renderRoute('/account/vulnerability-data');
    expect(await screen.findByText('Importing')).toBeInTheDocument();
    expect(screen.getByText('downloading 524.29 kB of 2.10 MB (25%)')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'alpine progress' })).toHaveAttribute('aria-valuenow', '25');
    expect(screen.getByText('https://security-tracker.debian.org/tracker/data/json: HTTP 503 — next attempt 2026-01-02 10:05 UTC')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sync now' })).toBeDisabled();
  });

  it('uploads a bundle with the CSRF header and shows the server\'s reason for refusing one', async () => {
    document.cookie = 'csrftoken=kb-token';
    let csrf: string | null = null;
    server.use(admin, mock.get('/rest/knowledge-base/', () => HttpResponse.json(empty)), mock.post('/rest/knowledge-base/bundles/', ({ request }) => {
      csrf = request.headers.get('X-CSRFToken');
      return HttpResponse.json({ file: ['kb.tar: not a knowledge-base bundle (no manifest.json)'] }, { status: 400 });
    }));
    renderRoute('/account/vulnerability-data');
    const user = userEvent.setup();
    await user.upload(await screen.findByLabelText('Offline bundle'), bundleFile());
    await user.click(screen.getByRole('button', { name: 'Upload bundle' }));
    expect(await screen.findByText('kb.tar: not a knowledge-base bundle (no manifest.json)')).toBeInTheDocument();
    expect(csrf).toBe('kb-token');
  });

  it('asks for a sync and says when one is already under way', async () => {
    server.use(admin, mock.get('/rest/knowledge-base/', () => HttpResponse.json(empty)),
      mock.post('/rest/knowledge-base/sync/', () => HttpResponse.json({ detail: 'A sync is already under way.' }, { status: 409 })));
    renderRoute('/account/vulnerability-data');
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Sync now' }));
    expect(await screen.findByText('A sync is already under way.')).toBeInTheDocument();
  });

  it('after "Sync now" keeps looking until the queued sync shows, even one that failed before the next look', async () => {
    const failed = buildKnowledgeBase({
      ...empty, state: 'failed',
      sources: empty.sources.map((s) => ({ ...s, state: 'failed' as const, last_error: `https://feeds.invalid/${s.name}: the feed could not be reached` })),
    });
    let looks = 0;
    server.use(
      admin,
      // The worker takes the queued sync only after the first two looks, and it fails at once.
      mock.get('/rest/knowledge-base/', () => HttpResponse.json((looks += 1) <= 2 ? empty : failed)),
      mock.post('/rest/knowledge-base/sync/', () => HttpResponse.json(empty, { status: 202 })),
    );
    renderRoute('/account/vulnerability-data');
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Sync now' }));
    expect(await screen.findByText('No vulnerability data: the import failed', undefined, { timeout: 4000 })).toBeInTheDocument();
    expect(screen.getByText('https://feeds.invalid/kev: the feed could not be reached')).toBeInTheDocument();
  });

  it('on a phone shows each source as a card with its whole error, no table to scroll sideways', async () => {
    const phone = vi.spyOn(window, 'matchMedia').mockImplementation((query) => ({
      matches: query === '(max-width: 48em)', media: query, onchange: null,
      addListener: () => undefined, removeListener: () => undefined, addEventListener: () => undefined, removeEventListener: () => undefined, dispatchEvent: () => false,
    }));
    const [alpine, ...rest] = buildKnowledgeBase().sources;
    if (!alpine) throw new Error('builder changed');
    server.use(admin, mock.get('/rest/knowledge-base/', () => HttpResponse.json(buildKnowledgeBase({
      sources: [{ ...alpine, state: 'failed', last_error: 'https://secdb.alpinelinux.org/v3.20/main.json: HTTP 500' }, ...rest],
    }))));
    renderRoute('/account/vulnerability-data');
    const list = await screen.findByRole('list', { name: 'Sources' });
    expect(screen.queryByRole('table')).toBeNull();
    const card = within(list).getByRole('listitem', { name: 'Alpine secdb' });
    expect(card.textContent).toBe(
      'Alpine secdbfailedRecords: 412Last import: 2026-01-01 03:20 UTCFeed date: 2026-01-01 00:00 UTChttps://secdb.alpinelinux.org/v3.20/main.json: HTTP 500',
    );
    phone.mockRestore();
  });

  it('after an accepted bundle says it imports, then when it was imported', async () => {
    const importing = buildKnowledgeBase({ ...empty, state: 'importing', bundle: { state: 'importing', last_success: null, feed_date: null, last_error: null } });
    const ready = buildKnowledgeBase({ bundle: { state: 'ready', last_success: '2026-01-01T03:20:00.000Z', feed_date: null, last_error: null } });
    let looks = 0;
    server.use(
      admin,
      mock.get('/rest/knowledge-base/', () => HttpResponse.json((looks += 1) === 1 ? empty : looks <= 3 ? importing : ready)),
      mock.post('/rest/knowledge-base/bundles/', () => HttpResponse.json(importing, { status: 202 })),
    );
    renderRoute('/account/vulnerability-data');
    const user = userEvent.setup();
    await user.upload(await screen.findByLabelText('Offline bundle'), bundleFile());
    await user.click(screen.getByRole('button', { name: 'Upload bundle' }));
    expect(await screen.findByText('Bundle accepted; importing…')).toBeInTheDocument();
    expect(await screen.findByText('Bundle imported 2026-01-01 03:20 UTC.', undefined, { timeout: 6000 })).toBeInTheDocument();
  });

  it('takes down the "never been synced" banner once the bundle is imported', async () => {
    const importing = buildKnowledgeBase({ ...empty, state: 'importing', bundle: { state: 'importing', last_success: null, feed_date: null, last_error: null } });
    const ready = buildKnowledgeBase({ bundle: { state: 'ready', last_success: '2026-01-01T03:20:00.000Z', feed_date: null, last_error: null } });
    const neverSynced: SystemStatus = { id: 'knowledge-base', level: 'warning', tags: ['knowledge-base'], text: 'The vulnerability knowledge base has never been synced.', source: 'server', created: null };
    let imported = false;
    let statusLooks = 0;
    server.use(
      admin,
      mock.get('/rest/knowledge-base/', () => HttpResponse.json(imported ? ready : empty)),
      mock.get('/rest/system-status/', () => {
        statusLooks += 1;
        return HttpResponse.json(imported ? [] : [neverSynced]);
      }),
      mock.post('/rest/knowledge-base/bundles/', () => {
        imported = true;
        return HttpResponse.json(importing, { status: 202 });
      }),
    );
    renderRoute('/account/vulnerability-data');
    const banner = await screen.findByRole('region', { name: 'System status' });
    expect(within(banner).getByText('The vulnerability knowledge base has never been synced.')).toBeInTheDocument();
    const user = userEvent.setup();
    await user.upload(await screen.findByLabelText('Offline bundle'), bundleFile());
    await user.click(screen.getByRole('button', { name: 'Upload bundle' }));
    expect(await screen.findByText('Bundle imported 2026-01-01 03:20 UTC.', undefined, { timeout: 6000 })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('region', { name: 'System status' })).not.toBeInTheDocument());
    // Once at the first navigation, then when the import began and when it ended.
    expect(statusLooks).toBe(3);
  });

  it('keeps a failed load inside the page with a retry', async () => {
    server.use(admin, mock.get('/rest/knowledge-base/', () => serverError('3f9a0c1b2d4e')));
    renderRoute('/account/vulnerability-data');
    expect(await screen.findByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });

  it('sends a user without change_companyaccount to the forbidden page', async () => {
    server.use(mock.get('/rest/users/me/', () => HttpResponse.json(buildUser({ permissions: [] }))));
    const { router } = renderRoute('/account/vulnerability-data');
    await screen.findByText(/permission/i);
    expect(router.state.location.pathname).toBe('/403-forbidden');
  });
});
