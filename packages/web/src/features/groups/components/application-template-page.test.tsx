import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { Group, GroupUpdate } from '../../../lib/api-schemas.ts';
import { mock } from '../../../testing/api-mocks.ts';
import { buildGroup, buildUser, paged } from '../../../testing/builders.ts';
import { renderRoute } from '../../../testing/render-with-providers.tsx';
import { server } from '../../../testing/server.ts';

const MANAGES = ['view_appcheckgroup', 'upload_application', 'change_appcheckgroup'];

/** Group 9 with `template`; PATCH answered by `patch` (by default the server's normalising store); returns the PATCH bodies. */
function serveGroup(template: Group['application_template'], patch?: () => Response) {
  const patches: GroupUpdate[] = [];
  let stored = buildGroup({ id: 9, name: 'Gateways', search_path: '9', user_permissions: MANAGES, application_template: template });
  server.use(
    mock.get('/rest/users/me/', () => HttpResponse.json(buildUser())),
    mock.get('/rest/groups/{id}/', () => HttpResponse.json(stored)),
    mock.get('/rest/groups/', () => HttpResponse.json(paged([]))),
    mock.patch('/rest/groups/{id}/', async ({ request }) => {
      const body = (await request.json()) as GroupUpdate;
      patches.push(body);
      if (patch) return patch() as never;
      stored = { ...stored, application_template: body.application_template ?? stored.application_template };
      return HttpResponse.json(stored);
    }),
  );
  return patches;
}

async function openTemplate() {
  renderRoute('/groups/9/settings/analysis-custom-data');
  await screen.findByRole('heading', { name: 'Analysis custom data' });
  return userEvent.setup();
}

const values = () => screen.getAllByRole('textbox').map((input) => (input as HTMLInputElement).value);

describe('group settings: analysis custom data', () => {
  it('shows the stored entries with Save off while nothing changed, case and spacing included', async () => {
    const patches = serveGroup([{ key: 'OWNER', value: 'Net team' }]);
    const user = await openTemplate();
    expect(screen.getByRole('tab', { name: 'Analysis custom data' })).toHaveAttribute('aria-selected', 'true');
    expect(values()).toEqual(['OWNER', 'Net team']);
    const save = screen.getByRole('button', { name: 'Save' });
    expect(save).toBeDisabled();
    await user.clear(screen.getByLabelText('Key 1'));
    await user.type(screen.getByLabelText('Key 1'), ' owner');
    await user.type(screen.getByLabelText('Value 1'), '  ');
    expect(save).toBeDisabled();
    await user.type(screen.getByLabelText('Value 1'), '{Enter}');
    expect(patches).toEqual([]);
  });

  it('adds and removes rows and sends the whole template upper-cased, trimmed and ordered by key', async () => {
    const patches = serveGroup([{ key: 'OWNER', value: 'Net team' }, { key: 'SITE', value: 'Oulu' }]);
    const user = await openTemplate();
    await user.click(screen.getByRole('button', { name: 'Remove row 2' }));
    await user.click(screen.getByRole('button', { name: 'Add entry' }));
    await user.type(screen.getByLabelText('Key 2'), ' product_line ');
    await user.type(screen.getByLabelText('Value 2'), ' Routers ');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(patches).toEqual([{ application_template: [{ key: 'OWNER', value: 'Net team' }, { key: 'PRODUCT_LINE', value: 'Routers' }] }]));
    await waitFor(() => expect(values()).toEqual(['OWNER', 'Net team', 'PRODUCT_LINE', 'Routers']));
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
  });

  it("shows the server's error at the template", async () => {
    serveGroup([], () => HttpResponse.json({ application_template: ['Row 1: use only letters A-Z, digits 0-9 and _ in the key.'] }, { status: 400 }));
    const user = await openTemplate();
    expect(screen.getByText('No entries: new applications start without custom data.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add entry' }));
    await user.type(screen.getByLabelText('Key 1'), 'two words');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Row 1: use only letters A-Z, digits 0-9 and _ in the key.')).toBeInTheDocument();
    expect(values()).toEqual(['two words', '']);
  });
});
