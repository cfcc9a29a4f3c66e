import { createFileRoute, notFound } from '@tanstack/react-router';
import { groupQueryOptions } from '../../../features/groups/api/groups.ts';
import { GroupLayout } from '../../../features/groups/components/group-layout.tsx';
import { isValidId, parseId } from '../../../lib/route-params.ts';

export const Route = createFileRoute('/_app/groups/$groupId')({
  params: {
    parse: ({ groupId }) => ({ groupId: parseId(groupId) }),
    stringify: ({ groupId }) => ({ groupId: String(groupId) }),
  },
  // beforeLoad runs before any child loader, so no request ever carries a bad id.
  beforeLoad: ({ params }) => {
    if (!isValidId(params.groupId)) throw notFound();
  },
  loader: async ({ context, params: { groupId } }) => {
    try {
      await context.queryClient.ensureQueryData(groupQueryOptions(groupId));
    } catch {
      throw notFound();
    }
  },
  component: GroupRoute,
});

function GroupRoute() {
  const { groupId } = Route.useParams();
  return <GroupLayout groupId={groupId} />;
}
