import { createFileRoute, notFound } from '@tanstack/react-router';
import { ApiError } from '../../../lib/api-client.ts';
import { triageQueryOptions } from '../../../features/triages/api/triages.ts';
import { TriagePage } from '../../../features/triages/components/triage-page.tsx';
import { isValidId, parseId } from '../../../lib/route-params.ts';

export const Route = createFileRoute('/_app/triages/$triageId')({
  params: {
    parse: ({ triageId }) => ({ triageId: parseId(triageId) }),
    stringify: ({ triageId }) => ({ triageId: String(triageId) }),
  },
  beforeLoad: ({ params }) => {
    if (!isValidId(params.triageId)) throw notFound();
  },
  // 404: no such triage, or one of a group or application the user does not see.
  loader: async ({ context, params: { triageId } }) => {
    try {
      await context.queryClient.ensureQueryData(triageQueryOptions(triageId));
    } catch (error) {
      // Any other failure shows in the frame with a retry.
      if (error instanceof ApiError && error.status === 404) throw notFound();
      throw error;
    }
  },
  component: TriageRoute,
});

function TriageRoute() {
  const { triageId } = Route.useParams();
  return <TriagePage triageId={triageId} />;
}
