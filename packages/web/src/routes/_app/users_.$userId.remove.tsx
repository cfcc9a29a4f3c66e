import { createFileRoute, notFound } from '@tanstack/react-router';
import { UserRemovalPage } from '../../features/users/components/user-removal-page.tsx';
import { isValidId, parseId } from '../../lib/route-params.ts';

// Spec §2: users/{id}/remove/, opened in a new window; outside the user's tabs on purpose.
export const Route = createFileRoute('/_app/users_/$userId/remove')({
  params: {
    parse: ({ userId }) => ({ userId: parseId(userId) }),
    stringify: ({ userId }) => ({ userId: String(userId) }),
  },
  staticData: { permissions: ['change_companyaccount'] },
  beforeLoad: ({ params }) => {
    if (!isValidId(params.userId)) throw notFound();
  },
  component: UserRemovalRoute,
});

function UserRemovalRoute() {
  const { userId } = Route.useParams();
  return <UserRemovalPage userId={userId} />;
}
