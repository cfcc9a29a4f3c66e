import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { createQueryClient } from '../../../lib/query-client.ts';
import { LoginPage } from './login-page.tsx';

/** The login page alone under a router, as routes/login.tsx renders it. */
function renderLoginPage(sso?: ReactNode) {
  const rootRoute = createRootRoute({ component: () => <LoginPage redirectTo={undefined} sso={sso} /> });
  const router = createRouter({ routeTree: rootRoute, history: createMemoryHistory({ initialEntries: ['/'] }) });
  return render(
    <MantineProvider env="test">
      <QueryClientProvider client={createQueryClient()}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>,
  );
}

describe('the single sign-on slot of the login page', () => {
  it('mounts the given form into #login__div--sso', async () => {
    const { container } = renderLoginPage(<button type="button">Log in with SAML</button>);
    const button = await screen.findByRole('button', { name: 'Log in with SAML' });
    expect(button.parentElement).toBe(container.querySelector('#login__div--sso'));
  });

  it('has no slot when no form is given', async () => {
    const { container } = renderLoginPage();
    expect(await screen.findByRole('button', { name: 'Log in' })).toBeInTheDocument();
    expect(container.querySelector('#login__div--sso')).toBeNull();
  });
});
