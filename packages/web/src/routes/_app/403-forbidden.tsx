import { createFileRoute } from '@tanstack/react-router';
import { ForbiddenPage } from '../../components/forbidden-page.tsx';

export const Route = createFileRoute('/_app/403-forbidden')({
  component: ForbiddenPage,
});
