import { Button, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';

export function ForbiddenPage() {
  return (
    <Stack align="center" mt="xl" gap="sm">
      <Title order={1}>Forbidden</Title>
      <Text c="dimmed">You do not have permission to see this page.</Text>
      <Button component={Link} to="/" variant="light">
        Back to favourites
      </Button>
    </Stack>
  );
}
