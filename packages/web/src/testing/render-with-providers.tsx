// Renders the real route tree at a URL, with a fresh QueryClient and Mantine in test mode.
import { createMemoryHistory } from '@tanstack/react-router';
import { render } from '@testing-library/react';
import { App } from '../app.tsx';
import { createQueryClient } from '../lib/query-client.ts';
import { createAppRouter } from '../router.ts';

export function renderRoute(url: string) {
  const queryClient = createQueryClient();
  const history = createMemoryHistory({ initialEntries: [url] });
  const router = createAppRouter(queryClient, history);
  const view = render(<App queryClient={queryClient} router={router} env="test" />);
  return { ...view, router, queryClient, history };
}
