import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { mock } from '../../../testing/api-mocks.ts';
import { buildGroup, buildProblem, buildScan, buildUser, paged } from '../../../testing/builders.ts';
import { renderRoute } from '../../../testing/render-with-providers.tsx';
import { server } from '../../../testing/server.ts';

describe('scan problems tabs', () => {
  it('lists errors and switches to the warnings tab', async () => {
    server.use(
      mock.get('/rest/users/me/', () => HttpResponse.json(buildUser())),
      mock.get('/rest/groups/{id}/', () => HttpResponse.json(buildGroup())),
      mock.get('/rest/scans/{id}/', () => HttpResponse.json(buildScan())),
      mock.get('/rest/scans/{id}/errors/', () => HttpResponse.json(paged([buildProblem()]))),
      mock.get('/rest/scans/{id}/warnings/', () => HttpResponse.json(paged([]))),
    );
    const { router } = renderRoute('/product/42/errors');
    const table = await screen.findByRole('table', { name: 'Errors' });
    expect(within(table).getAllByRole('row')[1]?.textContent).toBe(
      'openwrt-23.05.bin / kernel.binfilesystem/squashfstruncatedSquashFS image ends before its declared size',
    );
    await userEvent.setup().click(screen.getByRole('tab', { name: 'Warnings' }));
    expect(await screen.findByText('No warnings for this scan.')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/product/42/warnings');
  });
});
