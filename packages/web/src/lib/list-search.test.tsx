import { MantineProvider } from '@mantine/core';
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  RouterProvider,
} from '@tanstack/react-router';
import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { defineListSearch, useListSearch, type ListSearchState } from './list-search.ts';

const list = defineListSearch({ fields: ['name', 'created'], defaultOrdering: 'name' });

describe('defineListSearch', () => {
  it('fills every default', () => {
    expect(list.schema.parse({})).toEqual({ q: '', ordering: 'name', limit: 25, offset: 0 });
  });

  it.each([
    ['an unknown ordering', { ordering: 'password' }, { ordering: 'name' }],
    ['a limit above 500', { limit: 501 }, { limit: 25 }],
    ['a limit of 0', { limit: 0 }, { limit: 25 }],
    ['a negative offset', { offset: -25 }, { offset: 0 }],
    ['a fractional offset', { offset: 2.5 }, { offset: 0 }],
    ['a q that is not text', { q: 42 }, { q: '' }],
    ['a q over 255 characters', { q: 'x'.repeat(256) }, { q: '' }],
  ])('replaces %s by its default', (_case, input, fixed) => {
    expect(list.schema.parse(input)).toEqual({ ...list.defaults, ...fixed });
  });

  it('keeps valid values, descending orderings included', () => {
    const valid = { q: 'cam', ordering: '-created', limit: 100, offset: 200 };
    expect(list.schema.parse(valid)).toEqual(valid);
  });

  it('accepts no ordering at all for a list the server does not order', () => {
    const unordered = defineListSearch({ fields: [] });
    expect(unordered.schema.parse({ ordering: 'name' })).toEqual({ q: '', ordering: '', limit: 25, offset: 0 });
  });
});

describe('useListSearch', () => {
  it('reads the URL and falls back to defaults for what is invalid', async () => {
    const { state } = await renderList('/list?ordering=-created&limit=9999&offset=50');
    expect(state.current?.search).toEqual({ q: '', ordering: '-created', limit: 25, offset: 50 });
  });

  it('writes changes to the URL and keeps defaults out of it', async () => {
    const { state, router } = await renderList('/list?offset=50');
    await act(() => state.current?.setSearch({ offset: 75 }));
    expect(router.state.location.search).toEqual({ offset: 75 });
    await act(() => state.current?.setSearch({ offset: 0 }));
    expect(router.state.location.href).toBe('/list');
  });

  it('goes back to the first page when the search, ordering or page size changes', async () => {
    const { state, router } = await renderList('/list?offset=50&other=kept');
    await act(() => state.current?.setSearch({ ordering: '-name' }));
    expect(router.state.location.search).toEqual({ ordering: '-name', other: 'kept' });
    await act(() => state.current?.setSearch({ q: 'cam' }));
    expect(router.state.location.search).toEqual({ ordering: '-name', q: 'cam', other: 'kept' });
    expect(state.current?.search).toEqual({ q: 'cam', ordering: '-name', limit: 25, offset: 0 });
  });

  it('round-trips through the history: back restores the previous state', async () => {
    const { state, history } = await renderList('/list');
    await act(() => state.current?.setSearch({ ordering: '-created' }));
    await act(() => state.current?.setSearch({ offset: 25 }));
    expect(state.current?.search).toEqual({ q: '', ordering: '-created', limit: 25, offset: 25 });
    await act(() => history.back());
    expect(state.current?.search).toEqual({ q: '', ordering: '-created', limit: 25, offset: 0 });
  });
});

/** A one-route app whose page exposes the hook's latest state. */
async function renderList(url: string) {
  const state: { current: ListSearchState<'name' | 'created'> | null } = { current: null };
  function Page() {
    state.current = useListSearch(list);
    return <p>{JSON.stringify(state.current.search)}</p>;
  }
  const root = createRootRoute();
  const route = createRoute({
    getParentRoute: () => root,
    path: '/list',
    validateSearch: list.schema,
    search: { middlewares: list.middlewares },
    component: Page,
  });
  const history = createMemoryHistory({ initialEntries: [url] });
  const router = createRouter({ routeTree: root.addChildren([route]), history });
  render(
    <MantineProvider env="test">
      <RouterProvider router={router} />
    </MantineProvider>,
  );
  await screen.findByText(/"limit"/);
  return { state, router, history };
}
