import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { mock } from '../../../testing/api-mocks.ts';
import { buildGroup, buildScan, buildUser, paged } from '../../../testing/builders.ts';
import { renderRoute } from '../../../testing/render-with-providers.tsx';
import { knowledgeBaseAnswer } from '../../../testing/handlers.ts';
import { server } from '../../../testing/server.ts';

const signedIn = mock.get('/rest/users/me/', () => HttpResponse.json(buildUser()));
const group = mock.get('/rest/groups/{id}/', () => HttpResponse.json(buildGroup()));
const firmware = () => new File([new Uint8Array(2048)], 'firmware.bin', { type: 'application/octet-stream' });

describe('upload', () => {
  it('is reached from the Upload button of the group', async () => {
    server.use(signedIn, group, knowledgeBaseAnswer(), mock.get('/rest/scans/', () => HttpResponse.json(paged([buildScan()]))));
    const { router } = renderRoute('/groups/7');
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Upload' }));
    expect(await screen.findByLabelText('File')).toHaveAttribute('type', 'file');
    expect(router.state.location.pathname).toBe('/groups/7/upload');
  });

  it('uploads the file with the CSRF header and opens the new scan', async () => {
    document.cookie = 'csrftoken=up-token';
    const received: { csrf: string | null; part: string | null } = { csrf: null, part: null };
    const busy = buildScan({ id: 77, name: 'firmware.bin', status: 'B', progress: null });
    server.use(
      signedIn,
      group,
      mock.post('/rest/groups/{id}/upload/', async ({ request }) => {
        received.csrf = request.headers.get('X-CSRFToken');
        // Read as text: undici's formData() rejects the File class jsdom's XHR sends.
        const body = await request.text();
        // 'Content-Disposition: form-data; name="file"; filename="firmware.bin"'
        received.part = /Content-Disposition: form-data; name="file"; filename="[^"]+"/.exec(body)?.[0] ?? null;
        return HttpResponse.json(busy, { status: 201 });
      }),
      mock.get('/rest/scans/{id}/', () => HttpResponse.json(busy)),
    );
    const { router } = renderRoute('/groups/7/upload');
    const user = userEvent.setup();
    await user.upload(await screen.findByLabelText('File'), firmware());
    expect(screen.getByText('firmware.bin (2.05 kB)')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    expect(await screen.findByText('Busy')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/product/77/analysis');
    expect(received).toEqual({
      csrf: 'up-token',
      part: 'Content-Disposition: form-data; name="file"; filename="firmware.bin"',
    });
  });

  it('shows a 400 file error at the File field', async () => {
    server.use(
      signedIn,
      group,
      mock.post('/rest/groups/{id}/upload/', () =>
        HttpResponse.json({ file: ['The submitted file is empty.'] }, { status: 400 }),
      ),
    );
    renderRoute('/groups/7/upload');
    const user = userEvent.setup();
    await user.upload(await screen.findByLabelText('File'), firmware());
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    expect(await screen.findByText('The submitted file is empty.')).toBeInTheDocument();
    expect(screen.getByLabelText('File')).toHaveAttribute('aria-invalid', 'true');
  });

  it('asks for a file before sending anything', async () => {
    server.use(signedIn, group);
    renderRoute('/groups/7/upload');
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Upload' }));
    expect(screen.getByText('Choose a file to upload.')).toBeInTheDocument();
  });
});
