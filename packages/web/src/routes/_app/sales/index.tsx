import { createFileRoute } from '@tanstack/react-router';
import { readyScanListParams, readyScanListSearch, readyScansQueryOptions } from '../../../features/sales/api/ready-scans.ts';
import { SalesScansPage } from '../../../features/sales/components/sales-scans-page.tsx';

// Spec §2 /sales: the ready scans, each opening its sales view.
export const Route = createFileRoute('/_app/sales/')({
  validateSearch: readyScanListSearch.schema,
  search: { middlewares: readyScanListSearch.middlewares },
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => context.queryClient.ensureQueryData(readyScansQueryOptions(readyScanListParams(deps))),
  component: SalesScansPage,
});
