import { screen, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { InfoleakItem } from '../../../lib/api-schemas.ts';
import { mock } from '../../../testing/api-mocks.ts';
import { buildExecutable, paged } from '../../../testing/builders.ts';
import { scanPageAnswers } from '../../../testing/handlers.ts';
import { renderRoute } from '../../../testing/render-with-providers.tsx';
import { server } from '../../../testing/server.ts';

const LEAK: InfoleakItem = {
  id: 3, kind: 'emails', detector: 'email', path: ['openwrt-23.05.bin', 'rootfs.squashfs', 'etc/app.conf'], offset: null, line: 2,
  value: 'ops@example.org', masked: null, context: 'ops@example.org', details: null, decoy: false, revealable: false,
};

const treeHref = (path: string[]) => `/product/42/files?path=${encodeURIComponent(JSON.stringify(path))}`;

describe('links from findings to the file tree', () => {
  it('from an information leak in its side panel', async () => {
    server.use(
      ...scanPageAnswers(),
      mock.get('/rest/scans/{id}/infoleak/', () => HttpResponse.json(paged([LEAK]))),
    );
    renderRoute('/product/42/info-leak?item=3');
    const panel = await screen.findByRole('dialog');
    expect(await within(panel).findByRole('link', { name: 'Show in file tree' })).toHaveAttribute('href', treeHref(LEAK.path));
  });

  it('from each executable, beside its path', async () => {
    const exe = buildExecutable();
    server.use(...scanPageAnswers(), mock.get('/rest/scans/{id}/executable-attributes/', () => HttpResponse.json(paged([exe]))));
    renderRoute('/product/42/executable-attributes');
    const table = await screen.findByRole('table', { name: 'Executable attributes' });
    expect(within(table).getByRole('link', { name: 'Show in file tree' })).toHaveAttribute('href', treeHref(exe.path));
  });
});
