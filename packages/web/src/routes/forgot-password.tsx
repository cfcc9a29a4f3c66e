import { createFileRoute } from '@tanstack/react-router';
import { ForgotPasswordPage } from '../features/users/components/forgot-password-page.tsx';

export const Route = createFileRoute('/forgot-password')({
  component: ForgotPasswordPage,
});
