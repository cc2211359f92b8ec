import type { Insertable, Kysely } from 'kysely';

import type { Database } from '../../../../src/server/db/schema';

type EventInsert = Insertable<Database['events']>;

/** What a test says about an event; everything else is empty. */
export type TestEvent = Pick<EventInsert, 'time' | 'employee_id' | 'category' | 'activity'> &
  Partial<EventInsert>;

let serial = 0;

/**
 * Stores events straight in the events table, as an ingest would have (ids are the engine's),
 * through the test app's database or a transaction of it.
 */
export async function insertEvents(
  t: { db: Kysely<Database> },
  events: readonly TestEvent[],
): Promise<void> {
  const rows: EventInsert[] = events.map((e) => ({
    source: 'normalized',
    source_event_id: `figures-test-${++serial}`,
    integration_id: null,
    class_uid: 0,
    activity_id: 0,
    action: e.activity,
    outcome: 'success',
    actor_email: null,
    actor_id: null,
    app: null,
    ip: null,
    location: null,
    file_id: null,
    file_name: null,
    file_path: null,
    file_size: null,
    file_label: null,
    file_destination: null,
    email_recipients: null,
    email_external: null,
    email_domains: null,
    email_subject: null,
    email_attachments: null,
    email_size: null,
    chat_channel: null,
    chat_external: null,
    chat_direct: null,
    chat_text: null,
    repository: null,
    device_id: null,
    device_name: null,
    device_managed: null,
    device_os: null,
    removable_media: null,
    process_name: null,
    command_line: null,
    parent_process: null,
    target: null,
    attributes: '{}',
    raw: null,
    ingested_at: Date.now(),
    ...e,
  }));
  for (let i = 0; i < rows.length; i += 200) {
    await t.db
      .insertInto('events')
      .values(rows.slice(i, i + 200))
      .execute();
  }
}
