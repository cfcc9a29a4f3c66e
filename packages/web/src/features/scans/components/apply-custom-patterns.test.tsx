import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { CustomPatternRun, InfoleakItem } from '../../../lib/api-schemas.ts';
import { mock } from '../../../testing/api-mocks.ts';
import { buildUser, paged } from '../../../testing/builders.ts';
import { scanPageAnswers } from '../../../testing/handlers.ts';
import { renderRoute } from '../../../testing/render-with-providers.tsx';
import { server } from '../../../testing/server.ts';

const MANAGER = buildUser({ roles: ['CP'], permissions: ['change_infoleakcustomregex'] });
const RUN_ID = '5b1f0c5e-0000-4000-8000-000000000001';

const PASSWORD: InfoleakItem = {
  id: 1,
  kind: 'passwords',
  detector: 'config-password',
  path: ['etc/deploy.env'],
  offset: null,
  line: 3,
  value: 'Tr**********yz',
  masked: 'Tr**********yz',
  context: 'admin_password = "Tr**********yz"',
  details: null,
  decoy: false,
  revealable: false,
};
const TOKEN: InfoleakItem = { ...PASSWORD, id: 2, kind: 'custom', detector: 'custom/3', line: 2, value: 'ACME***********9c21', masked: 'ACME***********9c21', context: 'TOKEN=ACME***********9c21' };

const run = (state: CustomPatternRun['state'], overrides: Partial<CustomPatternRun> = {}): CustomPatternRun => ({
  id: RUN_ID, scan: 42, state, patterns: [3], findings: null, error: null, ...overrides,
});

describe('Apply custom patterns on the info leak tab', () => {
  it('queues the search, shows its progress until it ends, then lists the new finding', async () => {
    const states = [run('queued'), run('running'), run('completed', { findings: 1 })];
    let applied = false;
    let polls = 0;
    server.use(
      // Before the scan page's own answers, whose user lacks the permission.
      mock.get('/rest/users/me/', () => HttpResponse.json(MANAGER)),
      ...scanPageAnswers(),
      mock.get('/rest/scans/{id}/infoleak/', () => HttpResponse.json(paged(applied && polls >= states.length ? [PASSWORD, TOKEN] : [PASSWORD]))),
      mock.post('/rest/scans/{id}/custom-patterns/apply/', () => {
        applied = true;
        return HttpResponse.json(run('queued'), { status: 202 });
      }),
      mock.get('/rest/scans/{id}/custom-patterns/apply/{runId}/', ({ params }) => {
        expect(params['runId']).toBe(RUN_ID);
        polls += 1;
        return HttpResponse.json(states[Math.min(polls, states.length) - 1] ?? run('completed'));
      }),
    );
    renderRoute('/product/42/info-leak');
    const table = await screen.findByRole('table', { name: 'Information leaks' });
    expect(within(table).getAllByRole('row')).toHaveLength(2);
    await userEvent.click(screen.getByRole('button', { name: 'Apply custom patterns' }));
    expect(await screen.findByText('Queued: waiting for a worker…')).toBeInTheDocument();
    expect(await screen.findByText("Searching the scan's file for the custom patterns…", {}, { timeout: 3000 })).toBeInTheDocument();
    expect(await screen.findByText('Custom patterns applied: 1 finding of 1 pattern.', {}, { timeout: 3000 })).toBeInTheDocument();
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(3));
    expect(within(table).getByText('ACME***********9c21')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Apply custom patterns' })).toBeEnabled();
  });

  it('says why a scan cannot be searched, and why a search failed', async () => {
    let refuse = true;
    server.use(
      // Before the scan page's own answers, whose user lacks the permission.
      mock.get('/rest/users/me/', () => HttpResponse.json(MANAGER)),
      ...scanPageAnswers(),
      mock.get('/rest/scans/{id}/infoleak/', () => HttpResponse.json(paged([PASSWORD]))),
      mock.post('/rest/scans/{id}/custom-patterns/apply/', () =>
        refuse
          ? HttpResponse.json({ detail: "The scan's file was removed, so it cannot be scanned again: upload the file again." }, { status: 409 })
          : HttpResponse.json(run('queued'), { status: 202 }),
      ),
      mock.get('/rest/scans/{id}/custom-patterns/apply/{runId}/', () => HttpResponse.json(run('failed', { error: 'The search failed. Error ID: 3f9a0c1b2d4e' }))),
    );
    renderRoute('/product/42/info-leak');
    await userEvent.click(await screen.findByRole('button', { name: 'Apply custom patterns' }));
    expect(await screen.findByRole('alert')).toHaveTextContent("The scan's file was removed, so it cannot be scanned again: upload the file again.");
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    refuse = false;
    await userEvent.click(screen.getByRole('button', { name: 'Apply custom patterns' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The search failedThe search failed. Error ID: 3f9a0c1b2d4e');
  });

  it('is not offered to a user without the permission', async () => {
    server.use(...scanPageAnswers(), mock.get('/rest/scans/{id}/infoleak/', () => HttpResponse.json(paged([PASSWORD]))));
    renderRoute('/product/42/info-leak');
    await screen.findByRole('table', { name: 'Information leaks' });
    expect(screen.queryByRole('button', { name: 'Apply custom patterns' })).not.toBeInTheDocument();
  });
});
