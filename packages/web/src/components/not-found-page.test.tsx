import { screen } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { mock } from '../testing/api-mocks.ts';
import { buildUser } from '../testing/builders.ts';
import { renderRoute } from '../testing/render-with-providers.tsx';
import { server } from '../testing/server.ts';

describe('catch-all and forbidden pages', () => {
  it.each([['/no-such-page'], ['/groups/abc'], ['/product/0/analysis']])('%s shows not-found', async (url) => {
    server.use(mock.get('/rest/users/me/', () => HttpResponse.json(buildUser())));
    renderRoute(url);
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
  });

  it('/403-forbidden explains the missing permission inside the shell', async () => {
    server.use(mock.get('/rest/users/me/', () => HttpResponse.json(buildUser())));
    renderRoute('/403-forbidden');
    expect(await screen.findByRole('heading', { name: 'Forbidden' })).toBeInTheDocument();
    expect(screen.getByText('Binlens')).toBeInTheDocument();
  });
});
