import { useQueryClient } from '@tanstack/react-query';
import { useBlocker } from '@tanstack/react-router';
import { isHostedDeployment } from '../api/notices.ts';

/** Spec §2: /notices/{id} is on-premises only; on a hosted deployment a navigation there is cancelled. */
export function HostedNoticesBlocker() {
  const queryClient = useQueryClient();
  useBlocker({
    shouldBlockFn: async ({ next }) => next.pathname.startsWith('/notices/') && (await isHostedDeployment(queryClient)),
    withResolver: false,
    enableBeforeUnload: false,
  });
  return null;
}
