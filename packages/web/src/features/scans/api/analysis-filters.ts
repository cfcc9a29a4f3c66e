// The analysis tab's URL state: text, type, severity and licence-class filters over the one
// local list of components (result/), and the component open in the side panel.
import { CODE_TYPES } from '../../../lib/code-types.ts';
import { useListFilters } from '../../../lib/list-search.ts';
import { z } from '../../../lib/zod.ts';
import { POLICIES, SEVERITIES, type ComponentFilter } from './component-facts.ts';
import { componentPanelSchema } from './component-details.ts';

export const analysisFilterSchema = z.object({
  q: z.string().max(200).optional().catch(undefined),
  type: z.enum(CODE_TYPES).optional().catch(undefined),
  severity: z.enum(SEVERITIES).optional().catch(undefined),
  policy: z.enum(POLICIES).optional().catch(undefined),
});
export type AnalysisFilters = z.output<typeof analysisFilterSchema>;

/** The route's validateSearch: the filters and the open component, each absent when not set. */
export const analysisSearchSchema = z.intersection(analysisFilterSchema, componentPanelSchema);

export function componentFilter({ q, type, severity, policy }: AnalysisFilters): ComponentFilter {
  return { q: q ?? '', type, severity, policy };
}

/** Reads the filters from the URL and writes them back; the open panel stays open. */
export function useAnalysisFilters(): { filters: AnalysisFilters; setFilters: (next: Partial<AnalysisFilters>) => void } {
  return useListFilters(analysisFilterSchema);
}
