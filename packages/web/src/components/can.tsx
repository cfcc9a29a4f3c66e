import type { ReactNode } from 'react';
import { usePermission, type Permission } from '../lib/permissions.ts';

interface CanProps {
  permissions: Permission[];
  children: ReactNode;
  fallback?: ReactNode;
}

/** Renders its children only for users holding every listed permission. */
export function Can({ permissions, children, fallback = null }: CanProps) {
  return usePermission(...permissions) ? children : fallback;
}
