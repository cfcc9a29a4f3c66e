import { createFileRoute, notFound } from '@tanstack/react-router';
import { groupQueryOptions } from '../../../../features/groups/api/groups.ts';
import { CreateGroupPage } from '../../../../features/groups/components/create-group-page.tsx';
import { isValidId, parseId } from '../../../../lib/route-params.ts';

export const Route = createFileRoute('/_app/groups/$parentGroupId/create')({
  params: {
    parse: ({ parentGroupId }) => ({ parentGroupId: parseId(parentGroupId) }),
    stringify: ({ parentGroupId }) => ({ parentGroupId: String(parentGroupId) }),
  },
  // beforeLoad runs before any child loader, so no request ever carries a bad id.
  beforeLoad: ({ params }) => {
    if (!isValidId(params.parentGroupId)) throw notFound();
  },
  loader: async ({ context, params: { parentGroupId } }) => {
    try {
      await context.queryClient.ensureQueryData(groupQueryOptions(parentGroupId));
    } catch {
      throw notFound();
    }
  },
  component: CreateSubgroupRoute,
});

function CreateSubgroupRoute() {
  const { parentGroupId } = Route.useParams();
  return <CreateGroupPage parentId={parentGroupId} />;
}
