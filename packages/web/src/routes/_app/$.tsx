import { createFileRoute } from '@tanstack/react-router';
import { NotFoundPage } from '../../components/not-found-page.tsx';

// Any path no route matches, for a signed-in user: the not-found page inside the app frame.
export const Route = createFileRoute('/_app/$')({
  component: NotFoundPage,
});
