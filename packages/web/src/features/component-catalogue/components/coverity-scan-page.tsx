import { Alert, Text } from '@mantine/core';
import { useSuspenseQuery } from '@tanstack/react-query';
import { displayText } from '../../../lib/format.ts';
import { componentQueryOptions } from '../api/components.ts';

/**
 * Spec §4: a component's Coverity scan is fetched only when it has one. Binlens holds no
 * Coverity data (has_coverity_scan is always false), so this tab says so and fetches nothing.
 */
export function CoverityScanPage({ componentId }: { componentId: string }) {
  const { data: component } = useSuspenseQuery(componentQueryOptions(componentId));
  return (
    <Alert color="gray" title="No Coverity scan for this component" maw={720}>
      <Text size="sm">
        Binlens has no Coverity static-analysis results for {displayText(component.name)}: its knowledge base holds vulnerability records (NVD, OSV, distribution
        trackers, EPSS, KEV), not Coverity scans. The Vulnerabilities tab lists what is known.
      </Text>
    </Alert>
  );
}
