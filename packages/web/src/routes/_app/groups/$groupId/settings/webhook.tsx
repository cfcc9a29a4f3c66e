import { createFileRoute } from '@tanstack/react-router';
import { groupWebhookQueryOptions } from '../../../../../features/webhooks/api/group-webhook.ts';
import { GroupWebhookPage } from '../../../../../features/webhooks/components/group-webhook-page.tsx';

export const Route = createFileRoute('/_app/groups/$groupId/settings/webhook')({
  loader: ({ context, params }) => context.queryClient.ensureQueryData(groupWebhookQueryOptions(params.groupId)),
  component: WebhookSettingsRoute,
});

function WebhookSettingsRoute() {
  const { groupId } = Route.useParams();
  return <GroupWebhookPage groupId={groupId} />;
}
