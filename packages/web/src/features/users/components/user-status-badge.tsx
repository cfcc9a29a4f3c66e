import { Badge } from '@mantine/core';

export function UserStatusBadge({ active }: { active: boolean }) {
  return active ? (
    <Badge color="green" variant="light">
      Active
    </Badge>
  ) : (
    <Badge color="gray" variant="light">
      Deactivated
    </Badge>
  );
}
