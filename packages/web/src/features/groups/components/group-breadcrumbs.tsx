import { Box, Breadcrumbs, Text } from '@mantine/core';
import { useQueries } from '@tanstack/react-query';
import { AnchorLink } from '../../../components/anchor-link.tsx';
import type { Group } from '../../../lib/api-schemas.ts';
import { truncate } from '../../../lib/format.ts';
import { ancestorIds, groupQueryOptions } from '../api/groups.ts';

/** A crumb is cut to this many characters (the whole name on hover), so deep paths wrap at 390 px. */
const CRUMB_MAX = 32;

interface GroupBreadcrumbsProps {
  group: Group;
}

/**
 * Groups › each ancestor along the search path › the group itself. Each ancestor's name comes
 * from its own detail query (shared with every other page showing it); an ancestor the viewer
 * cannot see answers 404 and stays "…" without a link, as does one still loading.
 */
export function GroupBreadcrumbs({ group }: GroupBreadcrumbsProps) {
  const ids = ancestorIds(group);
  const ancestors = useQueries({ queries: ids.map((id) => groupQueryOptions(id)) });
  return (
    <Box component="nav" aria-label="Breadcrumbs" mb="xs">
      {/* Deep paths wrap on a narrow screen; the gap keeps the lines apart (crumbs have line-height 1). */}
      <Breadcrumbs separatorMargin={6} style={{ rowGap: 6 }}>
      <AnchorLink to="/all-groups" size="sm">
        Groups
      </AnchorLink>
      {ids.map((id, index) => {
        const ancestor = ancestors[index]?.data;
        if (!ancestor) {
          const hidden = ancestors[index]?.isError;
          return (
            <Text key={id} size="sm" c="dimmed" title={hidden ? 'A group you cannot see' : 'Loading'}>
              …
            </Text>
          );
        }
        return (
          <AnchorLink key={id} to="/groups/$groupId" params={{ groupId: id }} size="sm" title={ancestor.name}>
            {truncate(ancestor.name, CRUMB_MAX)}
          </AnchorLink>
        );
      })}
      <Text size="sm" aria-current="page" title={group.name}>
        {truncate(group.name, CRUMB_MAX)}
      </Text>
      </Breadcrumbs>
    </Box>
  );
}
