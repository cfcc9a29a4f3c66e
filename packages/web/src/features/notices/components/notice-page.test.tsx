import { act, screen, waitFor } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { mock } from '../../../testing/api-mocks.ts';
import { buildUser, paged } from '../../../testing/builders.ts';
import { renderRoute } from '../../../testing/render-with-providers.tsx';
import { server } from '../../../testing/server.ts';

const NOTICE = { id: 3, level: 'info' as const, title: 'Version 2.4', text: 'Release notes follow.', created: '2026-11-27T10:00:00Z' };

describe('notices', () => {
  it('shows a notice on premises', async () => {
    server.use(
      mock.get('/rest/users/me/', () => HttpResponse.json(buildUser())),
      mock.get('/rest/notices/{id}/', () => HttpResponse.json(NOTICE)),
    );
    renderRoute('/notices/3');
    // The first render of a file also loads the route code: a longer wait than the default second.
    expect(await screen.findByRole('heading', { name: 'Version 2.4' }, { timeout: 4000 })).toBeInTheDocument();
    expect(screen.getByText('Release notes follow.')).toBeInTheDocument();
    expect(screen.getByText('Published 2026-11-27 10:00 UTC')).toBeInTheDocument();
  });

  it('cancels the navigation to a notice on a hosted deployment, which answers 404 for notices', async () => {
    const asked: string[] = [];
    server.use(
      mock.get('/rest/users/me/', () => HttpResponse.json(buildUser())),
      mock.get('/rest/notices/', () => {
        asked.push('list');
        return HttpResponse.json({ detail: 'Not found.' }, { status: 404 });
      }),
      mock.get('/rest/notices/{id}/', () => {
        asked.push('notice');
        return HttpResponse.json({ detail: 'Not found.' }, { status: 404 });
      }),
    );
    const { router } = renderRoute('/403-forbidden');
    await screen.findByRole('heading', { name: 'Forbidden' });
    void router.navigate({ to: '/notices/$noticeId', params: { noticeId: 3 } });
    await waitFor(() => expect(asked).toEqual(['list']));
    await act(() => Promise.resolve());
    expect(router.state.location.pathname).toBe('/403-forbidden');
    expect(asked).toEqual(['list']);
    expect(screen.getByRole('heading', { name: 'Forbidden' })).toBeInTheDocument();
  });

  it('lets the navigation through on premises', async () => {
    server.use(
      mock.get('/rest/users/me/', () => HttpResponse.json(buildUser())),
      mock.get('/rest/notices/', () => HttpResponse.json(paged([NOTICE]))),
      mock.get('/rest/notices/{id}/', () => HttpResponse.json(NOTICE)),
    );
    const { router } = renderRoute('/403-forbidden');
    await screen.findByRole('heading', { name: 'Forbidden' });
    await router.navigate({ to: '/notices/$noticeId', params: { noticeId: 3 } });
    expect(await screen.findByRole('heading', { name: 'Version 2.4' })).toBeInTheDocument();
  });

  it('shows not-found for an unknown notice', async () => {
    server.use(
      mock.get('/rest/users/me/', () => HttpResponse.json(buildUser())),
      mock.get('/rest/notices/{id}/', () => HttpResponse.json({ detail: 'Not found.' }, { status: 404 })),
    );
    renderRoute('/notices/99');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
  });
});
