import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { delay, http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mock } from '../../../testing/api-mocks.ts';
import { buildGroup, buildScan, buildUser, paged } from '../../../testing/builders.ts';
import { renderRoute } from '../../../testing/render-with-providers.tsx';
import { knowledgeBaseAnswer } from '../../../testing/handlers.ts';
import { server } from '../../../testing/server.ts';

const signedIn = mock.get('/rest/users/me/', () => HttpResponse.json(buildUser()));
const group = mock.get('/rest/groups/{id}/', () => HttpResponse.json(buildGroup()));
const limit = (bytes: number) => mock.get('/rest/uploads/limit/', () => HttpResponse.json({ max_upload_bytes: bytes }));
const file = (name: string, size: number) => new File([new Uint8Array(size).fill(7)], name, { type: 'application/octet-stream' });

interface FakeUpload {
  metadata: Record<string, string>;
  length: number;
  received: number;
  scanId: number | null;
}

/**
 * tus on MSW: creation, HEAD and PATCH as the server answers them; `cutFirstPatch` keeps half of
 * the first PATCH's bytes and drops the connection, as a network failure mid-request does.
 */
function fakeTus(options: { cutFirstPatch?: boolean; hangPatches?: boolean } = {}) {
  const uploads = new Map<string, FakeUpload>();
  const log: string[] = [];
  let nextScan = 80;
  let cut = options.cutFirstPatch ?? false;
  const handlers = [
    http.post('*/rest/uploads/', ({ request }) => {
      const metadata = Object.fromEntries(
        (request.headers.get('Upload-Metadata') ?? '').split(',').map((pair) => {
          const [key = '', value = ''] = pair.split(' ');
          return [key, new TextDecoder().decode(Uint8Array.from(atob(value), (c) => c.charCodeAt(0)))];
        }),
      );
      const id = String(uploads.size + 1).padStart(32, '0');
      uploads.set(id, { metadata, length: Number(request.headers.get('Upload-Length')), received: 0, scanId: null });
      log.push(`POST ${metadata.filename} csrf=${request.headers.get('X-CSRFToken')} tus=${request.headers.get('Tus-Resumable')}`);
      return new HttpResponse(null, { status: 201, headers: { Location: `/rest/uploads/${id}`, 'Upload-Offset': '0' } });
    }),
    http.head('*/rest/uploads/:id', ({ params }) => {
      const upload = uploads.get(String(params.id));
      if (!upload) return new HttpResponse(null, { status: 404 });
      log.push(`HEAD ${upload.metadata.filename} ${upload.received}`);
      return new HttpResponse(null, { status: 200, headers: { 'Upload-Offset': String(upload.received), 'Upload-Length': String(upload.length) } });
    }),
    http.patch('*/rest/uploads/:id', async ({ request, params }) => {
      const upload = uploads.get(String(params.id));
      if (!upload) return HttpResponse.json({ detail: 'Not found.' }, { status: 404 });
      const offset = Number(request.headers.get('Upload-Offset'));
      if (options.hangPatches) await delay('infinite');
      const bytes = (await request.arrayBuffer()).byteLength;
      log.push(`PATCH ${upload.metadata.filename} ${offset}+${bytes}`);
      if (offset !== upload.received) return HttpResponse.json({ detail: 'Upload-Offset is not where the upload stands.' }, { status: 409 });
      if (cut) {
        cut = false;
        upload.received += Math.floor(bytes / 2);
        return HttpResponse.error();
      }
      upload.received += bytes;
      const headers: Record<string, string> = { 'Upload-Offset': String(upload.received) };
      if (upload.received === upload.length) {
        upload.scanId = nextScan++;
        headers['Binlens-Scan-Id'] = String(upload.scanId);
      }
      return new HttpResponse(null, { status: 204, headers });
    }),
    http.delete('*/rest/uploads/:id', ({ params }) => {
      log.push(`DELETE ${uploads.get(String(params.id))?.metadata.filename}`);
      uploads.delete(String(params.id));
      return new HttpResponse(null, { status: 204 });
    }),
  ];
  return { handlers, uploads, log };
}

beforeEach(() => {
  document.cookie = 'csrftoken=up-token';
});
afterEach(() => localStorage.clear());

describe('upload', () => {
  it('is reached from the Upload button of the group', async () => {
    server.use(signedIn, group, limit(2_000_000), knowledgeBaseAnswer(), mock.get('/rest/scans/', () => HttpResponse.json(paged([buildScan()]))));
    const { router } = renderRoute('/groups/7');
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Upload' }));
    expect(await screen.findByRole('tab', { name: 'Upload files' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByLabelText('Files')).toHaveAttribute('type', 'file');
    expect(router.state.location.pathname).toBe('/groups/7/upload');
  });

  it('says that a portable scan file is imported rather than scanned', async () => {
    server.use(signedIn, group, limit(2_000_000));
    renderRoute('/groups/7/upload');
    expect(await screen.findByText("A portable scan file (.bdba, from a scan's Actions menu) is imported as the scan it holds, not scanned again.")).toBeInTheDocument();
  });

  it('sends several files at once with tus, each to its own scan', async () => {
    const tus = fakeTus();
    server.use(signedIn, group, limit(2_000_000), ...tus.handlers);
    renderRoute('/groups/7/upload');
    expect(await screen.findByText(/up to 2\.00 MB each/)).toBeInTheDocument();
    const user = userEvent.setup();
    await user.upload(screen.getByLabelText('Files'), [file('router.bin', 2048), file('camera.img', 4096)]);

    const router = await screen.findByRole('group', { name: 'router.bin' });
    const camera = screen.getByRole('group', { name: 'camera.img' });
    await waitFor(() => expect(within(router).getByText('Uploaded')).toBeInTheDocument());
    await waitFor(() => expect(within(camera).getByText('Uploaded')).toBeInTheDocument());
    expect(within(router).getByText('2.05 kB of 2.05 kB (100%)')).toBeInTheDocument();
    expect(within(camera).getByText('4.10 kB of 4.10 kB (100%)')).toBeInTheDocument();
    const links = [within(router).getByRole('link', { name: 'Open scan' }), within(camera).getByRole('link', { name: 'Open scan' })];
    expect(links.map((link) => link.getAttribute('href')).sort()).toEqual(['/product/80/analysis', '/product/81/analysis']);
    expect([...tus.uploads.values()].map((u) => [u.metadata.filename, u.metadata.group, u.received]).sort()).toEqual([
      ['camera.img', '7', 4096],
      ['router.bin', '7', 2048],
    ]);
    expect(tus.log.filter((line) => line.startsWith('POST')).sort()).toEqual([
      'POST camera.img csrf=up-token tus=1.0.0',
      'POST router.bin csrf=up-token tus=1.0.0',
    ]);
  });

  it('refuses a file above the upload limit before sending anything', async () => {
    const tus = fakeTus();
    server.use(signedIn, group, limit(1000), ...tus.handlers);
    renderRoute('/groups/7/upload');
    expect(await screen.findByText(/up to 1\.00 kB each/)).toBeInTheDocument();
    await userEvent.setup().upload(screen.getByLabelText('Files'), file('huge.bin', 1001));
    const row = await screen.findByRole('group', { name: 'huge.bin' });
    expect(within(row).getByText('Too large: Larger than the upload limit of 1.00 kB.')).toBeInTheDocument();
    expect(tus.log).toEqual([]);
  });

  it('resumes from the offset the server holds after the connection dropped mid-request', async () => {
    const tus = fakeTus({ cutFirstPatch: true });
    server.use(signedIn, group, limit(2_000_000), ...tus.handlers);
    renderRoute('/groups/7/upload');
    await userEvent.setup().upload(await screen.findByLabelText('Files'), file('firmware.bin', 3000));
    const row = await screen.findByRole('group', { name: 'firmware.bin' });
    await waitFor(() => expect(within(row).getByText('Uploaded')).toBeInTheDocument(), { timeout: 4000 });
    expect(tus.log).toEqual([
      'POST firmware.bin csrf=up-token tus=1.0.0',
      'PATCH firmware.bin 0+3000',
      'HEAD firmware.bin 1500',
      'PATCH firmware.bin 1500+1500',
    ]);
    expect(within(row).getByRole('link', { name: 'Open scan' })).toHaveAttribute('href', '/product/80/analysis');
  });

  it('resumes a file chosen again after a reload from where the server stands', async () => {
    const tus = fakeTus();
    const firmware = file('firmware.bin', 3000);
    const id = '9'.repeat(32);
    tus.uploads.set(id, { metadata: { filename: 'firmware.bin', group: '7' }, length: 3000, received: 2000, scanId: null });
    localStorage.setItem(`binlens.upload.7:firmware.bin:3000:${firmware.lastModified}`, `/rest/uploads/${id}`);
    server.use(signedIn, group, limit(2_000_000), ...tus.handlers);
    renderRoute('/groups/7/upload');
    await userEvent.setup().upload(await screen.findByLabelText('Files'), firmware);
    const row = await screen.findByRole('group', { name: 'firmware.bin' });
    await waitFor(() => expect(within(row).getByText('Uploaded')).toBeInTheDocument());
    expect(tus.log).toEqual(['HEAD firmware.bin 2000', 'PATCH firmware.bin 2000+1000']);
    expect(localStorage.length).toBe(0);
  });

  it('cancels one file, which ends its upload on the server, and leaves the others going', async () => {
    const tus = fakeTus({ hangPatches: true });
    server.use(signedIn, group, limit(2_000_000), ...tus.handlers);
    renderRoute('/groups/7/upload');
    const user = userEvent.setup();
    await user.upload(await screen.findByLabelText('Files'), [file('a.bin', 100), file('b.bin', 100)]);
    await waitFor(() => expect(tus.uploads.size).toBe(2));
    await user.click(await screen.findByRole('button', { name: 'Cancel a.bin' }));
    const a = screen.getByRole('group', { name: 'a.bin' });
    expect(await within(a).findByText('Cancelled')).toBeInTheDocument();
    await waitFor(() => expect(tus.log).toContain('DELETE a.bin'));
    expect(within(screen.getByRole('group', { name: 'b.bin' })).getByText('Uploading')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cancel b.bin' })).toBeInTheDocument();
  });
});
