import type { Kysely } from 'kysely';

import type { ChannelKind, DeliveryStatus } from '../../shared/schemas/notifications';
import { readJson } from '../db/dialect';
import { findChannel } from '../db/queries/notification-channels';
import { claimDelivery, recordAttempt } from '../db/queries/notification-deliveries';
import type { Database } from '../db/schema';
import { SecretUnreadable, type SecretBox } from '../ingest/collectors/secret-box';
import { openSettings } from './channel-settings';
import { DeliveryFailure } from './channels/channel-sender';
import { senders } from './channels/senders';
import type { NotificationEvent } from './notification-event';
import { buildMessage, type MessageContext } from './notification-message';

/** What sending needs: the database, the channels' secrets, and how long to wait and retry. */
export interface SendDeps {
  db: Kysely<Database>;
  secretBox: SecretBox;
  /** VIGIL_ALLOW_HTTP_CONNECTORS */
  allowInsecure: boolean;
  /** How long a receiver has to accept a message (10 s). */
  timeoutMs: number;
  /** Extra certificates TLS channels trust (config.notificationTlsCa: tests only). */
  trustedCa?: readonly string[];
  /** The first retry's wait (10 s); each later one doubles it, up to an hour. */
  retryBaseMs: number;
  /** How long one attempt holds its delivery; a claim that lapses (a dead process) is sent again. */
  claimMs: number;
  context: () => Promise<MessageContext>;
  /** Tests only: runs after a receiver took a message and before it is recorded. */
  faults?: { afterSend?: (deliveryId: string) => void | Promise<void> };
}

/** The longest wait between two attempts. */
const MAX_RETRY_MS = 60 * 60_000;

/** The wait after `attempts` failed attempts: base, doubled per attempt, at most an hour. */
export function retryDelayMs(attempts: number, baseMs: number): number {
  return Math.min(MAX_RETRY_MS, baseMs * 2 ** Math.max(0, attempts - 1));
}

/** What one attempt came to, or null when another sender holds the delivery. */
export interface AttemptOutcome {
  status: DeliveryStatus;
  error: string | null;
}

/** Sends one delivery once; the error as a sentence, or null when the receiver took it. */
async function sendOnce(
  deps: SendDeps,
  row: NonNullable<Awaited<ReturnType<typeof claimDelivery>>>,
): Promise<string | null> {
  try {
    const channel = await findChannel(deps.db, row.channel_id);
    if (!channel) return 'The channel no longer exists.';
    if (channel.enabled !== 1) return 'The channel is switched off.';
    const event = readJson<NotificationEvent>(row.payload);
    const message = buildMessage(
      row.id,
      event,
      row.title,
      Number(row.occurred_at),
      await deps.context(),
    );
    await senders[channel.kind as ChannelKind](message, {
      settings: openSettings(channel, deps.secretBox),
      recipient: row.recipient,
      allowInsecure: deps.allowInsecure,
      timeoutMs: deps.timeoutMs,
      ...(deps.trustedCa ? { trustedCa: deps.trustedCa } : {}),
    });
    return null;
  } catch (error) {
    if (error instanceof DeliveryFailure || error instanceof SecretUnreadable) return error.message;
    const reason = error instanceof Error ? error.message : String(error);
    return `Vigil could not send it: ${reason.slice(0, 300)}`;
  }
}

/**
 * One attempt at a delivery, if no other sender holds it: claimed, sent with the same delivery
 * id as every attempt before, then recorded. A failure is tried again after a growing wait
 * until its 24 hours are up, then marked failed. A process that dies between sending and
 * recording leaves the claim to lapse, and the delivery goes again, once, with the same id.
 */
export async function attemptDelivery(deps: SendDeps, id: string): Promise<AttemptOutcome | null> {
  const claimed = await claimDelivery(deps.db, id, Date.now(), Date.now() + deps.claimMs);
  if (!claimed) return null;
  const error = await sendOnce(deps, claimed);
  if (error === null) await deps.faults?.afterSend?.(id);
  const at = Date.now();
  if (error === null) {
    await recordAttempt(deps.db, id, { status: 'delivered', at });
    return { status: 'delivered', error: null };
  }
  const nextAt = at + retryDelayMs(claimed.attempts + 1, deps.retryBaseMs);
  if (nextAt > Number(claimed.retry_until)) {
    await recordAttempt(deps.db, id, { status: 'failed', at, error });
    return { status: 'failed', error };
  }
  await recordAttempt(deps.db, id, { status: 'pending', at, error, nextAt });
  return { status: 'pending', error };
}
