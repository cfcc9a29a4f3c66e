import type { Db } from '../../db/client.ts';
import { type AuditLevel, auditEvents } from '../../db/schema/index.ts';

export interface AuditEvent {
  actorId: number | null;
  action: string;
  object: string;
  level: AuditLevel;
  details?: Record<string, unknown>;
}

export interface AuditRepository {
  record(event: AuditEvent): Promise<void>;
}

export function createAuditRepository(db: Db): AuditRepository {
  return {
    async record(event) {
      await db.insert(auditEvents).values({ ...event, details: event.details ?? {} });
    },
  };
}
