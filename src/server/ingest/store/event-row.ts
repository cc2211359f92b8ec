import type { Insertable } from 'kysely';

import type { NormalizedEvent } from '../../../shared/events';
import type { EventsTable } from '../../db/schema';

/** An events row ready to insert. */
export type EventRow = Insertable<EventsTable>;

const bit = (value: boolean | null | undefined): number | null =>
  value === null || value === undefined ? null : value ? 1 : 0;

/**
 * The one mapping from a normalized event to its row: flat columns for what detectors filter
 * on, JSON for the rest. `employeeId` is resolved by the caller (identities joined by email).
 * `rawText` is the JSON text `event.raw` was parsed from, when the caller has it: stored as is,
 * it spares serializing every record a second time.
 */
export function toEventRow(
  event: NormalizedEvent,
  employeeId: string | null,
  ingestedAt: number,
  integrationId: string | null = null,
  rawText?: string,
): EventRow {
  return {
    source: event.source,
    source_event_id: event.sourceEventId,
    integration_id: integrationId,
    time: event.time,
    employee_id: employeeId,
    class_uid: event.classUid,
    activity_id: event.activityId,
    category: event.category,
    activity: event.activity,
    action: event.action,
    outcome: event.outcome,
    actor_email: event.actorEmail?.toLowerCase() ?? null,
    actor_id: event.actorId,
    app: event.app,
    ip: event.ip,
    location: event.location,
    file_id: event.file?.id ?? null,
    file_name: event.file?.name ?? null,
    file_path: event.file?.path ?? null,
    file_size: event.file?.size ?? null,
    file_label: event.file?.label ?? null,
    file_destination: event.file?.destination ?? null,
    email_recipients: event.email ? JSON.stringify(event.email.recipients) : null,
    email_external: bit(event.email?.external),
    email_domains: event.email ? JSON.stringify(event.email.domains) : null,
    email_subject: event.email?.subject ?? null,
    email_attachments: event.email?.attachments ?? null,
    email_size: event.email?.size ?? null,
    chat_channel: event.chat?.channel ?? null,
    chat_external: bit(event.chat?.external),
    chat_direct: bit(event.chat?.directMessage),
    chat_text: event.chat?.text ?? null,
    repository: event.repository,
    device_id: event.device?.id ?? null,
    device_name: event.device?.name ?? null,
    device_managed: bit(event.device?.managed),
    device_os: event.device?.os ?? null,
    removable_media: bit(event.device?.removableMedia),
    process_name: event.process?.name ?? null,
    command_line: event.process?.commandLine ?? null,
    parent_process: event.process?.parentName ?? null,
    target: event.target,
    attributes: JSON.stringify(event.attributes ?? {}),
    raw: rawText ?? (event.raw === undefined ? null : JSON.stringify(event.raw)),
    ingested_at: ingestedAt,
  };
}

/** The column names of an events row, in a fixed order (for bulk statements). */
export const EVENT_COLUMNS = Object.keys(
  toEventRow(
    {
      source: 'normalized',
      sourceEventId: 'x',
      time: 0,
      classUid: 0,
      activityId: 0,
      category: 'app',
      activity: 'other',
      action: 'x',
      outcome: 'unknown',
      actorEmail: null,
      actorId: null,
      app: null,
      ip: null,
      location: null,
      file: null,
      email: null,
      chat: null,
      repository: null,
      device: null,
      process: null,
      target: null,
      attributes: {},
      raw: null,
    },
    null,
    0,
  ),
) as Array<keyof EventRow>;
