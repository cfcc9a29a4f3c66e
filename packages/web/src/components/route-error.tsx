import { Container } from '@mantine/core';
import { useQueryErrorResetBoundary } from '@tanstack/react-query';
import { useRouter, type ErrorComponentProps } from '@tanstack/react-router';
import { useEffect } from 'react';
import { QueryErrorAlert } from './query-error-alert.tsx';

/** A loader or render failure inside a page: explain, offer a retry, keep the shell. */
export function RouteError({ error }: ErrorComponentProps) {
  const router = useRouter();
  const { reset } = useQueryErrorResetBoundary();
  useEffect(() => reset(), [reset]);
  return (
    <Container size="md" mt="md">
      <QueryErrorAlert error={error} onRetry={() => void router.invalidate()} />
    </Container>
  );
}
