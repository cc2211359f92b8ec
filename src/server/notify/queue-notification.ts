import { randomUUID } from 'node:crypto';

import type { Kysely } from 'kysely';

import { severityRank } from '../../shared/incident-model';
import type { Trigger } from '../../shared/schemas/notifications';
import { readJson, toJson } from '../db/dialect';
import { firstEmailChannel, type ChannelRow } from '../db/queries/notification-channels';
import { queueDeliveries, type DeliveryRow } from '../db/queries/notification-deliveries';
import { activeUserEmail, emailsWithPermission } from '../db/queries/notification-recipients';
import { enabledRulesOf } from '../db/queries/notification-rules';
import { personalAddress } from '../db/queries/user-notifications';
import { isOnWatchlist } from '../db/queries/watchlists';
import type { Database } from '../db/schema';
import { eventKey, triggerOfEvent, type NotificationEvent } from './notification-event';
import { notificationTitle } from './notification-title';

/** How long a delivery is retried before it is marked failed. */
export const RETRY_WINDOW_MS = 24 * 60 * 60_000;

/** Whether a rule's trigger takes this event (its kind already matches). */
async function triggerTakes(
  db: Kysely<Database>,
  trigger: Trigger,
  event: NotificationEvent,
  now: number,
): Promise<boolean> {
  if (trigger.kind === 'alert' && event.type === 'alert.created') {
    const { alert } = event;
    if (severityRank(alert.severity) < severityRank(trigger.minSeverity)) return false;
    if (trigger.rule && trigger.rule !== alert.ruleId) return false;
    if (trigger.policy && !alert.policyIds.includes(trigger.policy)) return false;
    if (trigger.watchlist && !(await isOnWatchlist(db, trigger.watchlist, alert.employeeId, now)))
      return false;
    return true;
  }
  if (trigger.kind === 'severity_rising' && event.type === 'alert.severity_raised') {
    return (
      !trigger.minSeverity ||
      severityRank(event.alert.severity) >= severityRank(trigger.minSeverity)
    );
  }
  return true;
}

/**
 * Who an email channel writes to for an event about people of Vigil: the assignee, the
 * requester, the privacy officers. Null: the channel's own list.
 */
async function personalRecipients(
  db: Kysely<Database>,
  event: NotificationEvent,
): Promise<string[] | null> {
  switch (event.type) {
    case 'alert.assigned':
    case 'case.assigned': {
      const email = await activeUserEmail(db, event.assigneeUserId);
      return email ? [email] : [];
    }
    case 'reveal.decided': {
      const email = await activeUserEmail(db, event.requesterUserId);
      return email ? [email] : [];
    }
    case 'reveal.requested':
      return emailsWithPermission(db, 'privacy.approve');
    default:
      return null;
  }
}

/** The person who asked to be told of this event by email themselves, if any. */
async function ownChoice(db: Kysely<Database>, event: NotificationEvent): Promise<string | null> {
  if (event.type === 'case.assigned' || event.type === 'alert.assigned')
    return personalAddress(db, event.assigneeUserId, 'assigned_to_me');
  if (event.type === 'reveal.decided')
    return personalAddress(db, event.requesterUserId, 'my_reveal_decided');
  return null;
}

/**
 * Queues an event for every channel its enabled rules name (and the person's own email where
 * they asked), in the caller's transaction: the outbox row commits with the change that caused
 * it, or not at all. An event reaches each channel and recipient once, however many rules name
 * it. Sending happens later, in the background. Returns how many deliveries were queued.
 */
export async function queueNotification(
  db: Kysely<Database>,
  event: NotificationEvent,
  now: number,
  occurredAt: number = now,
): Promise<number> {
  const trigger = triggerOfEvent[event.type];
  const targets: Array<{ channel: ChannelRow; recipient: string }> = [];
  if (trigger) {
    const rules = await enabledRulesOf(db, trigger);
    const channelIds = new Set<string>();
    for (const rule of rules) {
      if (await triggerTakes(db, readJson<Trigger>(rule.trigger), event, now)) {
        for (const id of readJson<string[]>(rule.channel_ids)) channelIds.add(id);
      }
    }
    if (channelIds.size > 0) {
      const channels = await db
        .selectFrom('notification_channels')
        .selectAll()
        .where('id', 'in', [...channelIds])
        .where('enabled', '=', 1)
        .execute();
      const people = channels.some((c) => c.kind === 'email')
        ? await personalRecipients(db, event)
        : null;
      for (const channel of channels) {
        if (channel.kind === 'email' && people) {
          for (const email of people) targets.push({ channel, recipient: email });
        } else targets.push({ channel, recipient: '' });
      }
    }
  }
  const own = await ownChoice(db, event);
  if (own) {
    const transport = await firstEmailChannel(db);
    if (transport) targets.push({ channel: transport, recipient: own });
  }
  if (targets.length === 0) return 0;
  const key = eventKey(event);
  const title = notificationTitle(event);
  const rows: DeliveryRow[] = targets.map(({ channel, recipient }) => ({
    id: randomUUID(),
    channel_id: channel.id,
    event_key: key,
    event_type: event.type,
    recipient,
    payload: toJson(event),
    title,
    status: 'pending',
    attempts: 0,
    next_attempt_at: now,
    retry_until: now + RETRY_WINDOW_MS,
    last_attempt_at: null,
    last_error: null,
    delivered_at: null,
    claimed_until: null,
    occurred_at: occurredAt,
    created_at: now,
  }));
  return queueDeliveries(db, rows);
}
