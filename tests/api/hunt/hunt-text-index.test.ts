import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { DatabaseHandle } from '../../../src/server/db/database';
import { deleteEventsBatch } from '../../../src/server/db/queries/retention';
import { parseHuntQuery } from '../../../src/server/hunt/parse-query';
import { runHunt } from '../../../src/server/hunt/run-hunt';
import { openTestDatabase } from '../support/test-database';

const DAY = 86_400_000;
const NOW = Date.UTC(2026, 10, 20);

let handle: DatabaseHandle;
let sequence = 0;

/** Writes one event of E1 an hour ago, as the ingest writes a row (no index is told). */
async function addEvent(fields: Record<string, unknown>): Promise<number> {
  sequence += 1;
  const row = await handle.db
    .insertInto('events')
    .values({
      source: 'normalized',
      source_event_id: `text-index-${sequence}`,
      time: NOW - 3_600_000 - sequence,
      employee_id: 'E1',
      class_uid: 0,
      activity_id: 0,
      category: 'file',
      activity: 'file_upload',
      action: 'upload',
      outcome: 'success',
      attributes: '{}',
      ingested_at: NOW - 400 * DAY,
      ...fields,
    } as never)
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

/** The ids a hunt finds over the last 30 days. */
async function hunt(q: string): Promise<number[]> {
  const page = await runHunt(
    { db: handle.db, dialect: handle.dialect, peopleNamed: (v) => [v], now: NOW },
    { q, limit: 100, sort: '-time' },
    parseHuntQuery(q),
  );
  return page.rows.map((r) => r.id).sort((a, b) => a - b);
}

/** The events SQLite's FTS table (migration 0037) holds for a word: what the index itself knows. */
async function indexHolds(word: string): Promise<number[]> {
  const grams = Array.from({ length: word.length - 2 }, (_, i) => `"${word.slice(i, i + 3)}"`);
  const { rows } = await sql<{ id: number }>`select rowid as id from events_text
    where events_text match ${grams.join(' AND ')}`.execute(handle.db);
  return rows.map((r) => Number(r.id)).sort((a, b) => a - b);
}

beforeAll(async () => {
  handle = await openTestDatabase();
});
afterAll(async () => {
  await handle.close();
});

describe('the trigram index of event text (migration 0037)', () => {
  it('finds an event the moment it is written, by free text, a text field, a wildcard and a mail domain', async () => {
    expect(await hunt('zanzibarquokka')).toEqual([]);
    const id = await addEvent({
      file_name: 'Zanzibarquokka-Plan.xlsx',
      file_path: '/Finance/Zanzibarquokka',
      email_subject: 'The Zanzibarquokka numbers',
      email_domains: JSON.stringify(['quokka-mail.example']),
    });
    const other = await addEvent({ file_name: 'Unrelated.docx' });
    expect(await hunt('zanzibarquokka')).toEqual([id]);
    expect(await hunt('ZANZIBARQUOKKA')).toEqual([id]);
    expect(await hunt('file.name:zanzibarquokka*')).toEqual([id]);
    expect(await hunt('file.name:"Zanzibarquokka-Plan.xlsx"')).toEqual([id]);
    expect(await hunt('email.subject:zanzibarquokka')).toEqual([id]);
    expect(await hunt('email.domain:quokka-mail.example')).toEqual([id]);
    // NOT keeps every other event: the index narrows only, it never decides.
    expect(await hunt('NOT zanzibarquokka')).toContain(other);
    expect(await hunt('NOT zanzibarquokka')).not.toContain(id);
    if (handle.dialect === 'sqlite') expect(await indexHolds('zanzibarquokka')).toEqual([id]);
  });

  it('forgets an event that retention deletes, and re-reads one whose text changes', async () => {
    const kept = await addEvent({ file_name: 'Wombatfjord-kept.pdf' });
    const gone = await addEvent({ file_name: 'Wombatfjord-old.pdf', employee_id: 'E2' });
    expect(await hunt('wombatfjord')).toEqual([kept, gone].sort((a, b) => a - b));
    // Retention: E2's events received before the cutoff and kept by no case go.
    const removed = await deleteEventsBatch(handle.db, 'E2', NOW - 30 * DAY, 1000);
    expect(removed.length).toBeGreaterThanOrEqual(1);
    expect(await hunt('wombatfjord')).toEqual([kept]);
    if (handle.dialect === 'sqlite') expect(await indexHolds('wombatfjord')).toEqual([kept]);

    await handle.db
      .updateTable('events')
      .set({ file_name: 'Platypusmarsh.pdf' })
      .where('id', '=', kept)
      .execute();
    expect(await hunt('wombatfjord')).toEqual([]);
    expect(await hunt('platypusmarsh')).toEqual([kept]);
    if (handle.dialect === 'sqlite') {
      expect(await indexHolds('wombatfjord')).toEqual([]);
      expect(await indexHolds('platypusmarsh')).toEqual([kept]);
    }
  });

  it('is the index the PostgreSQL planner reads for a rare word', async () => {
    if (handle.dialect !== 'postgres') return;
    await sql`set enable_seqscan = off`.execute(handle.db);
    const { rows } = await sql<{ 'QUERY PLAN': string }>`explain select id from events where
      vigil_fold(coalesce(events.file_name, '') || ' ' || coalesce(cast(events.email_recipients as text), '') || ' ' || coalesce(events.email_subject, '') || ' ' || coalesce(events.app, '') || ' ' || coalesce(events.repository, '') || ' ' || coalesce(events.target, '') || ' ' || coalesce(events.process_name, '') || ' ' || coalesce(events.device_name, '') || ' ' || coalesce(events.file_path, '') || ' ' || coalesce(events.command_line, '') || ' ' || coalesce(events.chat_text, '') || ' ' || coalesce(cast(events.email_domains as text), ''))
      like '%zanzibar%'`.execute(handle.db);
    await sql`reset enable_seqscan`.execute(handle.db);
    // The partition's copy of events_text_trgm (the only index on that expression).
    expect(rows.map((r) => r['QUERY PLAN']).join('\n')).toMatch(/Bitmap Index Scan on events_/);
  });
});
