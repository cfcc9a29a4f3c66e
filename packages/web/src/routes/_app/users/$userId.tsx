import { createFileRoute, notFound } from '@tanstack/react-router';
import { resolveUserId, userQueryOptions } from '../../../features/users/api/users.ts';
import { UserLayout } from '../../../features/users/components/user-layout.tsx';
import { isValidUserRef, parseUserRef } from '../../../features/users/user-ref.ts';

export const Route = createFileRoute('/_app/users/$userId')({
  params: {
    parse: ({ userId }) => ({ userId: parseUserRef(userId) }),
    stringify: ({ userId }) => ({ userId: String(userId) }),
  },
  // Children read the resolved id from the context: `me` becomes the signed-in user's id.
  beforeLoad: async ({ context, params }) => {
    if (!isValidUserRef(params.userId)) throw notFound();
    return { userId: await resolveUserId(context.queryClient, params.userId) };
  },
  loader: async ({ context }) => {
    try {
      await context.queryClient.ensureQueryData(userQueryOptions(context.userId));
    } catch {
      throw notFound();
    }
  },
  component: UserRoute,
});

function UserRoute() {
  const { userId } = Route.useRouteContext();
  const { userId: ref } = Route.useParams();
  return <UserLayout userId={userId} userRef={ref} />;
}
