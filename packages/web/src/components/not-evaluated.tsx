import { Anchor, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { NOT_EVALUATED } from '../lib/knowledge-base.ts';
import { usePermission } from '../lib/permissions.ts';

/** Said instead of 0 or "None" while the knowledge base holds no data; administrators get the way to fill it. */
export function NotEvaluated({ size = 'sm' }: { size?: 'xs' | 'sm' }) {
  const admin = usePermission('change_companyaccount');
  return (
    <Text size={size} c="dimmed" component="span">
      {admin ? (
        <Anchor component={Link} to="/account/vulnerability-data" size={size}>
          {NOT_EVALUATED}
        </Anchor>
      ) : (
        NOT_EVALUATED
      )}
    </Text>
  );
}
