import { createFileRoute, notFound } from '@tanstack/react-router';
import { noticeQueryOptions } from '../../../features/notices/api/notices.ts';
import { NoticePage } from '../../../features/notices/components/notice-page.tsx';
import { isValidId, parseId } from '../../../lib/route-params.ts';

export const Route = createFileRoute('/_app/notices/$noticeId')({
  params: {
    parse: ({ noticeId }) => ({ noticeId: parseId(noticeId) }),
    stringify: ({ noticeId }) => ({ noticeId: String(noticeId) }),
  },
  beforeLoad: ({ params }) => {
    if (!isValidId(params.noticeId)) throw notFound();
  },
  // A hosted deployment answers 404 too: an address typed in shows not-found (a link is cancelled before, see HostedNoticesBlocker).
  loader: async ({ context, params: { noticeId } }) => {
    try {
      await context.queryClient.ensureQueryData(noticeQueryOptions(noticeId));
    } catch {
      throw notFound();
    }
  },
  component: NoticeRoute,
});

function NoticeRoute() {
  const { noticeId } = Route.useParams();
  return <NoticePage noticeId={noticeId} />;
}
