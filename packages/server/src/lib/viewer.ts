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
  sessionId: number;
  csrfToken: string;
}
