// What /report/{id} and /download/{id} share before they render: a numeric id, and the report
// loaded (another user's, or none, is not-found).
import type { QueryClient } from '@tanstack/react-query';
import { notFound } from '@tanstack/react-router';
import { ApiError } from '../../../lib/api-client.ts';
import { isValidId, parseId } from '../../../lib/route-params.ts';
import { reportQueryOptions } from './reports.ts';

export const reportIdParams = {
  parse: ({ reportId }: { reportId: string }) => ({ reportId: parseId(reportId) }),
  stringify: ({ reportId }: { reportId: number }) => ({ reportId: String(reportId) }),
};

export function assertReportId({ params }: { params: { reportId: number } }): void {
  if (!isValidId(params.reportId)) throw notFound();
}

export async function loadReport({ context, params }: { context: { queryClient: QueryClient }; params: { reportId: number } }): Promise<void> {
  try {
    await context.queryClient.ensureQueryData(reportQueryOptions(params.reportId));
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) throw notFound();
    throw error;
  }
}
