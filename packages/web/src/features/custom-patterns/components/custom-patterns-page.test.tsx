import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { CustomPattern } from '../../../lib/api-schemas.ts';
import { mock, serverError } from '../../../testing/api-mocks.ts';
import { buildUser, paged } from '../../../testing/builders.ts';
import { renderRoute } from '../../../testing/render-with-providers.tsx';
import { server } from '../../../testing/server.ts';

const MANAGER = buildUser({ roles: ['CP'], permissions: ['change_infoleakcustomregex'] });

function buildPattern(overrides: Partial<CustomPattern> = {}): CustomPattern {
  return {
    id: 3,
    name: 'ACME tokens',
    pattern: 'ACME-TOKEN-[0-9a-f]{8}',
    description: 'Build server tokens',
    enabled: true,
    created_by: { id: 1, email: 'ada@example.com' },
    created: '2026-11-27T10:00:00Z',
    modified: '2026-11-27T10:00:00Z',
    ...overrides,
  };
}

/** The list as the server keeps it, with what each request sent. */
function serve(initial: CustomPattern[]) {
  let patterns = initial;
  const sent: { method: string; body?: unknown; query?: string }[] = [];
  server.use(
    mock.get('/rest/users/me/', () => HttpResponse.json(MANAGER)),
    mock.get('/rest/regular-expressions/', ({ request }) => {
      sent.push({ method: 'GET', query: new URL(request.url).search });
      return HttpResponse.json(paged(patterns));
    }),
    mock.post('/rest/regular-expressions/', async ({ request }) => {
      const body = (await request.json()) as { name: string; pattern: string; description: string; enabled: boolean };
      sent.push({ method: 'POST', body });
      if (body.pattern === '(a)\\1') return HttpResponse.json({ pattern: ['Invalid RE2 pattern at position 3: invalid escape sequence: \\1'] }, { status: 400 });
      const created = buildPattern({ ...body, id: 4 });
      patterns = [...patterns, created];
      return HttpResponse.json(created, { status: 201 });
    }),
    mock.patch('/rest/regular-expressions/{id}/', async ({ params, request }) => {
      const body = (await request.json()) as Partial<CustomPattern>;
      sent.push({ method: `PATCH ${String(params['id'])}`, body });
      patterns = patterns.map((pattern) => (String(pattern.id) === params['id'] ? { ...pattern, ...body } : pattern));
      return HttpResponse.json(patterns.find((pattern) => String(pattern.id) === params['id']) ?? buildPattern());
    }),
    mock.delete('/rest/regular-expressions/{id}/', ({ params }) => {
      sent.push({ method: `DELETE ${String(params['id'])}` });
      patterns = patterns.filter((pattern) => String(pattern.id) !== params['id']);
      return new HttpResponse(null, { status: 204 });
    }),
  );
  return sent;
}

const writes = (sent: { method: string }[]) => sent.filter((request) => request.method !== 'GET');

describe('Custom patterns', () => {
  it('lists the patterns with their id, name, pattern, state and author', async () => {
    serve([buildPattern(), buildPattern({ id: 5, name: 'Serial numbers', pattern: 'SN-[0-9]{8}', description: '', enabled: false, created_by: null })]);
    renderRoute('/custom-patterns');
    const table = await screen.findByRole('table', { name: 'Custom patterns' });
    expect(within(table).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['ID', 'Name', 'Pattern', 'Enabled', 'Added', 'Actions']);
    const [first, second] = within(table).getAllByRole('row').slice(1) as [HTMLElement, HTMLElement];
    expect(within(first).getAllByRole('cell').map((cell) => cell.textContent)).toEqual(['3', 'ACME tokensBuild server tokens', 'ACME-TOKEN-[0-9a-f]{8}', '', '2026-11-27ada@example.com', 'EditRemove']);
    expect(within(first).getByRole('switch', { name: 'Enabled: ACME tokens' })).toBeChecked();
    expect(within(second).getByRole('switch', { name: 'Enabled: Serial numbers' })).not.toBeChecked();
  });

  it('adds a pattern, showing RE2\'s refusal under the field with a caret at its position', async () => {
    const sent = serve([]);
    renderRoute('/custom-patterns');
    expect(await screen.findByText('No custom patterns yet. Add one to search scans for your own secrets, e.g. ACME-TOKEN-[0-9a-f]{8}.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Add pattern' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add custom pattern' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Backreference');
    const field = within(dialog).getByRole('textbox', { name: /^Pattern/ });
    await userEvent.type(field, '(a)\\1');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add pattern' }));
    expect(await within(dialog).findByText('Invalid RE2 pattern at position 3: invalid escape sequence: \\1')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Position 3 of the pattern').textContent).toBe('(a)\\1\n   ^');
    expect(field).toHaveAttribute('aria-invalid', 'true');

    await userEvent.clear(field);
    await userEvent.type(field, 'ACME-TOKEN-[[0-9a-f]{{8}');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add pattern' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add custom pattern' })).not.toBeInTheDocument());
    expect(await screen.findByRole('switch', { name: 'Enabled: Backreference' })).toBeChecked();
    expect(writes(sent)).toEqual([
      { method: 'POST', body: { name: 'Backreference', pattern: '(a)\\1', description: '', enabled: true } },
      { method: 'POST', body: { name: 'Backreference', pattern: 'ACME-TOKEN-[0-9a-f]{8}', description: '', enabled: true } },
    ]);
  });

  it('turns a pattern off with a PATCH of enabled alone, edits only what changed, and removes after Yes', async () => {
    const sent = serve([buildPattern()]);
    renderRoute('/custom-patterns');
    const table = await screen.findByRole('table', { name: 'Custom patterns' });
    await userEvent.click(await within(table).findByRole('switch', { name: 'Enabled: ACME tokens' }));
    await waitFor(() => expect(within(table).getByRole('switch', { name: 'Enabled: ACME tokens' })).not.toBeChecked());

    await userEvent.click(within(table).getByRole('button', { name: 'Edit ACME tokens' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit custom pattern' });
    const description = within(dialog).getByRole('textbox', { name: 'Description' });
    await userEvent.clear(description);
    await userEvent.type(description, 'CI tokens ');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await within(table).findByText('CI tokens');

    await userEvent.click(within(table).getByRole('button', { name: 'Remove ACME tokens' }));
    const confirm = await screen.findByRole('dialog', { name: 'Remove custom pattern' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Yes' }));
    expect(await screen.findByText(/No custom patterns yet/)).toBeInTheDocument();
    expect(writes(sent)).toEqual([{ method: 'PATCH 3', body: { enabled: false } }, { method: 'PATCH 3', body: { description: 'CI tokens' } }, { method: 'DELETE 3' }]);
  });

  it('sorts by name through the URL', async () => {
    const sent = serve([buildPattern()]);
    const { router } = renderRoute('/custom-patterns');
    const table = await screen.findByRole('table', { name: 'Custom patterns' });
    await userEvent.click(within(table).getByRole('button', { name: /Name/ }));
    await waitFor(() => expect(router.state.location.search).toEqual({ ordering: 'name' }));
    await waitFor(() => expect(sent.filter((request) => request.method === 'GET').map((request) => request.query)).toContain('?ordering=name&limit=25&offset=0'));
  });

  it('shows a failed list with its error id and a retry, never an empty table', async () => {
    let fail = true;
    server.use(
      mock.get('/rest/users/me/', () => HttpResponse.json(MANAGER)),
      mock.get('/rest/regular-expressions/', () => (fail ? serverError('a1b2c3d4e5f6') : HttpResponse.json(paged([buildPattern()])))),
    );
    renderRoute('/custom-patterns');
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('An unknown error occured. Error ID: a1b2c3d4e5f6');
    await userEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    expect(screen.queryByRole('table', { name: 'Custom patterns' })).not.toBeInTheDocument();
    fail = false;
    await userEvent.click(await screen.findByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('switch', { name: 'Enabled: ACME tokens' })).toBeChecked();
  });

  it('sends a user without the permission to the forbidden page, and shows the menu entry only with it', async () => {
    server.use(mock.get('/rest/users/me/', () => HttpResponse.json(buildUser())));
    const { router } = renderRoute('/custom-patterns');
    await waitFor(() => expect(router.state.location.pathname).toBe('/403-forbidden'));
    expect(screen.queryByRole('link', { name: 'Custom patterns' })).not.toBeInTheDocument();
  });

  it('lists the page in the menu for a user with the permission', async () => {
    serve([]);
    renderRoute('/custom-patterns');
    expect(await screen.findByRole('link', { name: 'Custom patterns' })).toHaveAttribute('href', '/custom-patterns');
  });
});
