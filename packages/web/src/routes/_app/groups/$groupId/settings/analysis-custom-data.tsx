import { createFileRoute } from '@tanstack/react-router';
import { ApplicationTemplatePage } from '../../../../../features/groups/components/application-template-page.tsx';

export const Route = createFileRoute('/_app/groups/$groupId/settings/analysis-custom-data')({
  component: AnalysisCustomDataRoute,
});

function AnalysisCustomDataRoute() {
  const { groupId } = Route.useParams();
  return <ApplicationTemplatePage groupId={groupId} />;
}
