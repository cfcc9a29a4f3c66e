import { type Static, Type } from 'typebox';
import { Text } from '../../lib/schemas.ts';

export const GroupWebhook = Type.Object({
  url: Type.Union([Type.String(), Type.Null()], { description: 'Where finished scans of the group are POSTed; null when the group has no webhook.' }),
  created: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  updated: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
}, { title: 'GroupWebhook' });
export type GroupWebhook = Static<typeof GroupWebhook>;

export const GroupWebhookSaved = Type.Object({
  url: Type.String(),
  created: Type.String({ format: 'date-time' }),
  updated: Type.String({ format: 'date-time' }),
  secret: Type.Union([Type.String(), Type.Null()], {
    description: 'The signing key, shown only in the answer that made it (a new webhook or new_secret); null otherwise.',
  }),
}, { title: 'GroupWebhookSaved' });
export type GroupWebhookSaved = Static<typeof GroupWebhookSaved>;

export const GroupWebhookBody = Type.Object({
  url: Text({ minLength: 1, maxLength: 2048, description: 'An http or https URL, reached through the same guard as URL fetches.' }),
  new_secret: Type.Optional(Type.Boolean({ description: 'Make a new signing key (the old one stops working at once).' })),
}, { title: 'GroupWebhookBody', additionalProperties: false });
export type GroupWebhookBody = Static<typeof GroupWebhookBody>;

/** What a webhook POSTs, as JSON; signed in X-Binlens-Signature. */
export const WebhookPayload = Type.Object({
  event: Type.Literal('scan.finished'),
  delivery: Type.String({ description: 'Same for every retry of one delivery: `<scan id>:<finished time>`.' }),
  scan: Type.Object({
    id: Type.Integer(),
    url: Type.String(),
    name: Type.String(),
    group: Type.Integer(),
    group_name: Type.String(),
    status: Type.Union([Type.Literal('R'), Type.Literal('F')]),
    verdict: Type.Union([Type.String(), Type.Null()]),
    error: Type.Union([Type.String(), Type.Null()]),
    component_count: Type.Union([Type.Integer(), Type.Null()]),
    vulnerability_counts: Type.Union([Type.Record(Type.String(), Type.Integer()), Type.Null()]),
    finished: Type.Union([Type.String(), Type.Null()]),
  }),
});
export type WebhookPayload = Static<typeof WebhookPayload>;
