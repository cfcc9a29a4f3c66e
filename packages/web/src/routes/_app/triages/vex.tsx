import { createFileRoute } from '@tanstack/react-router';
import { VexPage } from '../../../features/vex/components/vex-page.tsx';

export const Route = createFileRoute('/_app/triages/vex')({
  component: VexPage,
});
