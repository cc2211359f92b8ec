import type { Insertable } from 'kysely';

import type { NormalizedEvent } from '../../../shared/events';
import type { EventsTable } from '../../db/schema';

/** An events row ready to insert. */
export type EventRow = Insertable<EventsTable>;

/** The columns an ingest writes (all but the generated id), in the order bulk statements use. */
export const EVENT_COLUMNS = [
  'source',
  'source_event_id',
  'integration_id',
  'time',
  'employee_id',
  'class_uid',
  'activity_id',
  'category',
  'activity',
  'action',
  'outcome',
  'actor_email',
  'actor_id',
  'app',
  'ip',
  'location',
  'file_id',
  'file_name',
  'file_path',
  'file_size',
  'file_label',
  'file_destination',
  'email_recipients',
  'email_external',
  'email_domains',
  'email_subject',
  'email_attachments',
  'email_size',
  'chat_channel',
  'chat_external',
  'chat_direct',
  'chat_text',
  'repository',
  'device_id',
  'device_name',
  'device_managed',
  'device_os',
  'removable_media',
  'process_name',
  'command_line',
  'parent_process',
  'target',
  'attributes',
  'raw',
  'ingested_at',
] as const satisfies ReadonlyArray<Exclude<keyof EventRow, 'id'>>;

/** A column of {@link EVENT_COLUMNS}. */
export type EventColumn = (typeof EVENT_COLUMNS)[number];

/** An events row as positional values in {@link EVENT_COLUMNS} order. */
export type EventValues = unknown[];

/** Where each column sits in {@link EventValues}. */
const AT = Object.fromEntries(EVENT_COLUMNS.map((column, i) => [column, i])) as Record<
  EventColumn,
  number
>;

const bit = (value: boolean | null | undefined): number | null =>
  value === null || value === undefined ? null : value ? 1 : 0;

/**
 * The one mapping from a normalized event to its row: flat columns for what detectors filter
 * on, JSON for the rest. Positional, because every ingested event goes through here and the
 * bulk statements bind values by position: building a 45-key object first and reading it back
 * by name cost about as much again as this (measured). Absent fields are stored as null.
 * `employeeId` is resolved by the caller (identities joined by email). `rawText` is the JSON
 * text `event.raw` was parsed from, when the caller has it: stored as is, it spares serializing
 * every record a second time.
 */
export function eventValues(
  event: NormalizedEvent,
  employeeId: string | null,
  ingestedAt: number,
  integrationId: string | null = null,
  rawText?: string,
): EventValues {
  const { file, email, chat, device, process } = event;
  const row = new Array<unknown>(EVENT_COLUMNS.length);
  row[AT.source] = event.source;
  row[AT.source_event_id] = event.sourceEventId;
  row[AT.integration_id] = integrationId;
  row[AT.time] = event.time;
  row[AT.employee_id] = employeeId;
  row[AT.class_uid] = event.classUid;
  row[AT.activity_id] = event.activityId;
  row[AT.category] = event.category;
  row[AT.activity] = event.activity;
  row[AT.action] = event.action;
  row[AT.outcome] = event.outcome;
  row[AT.actor_email] = event.actorEmail?.toLowerCase() ?? null;
  row[AT.actor_id] = event.actorId ?? null;
  row[AT.app] = event.app ?? null;
  row[AT.ip] = event.ip ?? null;
  row[AT.location] = event.location ?? null;
  row[AT.file_id] = file?.id ?? null;
  row[AT.file_name] = file?.name ?? null;
  row[AT.file_path] = file?.path ?? null;
  row[AT.file_size] = file?.size ?? null;
  row[AT.file_label] = file?.label ?? null;
  row[AT.file_destination] = file?.destination ?? null;
  row[AT.email_recipients] = email ? JSON.stringify(email.recipients) : null;
  row[AT.email_external] = bit(email?.external);
  row[AT.email_domains] = email ? JSON.stringify(email.domains) : null;
  row[AT.email_subject] = email?.subject ?? null;
  row[AT.email_attachments] = email?.attachments ?? null;
  row[AT.email_size] = email?.size ?? null;
  row[AT.chat_channel] = chat?.channel ?? null;
  row[AT.chat_external] = bit(chat?.external);
  row[AT.chat_direct] = bit(chat?.directMessage);
  row[AT.chat_text] = chat?.text ?? null;
  row[AT.repository] = event.repository ?? null;
  row[AT.device_id] = device?.id ?? null;
  row[AT.device_name] = device?.name ?? null;
  row[AT.device_managed] = bit(device?.managed);
  row[AT.device_os] = device?.os ?? null;
  row[AT.removable_media] = bit(device?.removableMedia);
  row[AT.process_name] = process?.name ?? null;
  row[AT.command_line] = process?.commandLine ?? null;
  row[AT.parent_process] = process?.parentName ?? null;
  row[AT.target] = event.target ?? null;
  row[AT.attributes] = JSON.stringify(event.attributes ?? {});
  row[AT.raw] = rawText ?? (event.raw === undefined ? null : JSON.stringify(event.raw));
  row[AT.ingested_at] = ingestedAt;
  return row;
}

/** The same row by column name, for Kysely inserts (tests, small batches). */
export function toEventRow(
  event: NormalizedEvent,
  employeeId: string | null,
  ingestedAt: number,
  integrationId: string | null = null,
  rawText?: string,
): EventRow {
  const values = eventValues(event, employeeId, ingestedAt, integrationId, rawText);
  const row: Record<string, unknown> = {};
  EVENT_COLUMNS.forEach((column, i) => {
    row[column] = values[i];
  });
  return row as EventRow;
}
