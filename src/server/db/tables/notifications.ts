/*
 * Notification channels, rules, the outbox of deliveries and personal choices (migration 0034).
 * Times are epoch ms, booleans 0/1.
 */

/** One place Vigil sends to. */
export interface NotificationChannelsTable {
  id: string;
  /** webhook, email, slack, teams, syslog */
  kind: string;
  name: string;
  enabled: number;
  /** JSON object: the settings that are not secrets. */
  settings: string;
  /** The secrets' JSON, encrypted (AES-256-GCM); null when the kind has none. */
  secrets: string | null;
  /** JSON object: each secret's last four characters. */
  secret_hints: string;
  created_at: number;
  updated_at: number;
}

/** A trigger and the channels it sends to. */
export interface NotificationRulesTable {
  id: string;
  name: string;
  enabled: number;
  /** The trigger's kind, apart, to find the rules an event matches. */
  trigger_kind: string;
  /** JSON: the whole trigger (shared/schemas/notifications.ts). */
  trigger: string;
  /** JSON array of channel ids. */
  channel_ids: string;
  created_at: number;
  updated_at: number;
}

/** One event on its way to one channel (and recipient): the outbox. */
export interface NotificationDeliveriesTable {
  /** The delivery id: the same on every attempt, for receivers to deduplicate by. */
  id: string;
  channel_id: string;
  event_key: string;
  event_type: string;
  /** A person's own address for a personal notification; '' for the channel's own recipients. */
  recipient: string;
  /** JSON: the event's ids and words (never a person's name). */
  payload: string;
  title: string;
  /** pending, delivered, failed */
  status: string;
  attempts: number;
  next_attempt_at: number | null;
  /** Retries stop after this: 24 hours from queueing, or from an admin's re-send. */
  retry_until: number;
  last_attempt_at: number | null;
  last_error: string | null;
  delivered_at: number | null;
  claimed_until: number | null;
  occurred_at: number;
  created_at: number;
}

/** What a person asked to be told by email. */
export interface UserNotificationsTable {
  user_id: string;
  assigned_to_me: number;
  my_reveal_decided: number;
  updated_at: number;
}
