import type { UserRow } from '../../db/schema/index.ts';
import type { Viewer } from '../../lib/viewer.ts';
import { permissionsOf } from '../users/permissions.ts';

/** The caller a user is: through a browser session, or (session null) through an API key or HTTP Basic. */
export function toViewer(user: UserRow, session: { id: number; csrfToken: string } | null): Viewer {
  return {
    userId: user.id,
    email: user.email,
    roles: user.roles,
    permissions: permissionsOf(user.roles),
    sessionId: session?.id ?? null,
    csrfToken: session?.csrfToken ?? null,
  };
}
