// Who is calling: the type the auth hook (plugins/auth.ts) puts on every request and
// every service reads. Here rather than in modules/users so that plugins need no module.

/** Spec §6 account permissions. */
export type Permission =
  | 'change_companyaccount'
  | 'change_infoleakcustomregex'
  | 'add_vulnerabilityinvalidation'
  | 'view_allaccountgroup';

/** The authenticated caller of a request, as every service sees it. */
export interface Viewer {
  userId: number;
  email: string;
  roles: string[];
  permissions: Permission[];
  /** The session of a browser; null when the caller came with an API key or HTTP Basic. */
  sessionId: number | null;
  /** What unsafe calls of that session echo in X-CSRFToken; null (no CSRF check) for an API key or HTTP Basic, which a browser never sends on its own. */
  csrfToken: string | null;
}
