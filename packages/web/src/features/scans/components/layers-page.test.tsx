import { screen, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { mock, serverError } from '../../../testing/api-mocks.ts';
import { buildContainerImage, paged } from '../../../testing/builders.ts';
import { scanPageAnswers } from '../../../testing/handlers.ts';
import { renderRoute } from '../../../testing/render-with-providers.tsx';
import { server } from '../../../testing/server.ts';

function serve(answer: () => Response) {
  server.use(...scanPageAnswers(), mock.get('/rest/scans/{id}/layers/', answer));
}

describe('layers tab', () => {
  it('shows each image with its tags and its layers bottom first: build step, counts, components and deleted files', async () => {
    serve(() => HttpResponse.json(paged([buildContainerImage()])));
    renderRoute('/product/42/layers');
    const image = await screen.findByRole('region', { name: 'Image acme/gateway:2.1' });
    expect(screen.getByRole('tab', { name: 'Layers' })).toHaveAttribute('aria-selected', 'true');
    expect(within(image).getByText('eeeeeeeeeeee')).toHaveAttribute('title', 'e'.repeat(64));
    expect(within(image).getByText('The uploaded file · 2 layers, bottom first')).toBeInTheDocument();
    expect(within(image).getAllByLabelText('Build step').map((step) => step.textContent)).toEqual(['ADD rootfs.tar / # buildkit', 'RUN /bin/sh -c rm /etc/secret.txt # buildkit']);
    expect(within(image).getByText('120 files · 1 component')).toBeInTheDocument();
    expect(within(image).getByText('3 files · 0 components · 1 deleted')).toBeInTheDocument();
    expect(within(image).getByText('Layer 1')).toBeInTheDocument();
    expect(within(image).getByText('2026-02-01 10:01 UTC')).toBeInTheDocument();
    expect(within(within(image).getByRole('list', { name: 'Components in this layer' })).getByRole('listitem')).toHaveTextContent('zlib1g 1:1.2.13.dfsg-1');
    expect(within(image).getByRole('link', { name: 'etc/secret.txt' })).toHaveAttribute('href', '/product/42/files?path=%5B%22etc%2Fsecret.txt%22%5D');
  });

  it('says when the history does not name a step, and names an untagged image inside the upload by its path', async () => {
    const layers = buildContainerImage().layers.slice(0, 1).map((layer) => ({ ...layer, created_by: null, created: null }));
    serve(() => HttpResponse.json(paged([buildContainerImage({ repo_tags: [], path: ['bundle.tar', 'images/app.tar'], layers })])));
    renderRoute('/product/42/layers');
    const image = await screen.findByRole('region', { name: 'Image Untagged image' });
    expect(within(image).getByText('bundle.tar / images/app.tar · 1 layer, bottom first')).toBeInTheDocument();
    expect(within(image).getByText("The image's history does not say which build step wrote this layer.")).toBeInTheDocument();
  });

  it('explains an empty list: the scan holds no container image', async () => {
    serve(() => HttpResponse.json(paged([])));
    renderRoute('/product/42/layers');
    expect(await screen.findByRole('heading', { name: 'No container image in this scan' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse the files of this scan' })).toHaveAttribute('href', '/product/42/files');
  });

  it('says why there are no layers while the scan is busy', async () => {
    serve(() => HttpResponse.json({ detail: 'The scan is not ready.' }, { status: 409 }));
    renderRoute('/product/42/layers');
    expect(await screen.findByRole('alert')).toHaveTextContent('The scan is not ready.');
  });

  it('reports a server error with its id', async () => {
    serve(() => serverError('abc123'));
    renderRoute('/product/42/layers');
    expect(await screen.findByText(/Error ID: abc123/)).toBeInTheDocument();
  });
});
