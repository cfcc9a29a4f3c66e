import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/**
 * Networks an administrator allowed outbound requests to (URL fetches, webhooks) although the
 * guard refuses them by default: loopback, private, link-local... (lib/outbound/classify.ts).
 * Separate from api_key_networks, which say where API keys are honoured from.
 */
export const outboundNetworks = pgTable('outbound_networks', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  /** Canonical CIDR, e.g. `10.0.0.0/8`, `2001:db8::/32`. */
  network: text('network').notNull().unique(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
});

export type OutboundNetworkRow = typeof outboundNetworks.$inferSelect;
