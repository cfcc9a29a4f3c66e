import { Button, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';

export function NotFoundPage() {
  return (
    <Stack align="center" mt="xl" gap="sm">
      <Title order={1}>Page not found</Title>
      <Text c="dimmed">The page you are looking for does not exist or you cannot see it.</Text>
      <Button component={Link} to="/" variant="light">
        Back to favourites
      </Button>
    </Stack>
  );
}
