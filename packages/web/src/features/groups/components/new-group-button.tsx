import { Button } from '@mantine/core';
import { Link } from '@tanstack/react-router';

export function NewGroupButton() {
  return (
    <Button component={Link} to="/groups/create">
      New group
    </Button>
  );
}
