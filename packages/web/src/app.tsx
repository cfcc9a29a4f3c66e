import { MantineProvider } from '@mantine/core';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import type { createAppRouter } from './router.ts';
import { theme } from './theme.ts';

interface AppProps {
  queryClient: QueryClient;
  router: ReturnType<typeof createAppRouter>;
  /** 'test' turns off Mantine transitions and portals. */
  env?: 'default' | 'test';
}

export function App({ queryClient, router, env = 'default' }: AppProps) {
  return (
    <MantineProvider theme={theme} env={env}>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>
  );
}
