import { Badge } from '@mantine/core';

/** Whether two-factor sign-in is on: a word, not colour alone. */
export function TwoFactorBadge({ on }: { on: boolean }) {
  return (
    <Badge color={on ? 'green' : 'gray'} variant="light">
      {on ? 'On' : 'Off'}
    </Badge>
  );
}
