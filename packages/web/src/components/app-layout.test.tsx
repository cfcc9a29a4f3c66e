import { screen, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { mock } from '../testing/api-mocks.ts';
import { buildKnowledgeBase, buildUser, paged } from '../testing/builders.ts';
import { renderRoute } from '../testing/render-with-providers.tsx';
import { server } from '../testing/server.ts';

const ADMIN = buildUser({ permissions: ['change_companyaccount'] });

/** The names of the main navigation's entries marked as the current page. */
async function currentEntries(url: string): Promise<string[]> {
  server.use(
    mock.get('/rest/users/me/', () => HttpResponse.json(ADMIN)),
    mock.get('/rest/knowledge-base/', () => HttpResponse.json(buildKnowledgeBase())),
    mock.get('/rest/users/', () => HttpResponse.json(paged([]))),
    mock.get('/rest/reports/', () => HttpResponse.json(paged([]))),
  );
  renderRoute(url);
  const nav = await screen.findByRole('navigation', { name: 'Main' });
  await within(nav).findByRole('link', { name: 'Vulnerability data' });
  return within(nav)
    .getAllByRole('link')
    .filter((link) => link.hasAttribute('data-active') || link.getAttribute('aria-current') === 'page')
    .map((link) => link.textContent ?? '');
}

describe('main navigation', () => {
  it.each([
    ['/account/vulnerability-data', ['Vulnerability data']],
    ['/account/users', ['Users and groups']],
    ['/account', ['Users and groups']],
    ['/reports', ['Reports']],
  ])('marks one entry as current on %s', async (url, expected) => {
    expect(await currentEntries(url)).toEqual(expected);
  });
});
