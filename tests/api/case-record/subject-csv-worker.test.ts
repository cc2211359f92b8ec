import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { constants, inflateRawSync } from 'node:zlib';

import SQLite from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { CleanPages, SubjectCsvWriter } from '../../../src/server/case/report/subject-csv-writer';
import { SUBJECT_CSV_HEADER } from '../../../src/server/case/report/timeline-columns';
import {
  startSubjectEventsCsv,
  subjectEventsCsv,
} from '../../../src/server/case/report/timeline-csv';
import type { DatabaseHandle } from '../../../src/server/db/database';
import { exportReaderSource, subjectEventPages } from '../../../src/server/db/queries/case-export';
import { insertEvents } from '../findings/support/insert-events';
import type { TestEvent } from '../findings/support/insert-events';
import { startTestApp } from '../support/test-app';
import type { TestApp } from '../support/test-app';

/**
 * The ZIP's subject timeline is written on a worker thread with a connection of its own
 * (issue 30): its bytes must be the ones the writer gives on this thread, page size aside,
 * redacted the same (a page with a cell the redactor changes passes it whole). On SQLite the
 * test database lives in memory, where no other connection can read it, so it is copied to a
 * file first.
 */

const DAY = 86_400_000;
const SUBJECT = 'E1002';
const START = Date.UTC(2026, 5, 1);
const WINDOW = { from: START, to: START + 13 * DAY };

let t: TestApp;
let handle: Pick<DatabaseHandle, 'sqlite' | 'pool'>;
let dir: string | null = null;

beforeAll(async () => {
  t = await startTestApp();
  const events: TestEvent[] = [];
  for (let i = 0; i < 600; i++) {
    events.push({
      time: START + (i % 13) * DAY + i * 1000,
      employee_id: i % 5 === 0 ? 'E1003' : SUBJECT,
      category: i % 2 ? 'file' : 'app',
      activity: i % 2 ? 'file_download' : 'app_access',
      app: i % 3 ? 'Slack' : null,
      file_name: i % 2 ? `Plan ${i % 40}.docx` : null,
      file_size: i % 2 ? 1000 + i : null,
      file_destination: i % 11 === 0 ? 'personal_email' : null,
      email_subject: i % 7 === 0 ? `Re: "quarter", ${i % 3} → next` : null,
    });
  }
  // Three events half a day from the rest, in a slice of their own (the last test hides them).
  for (let i = 0; i < 3; i++)
    events.push({
      time: START + 6 * DAY + DAY / 2 + i * 1000,
      employee_id: SUBJECT,
      category: 'file',
      activity: 'file_download',
      file_name: 'Merger memo.pdf',
    });
  await insertEvents(t, events);
  if (t.database.sqlite) {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vigil-csv-worker-'));
    const file = path.join(dir, 'copy.db');
    fs.writeFileSync(file, t.database.sqlite.serialize());
    handle = { sqlite: new SQLite(file), pool: null };
  } else handle = t.database;
}, 120_000);
afterAll(async () => {
  if (dir) {
    handle.sqlite?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
  await t?.close();
});

/** A redactor that hides one file: its cells, and the sentences that name it. */
const redact = (text: string) => text.replaceAll('Plan 13.docx', 'Plan [hidden].docx');

async function text(chunks: AsyncIterable<Buffer>): Promise<string> {
  let all = '';
  for await (const chunk of chunks) all += chunk.toString('utf8');
  return all;
}

describe('the subject timeline written on a worker thread', () => {
  it('gives the bytes this thread writes, page by page, redacted the same', async () => {
    expect(exportReaderSource(handle)).not.toBeNull();
    const fromWorker = await text(subjectEventsCsv(handle, SUBJECT, WINDOW, redact));

    const writer = new SubjectCsvWriter();
    const pages = new CleanPages(redact);
    let here = redact(SUBJECT_CSV_HEADER);
    let rows = 0;
    for await (const page of subjectEventPages(t.database, SUBJECT, WINDOW, 7)) {
      rows += page.length;
      here += pages.redacted(writer.page(page)).bytes.toString('utf8');
    }
    expect(rows).toBeGreaterThan(400);
    expect(fromWorker).toBe(here);
    expect(fromWorker.split('\r\n')).toHaveLength(rows + 2);
    expect(fromWorker).toContain('Plan [hidden].docx');
    expect(fromWorker).not.toContain('Plan 13.docx');
    expect(fromWorker).toContain('Plan 17.docx');
    expect(fromWorker).toContain('"Re: ""quarter"", 1 → next"');
  });

  it('can be left after its first page, and writes the whole file again after', async () => {
    let chunks = 0;
    for await (const chunk of subjectEventsCsv(handle, SUBJECT, WINDOW, redact)) {
      if (chunks === 0) expect(chunk.toString('utf8')).toBe(redact(SUBJECT_CSV_HEADER));
      if (++chunks === 2) break;
    }
    expect(chunks).toBe(2);
    const again = await text(subjectEventsCsv(handle, SUBJECT, WINDOW, (s) => s));
    expect(again.split('\r\n').length).toBeGreaterThan(400);
    expect(again).toContain('Plan 13.docx');
  });

  it('deflates each page it writes for the ZIP, and drops that where the redactor changed the page', async () => {
    let deflated = 0;
    let redacted = 0;
    let first = true;
    const hideMemo = (text: string) => text.replaceAll('Merger memo.pdf', 'Merger [hidden].pdf');
    for await (const chunk of startSubjectEventsCsv(handle, SUBJECT, WINDOW, hideMemo).chunks) {
      if (chunk.deflated) {
        deflated++;
        // A segment of a longer stream: it ends in a sync flush, not a final block.
        const inflated = inflateRawSync(chunk.deflated, { finishFlush: constants.Z_SYNC_FLUSH });
        expect(inflated.equals(chunk.bytes)).toBe(true);
      } else if (!first) {
        // A page the redactor changed is deflated where it is sent, from its redacted bytes.
        expect(chunk.bytes.toString('utf8')).toContain('Merger [hidden].pdf');
        redacted++;
      }
      first = false;
    }
    expect(deflated).toBeGreaterThan(5);
    expect(redacted).toBe(1);
  });
});
