import { Alert, Button } from '@mantine/core';
import { messageOf, ApiError, DEFAULT_ERROR_MESSAGE } from '../lib/api-client.ts';

interface QueryErrorAlertProps {
  error: unknown;
  onRetry?: () => void;
  title?: string;
}

/** An inline failure with a retry: a list that failed never renders as an empty table. */
export function QueryErrorAlert({ error, onRetry, title = 'Could not load data' }: QueryErrorAlertProps) {
  const message = error instanceof ApiError ? messageOf(error.body) : DEFAULT_ERROR_MESSAGE;
  return (
    <Alert color="red" title={title} role="alert">
      {message}
      {onRetry && (
        <Button variant="light" color="red" size="xs" ml="md" onClick={onRetry}>
          Retry
        </Button>
      )}
    </Alert>
  );
}
