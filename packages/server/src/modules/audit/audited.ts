// The one place an audit event is written: a change runs with repositories bound to one
// transaction, and its event (made from what the change returned) is recorded in the same
// transaction, so both are kept or neither is. Services receive an AuditedChange from the
// composition root and never hold the audit repository themselves.
import type { AuditEvent, AuditRepository } from './repository.ts';

/** Runs `work`, then records `event(result)`, in one transaction; answers the result. */
export type AuditedChange<Repositories> = <T>(work: (repositories: Repositories) => Promise<T>, event: (result: T) => AuditEvent) => Promise<T>;

/** A unit of work: `work` with repositories bound to one transaction (the composition root's `db.transaction`). */
export type Transaction<Repositories> = <T>(work: (repositories: Repositories & { audit: AuditRepository }) => Promise<T>) => Promise<T>;

export function auditedChanges<Repositories>(transaction: Transaction<Repositories>): AuditedChange<Repositories> {
  return (work, event) =>
    transaction(async (repositories) => {
      const result = await work(repositories);
      await repositories.audit.record(event(result));
      return result;
    });
}
