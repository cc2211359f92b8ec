import { z } from 'zod';

import { incidentSeverities } from '../incident-model';
import { epochMs } from './common';

/*
 * Notifications (issue 29): channels Vigil sends to, rules saying what goes where, and the
 * deliveries of the outbox. Secrets in a channel's settings are write-only: replies say only
 * that one is set and its last four characters.
 */

export const channelKinds = ['webhook', 'email', 'slack', 'teams', 'syslog'] as const;
export type ChannelKind = (typeof channelKinds)[number];

/** What each kind is called on screen. */
export const channelKindLabels: Record<ChannelKind, string> = {
  webhook: 'Webhook (signed JSON)',
  email: 'Email (SMTP)',
  slack: 'Slack',
  teams: 'Microsoft Teams',
  syslog: 'Syslog (CEF)',
};

/** The settings of each kind that are secrets: never in a reply, sealed at rest. */
export const channelSecretFields: Record<ChannelKind, readonly string[]> = {
  webhook: ['secret'],
  email: ['password'],
  // An incoming webhook's URL is its credential: whoever holds it can post.
  slack: ['url'],
  teams: ['url'],
  syslog: [],
};

const name = z.string().trim().min(1, 'A name is required.').max(100, 'At most 100 characters.');
const url = z.string().trim().min(1, 'A URL is required.').max(2000, 'At most 2,000 characters.');
const host = z
  .string()
  .trim()
  .min(1, 'A host is required.')
  .max(253, 'At most 253 characters.')
  .regex(/^[A-Za-z0-9.:[\]-]+$/, 'A host name or an IP address, nothing else.');
const port = z
  .number()
  .int()
  .min(1, 'A port from 1 to 65535.')
  .max(65535, 'A port from 1 to 65535.');
const address = z.email('An email address, such as soc@example.com.').max(254);

export const webhookSettingsSchema = z.strictObject({
  url,
  secret: z.string().min(16, 'At least 16 characters.').max(256, 'At most 256 characters.'),
});
export const emailSettingsSchema = z.strictObject({
  host,
  port,
  /** True: TLS from the first byte (port 465); false: STARTTLS when the server offers it. */
  secure: z.boolean(),
  username: z.string().max(256).optional(),
  password: z.string().max(256).optional(),
  from: address,
  to: z.array(address).min(1, 'At least one address.').max(50, 'At most 50 addresses.'),
});
export const chatSettingsSchema = z.strictObject({ url });
export const syslogSettingsSchema = z.strictObject({
  host,
  port,
  protocol: z.enum(['tcp', 'tls'], 'tcp or tls.'),
});

/** POST /notifications/channels */
export const channelCreateSchema = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('webhook'), name, settings: webhookSettingsSchema }),
  z.strictObject({ kind: z.literal('email'), name, settings: emailSettingsSchema }),
  z.strictObject({ kind: z.literal('slack'), name, settings: chatSettingsSchema }),
  z.strictObject({ kind: z.literal('teams'), name, settings: chatSettingsSchema }),
  z.strictObject({ kind: z.literal('syslog'), name, settings: syslogSettingsSchema }),
]);
export type ChannelCreate = z.infer<typeof channelCreateSchema>;

/**
 * PATCH /notifications/channels/{id}: settings are merged over the stored ones, so a secret
 * left out stays as it was; the merged whole is checked as a new channel's would be.
 */
export const channelPatchSchema = z.strictObject({
  name: name.optional(),
  enabled: z.boolean().optional(),
  settings: z.record(z.string(), z.unknown()).optional(),
});
export type ChannelPatch = z.infer<typeof channelPatchSchema>;

export const channelSchema = z.object({
  id: z.string(),
  kind: z.enum(channelKinds),
  name: z.string(),
  enabled: z.boolean(),
  /** The settings that are not secrets. */
  settings: z.record(z.string(), z.unknown()),
  /** Each secret that is set, by its last four characters. */
  secrets: z.record(z.string(), z.object({ set: z.literal(true), last4: z.string() })),
  createdAt: epochMs,
  updatedAt: epochMs,
});
export type Channel = z.infer<typeof channelSchema>;
export const channelListSchema = z.object({ channels: z.array(channelSchema) });

/** POST /notifications/channels/{id}/test: the test message went, or why not. */
export const channelTestReplySchema = z.object({
  ok: z.boolean(),
  deliveryId: z.string(),
  message: z.string(),
});

export const triggerKinds = [
  'alert',
  'severity_rising',
  'case_assigned',
  'reveal_requested',
  'reveal_decided',
  'collector_failing',
  'retention_removed',
] as const;
export type TriggerKind = (typeof triggerKinds)[number];

/** What each trigger is called on screen. */
export const triggerLabels: Record<TriggerKind, string> = {
  alert: 'A new alert',
  severity_rising: 'An alert’s severity rose',
  case_assigned: 'A case or alert was assigned (the assignee is told)',
  reveal_requested: 'A reveal request is waiting (privacy officers are told)',
  reveal_decided: 'A reveal was decided (the requester is told)',
  collector_failing: 'A collector has failed for more than 15 minutes',
  retention_removed: 'A retention run removed data',
};

const severity = z.enum(incidentSeverities, 'low, medium, high or critical.');
const optionalId = z.string().trim().min(1).max(128).optional();

export const triggerSchema = z.discriminatedUnion('kind', [
  z.strictObject({
    kind: z.literal('alert'),
    minSeverity: severity,
    /** Only alerts of this detection rule, of a rule in this policy, or about people on this watchlist. */
    rule: optionalId,
    policy: optionalId,
    watchlist: optionalId,
  }),
  z.strictObject({ kind: z.literal('severity_rising'), minSeverity: severity.optional() }),
  z.strictObject({ kind: z.literal('case_assigned') }),
  z.strictObject({ kind: z.literal('reveal_requested') }),
  z.strictObject({ kind: z.literal('reveal_decided') }),
  z.strictObject({ kind: z.literal('collector_failing') }),
  z.strictObject({ kind: z.literal('retention_removed') }),
]);
export type Trigger = z.infer<typeof triggerSchema>;

const channelIds = z
  .array(z.string().min(1).max(128))
  .min(1, 'Choose at least one channel.')
  .max(50);

/** POST /notifications/rules */
export const ruleCreateSchema = z.strictObject({
  name,
  enabled: z.boolean().default(true),
  trigger: triggerSchema,
  channelIds,
});
/** PATCH /notifications/rules/{id} */
export const rulePatchSchema = z.strictObject({
  name: name.optional(),
  enabled: z.boolean().optional(),
  trigger: triggerSchema.optional(),
  channelIds: channelIds.optional(),
});
export type RuleCreate = z.infer<typeof ruleCreateSchema>;
export type RulePatch = z.infer<typeof rulePatchSchema>;

export const notificationRuleSchema = z.object({
  id: z.string(),
  name: z.string(),
  enabled: z.boolean(),
  trigger: triggerSchema,
  channelIds: z.array(z.string()),
  createdAt: epochMs,
  updatedAt: epochMs,
});
export type NotificationRule = z.infer<typeof notificationRuleSchema>;
export const ruleListSchema = z.object({ rules: z.array(notificationRuleSchema) });

export const deliveryStatuses = ['pending', 'delivered', 'failed'] as const;
export type DeliveryStatus = (typeof deliveryStatuses)[number];

/** The event types a delivery carries (the webhook body's `type`). */
export const eventTypes = [
  'alert.created',
  'alert.severity_raised',
  'alert.assigned',
  'case.assigned',
  'reveal.requested',
  'reveal.decided',
  'collector.failing',
  'retention.removed',
  'channel.test',
] as const;
export type NotificationEventType = (typeof eventTypes)[number];

export const deliverySchema = z.object({
  id: z.string(),
  channelId: z.string(),
  channelName: z.string(),
  event: z.enum(eventTypes),
  /** What the message is about, as its title says (pseudonyms only). */
  title: z.string(),
  status: z.enum(deliveryStatuses),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  createdAt: epochMs,
  lastAttemptAt: epochMs.nullable(),
  nextAttemptAt: epochMs.nullable(),
  deliveredAt: epochMs.nullable(),
});
export type Delivery = z.infer<typeof deliverySchema>;

/** GET /notifications/deliveries: newest first; `before` is `nextBefore` of the last page. */
export const deliveryQuerySchema = z.object({
  channel: z.string().min(1).max(128).optional(),
  status: z.enum(deliveryStatuses, 'pending, delivered or failed.').optional(),
  before: z.string().min(1).max(200).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
export const deliveryPageSchema = z.object({
  deliveries: z.array(deliverySchema),
  nextBefore: z.string().nullable(),
});

/** GET/PUT /me/notifications: a person's own notifications, by email. */
export const myNotificationsSchema = z.strictObject({
  assignedToMe: z.boolean(),
  myRevealDecided: z.boolean(),
});
export type MyNotifications = z.infer<typeof myNotificationsSchema>;
