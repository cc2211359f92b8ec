import { execFileSync } from 'node:child_process';
import { createHash, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { runAnalysis } from '../../../src/server/analysis/runs/run-analysis';
import { subjectEventsCsv } from '../../../src/server/case/report/timeline-csv';
import { redactText } from '../../../src/server/privacy/redactor';
import {
  getPrivacySettings,
  savePrivacySettings,
} from '../../../src/server/db/queries/privacy-settings';
import { readZip } from '../case-record/zip-reader';
import { insertEvents } from '../findings/support/insert-events';
import { startTestApp } from '../support/test-app';
import type { ApiClient, TestApp } from '../support/test-app';

/**
 * Reports and exports without exposure (issue 17, item 4): the PDF, the HTML page and every
 * file of the ZIP name people only by pseudonym, inside raw records too, the same pseudonym
 * throughout; a reveal for a case shows that person (and only that person) in that case's
 * export, and in no other case's.
 */

const DAY = 86_400_000;
const SUBJECT = 'E1002';
const COLLEAGUE = 'E1003';
const PDFTOTEXT = '/usr/bin/pdftotext';

let t: TestApp;
let analyst: ApiClient;
let work: string;
let caseId: string;
let otherCaseId: string;
let subject: { name: string; email: string; pseudonym: string; code: string };
let colleague: { name: string; email: string; pseudonym: string; code: string };
/** Every employee's name and address, lower-cased: none may leave unrevealed. */
let identities: Array<{ id: string; values: string[] }>;
/** The window of both cases. */
let window: { from: number; to: number };
/** The time of the one event whose name reads across two cells. */
let crossCellTime: number;

async function download(id: string, file: string): Promise<Buffer> {
  const reply = await t.app.inject({
    method: 'GET',
    url: `/api/app/investigations/${id}/${file}`,
    headers: { host: 'vigil.test', cookie: analyst.cookie ?? '' },
  });
  expect(reply.statusCode, reply.body.slice(0, 300)).toBe(200);
  return reply.rawPayload;
}

/** The text of a PDF as pdftotext reads it, its lines joined (a name may wrap). */
function pdfText(pdf: Buffer): string {
  const file = path.join(work, `${randomUUID()}.pdf`);
  writeFileSync(file, pdf);
  return execFileSync(PDFTOTEXT, [file, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
}

/** Every file of an export as text: the PDF's extracted, the rest as written. */
function exportTexts(zip: Buffer): Map<string, string> {
  const texts = new Map<string, string>();
  for (const entry of readZip(zip))
    texts.set(
      entry.name,
      entry.name.endsWith('.pdf') ? pdfText(entry.data) : entry.data.toString('utf8'),
    );
  return texts;
}

/** The real identifiers of the employees (other than `except`) found in a text. */
function exposed(text: string, except: readonly string[] = []): string[] {
  const lower = text.toLowerCase();
  return identities
    .filter((person) => !except.includes(person.id))
    .flatMap((person) => person.values.filter((value) => lower.includes(value)));
}

beforeAll(async () => {
  t = await startTestApp();
  analyst = await t.signInAs('analyst');
  work = mkdtempSync(path.join(tmpdir(), 'vigil-export-redaction-'));
  const people = await t.db.selectFrom('employees').select(['id', 'full_name', 'email']).execute();
  identities = people.map((p) => ({
    id: p.id,
    values: [p.full_name.toLowerCase(), p.email.toLowerCase()],
  }));
  const person = (id: string) => {
    const row = people.find((p) => p.id === id)!;
    const pseudonym = t.app.pseudonyms.of(id);
    return {
      name: row.full_name,
      email: row.email,
      pseudonym: pseudonym.name,
      code: pseudonym.code,
    };
  };
  subject = person(SUBJECT);
  colleague = person(COLLEAGUE);
  const account = subject.email.slice(0, subject.email.indexOf('@'));
  const [first, last] = colleague.name.split(' ');

  // Events of the subject whose fields and raw records name them and a colleague: by full
  // name, by address, by account name, family name first.
  const end = Math.floor(Date.now() / DAY) * DAY;
  const start = end - 10 * DAY;
  const raw = (extra: object) =>
    JSON.stringify({
      user: { email: subject.email, name: subject.name, account: `NORTHWIND\\${account}` },
      ...extra,
    });
  const events = [];
  for (let i = 0; i < 12; i++) {
    const time = start + i * 6 * 3_600_000;
    events.push(
      {
        time,
        employee_id: SUBJECT,
        category: 'email',
        activity: 'email_send',
        actor_email: subject.email,
        email_recipients: JSON.stringify([colleague.email]),
        email_subject: `Handover notes for ${colleague.name}`,
        raw: raw({ to: [colleague.email], cc: `${last}, ${first}` }),
      },
      {
        time: time + 60_000,
        employee_id: SUBJECT,
        category: 'file',
        activity: 'usb_write',
        actor_email: subject.email,
        file_name: `${subject.name} - roadmap ${i}.xlsx`,
        file_destination: 'removable_media',
        file_size: 1_000_000 + i,
        target: colleague.email,
        device_name: `${account}-laptop`,
        raw: raw({ owner: colleague.name, path: `C:\\Users\\${account}\\roadmap.xlsx` }),
      },
      {
        time: time + 120_000,
        employee_id: SUBJECT,
        category: 'chat',
        activity: 'chat_message',
        actor_email: subject.email,
        chat_channel: 'handover',
        chat_text: `${colleague.name} asked for the files`,
        raw: raw({ text: `${colleague.name} asked ${subject.name} for the files` }),
      },
    );
  }
  // A name across two cells ("Okafor" in one, " Maya" in the next), which the redactor reads
  // as one name only because a space opens the second cell: the timeline redacts that line
  // whole, as the file read at once would be.
  crossCellTime = start + 3 * 3_600_000;
  events.push({
    time: crossCellTime,
    employee_id: SUBJECT,
    category: 'app',
    activity: 'app_access',
    actor_email: subject.email,
    app: last,
    target: ` ${first}`,
  });
  await insertEvents(t, events);
  window = { from: start - DAY, to: end + DAY };
  const open = async (title: string) => {
    const reply = await analyst.post('/investigations', {
      title,
      subjectEmployeeId: SUBJECT,
      windowStart: start - DAY,
      windowEnd: end + DAY,
    });
    expect(reply.status, JSON.stringify(reply.body)).toBe(201);
    return reply.body.id as string;
  };
  caseId = await open(`${subject.name} copying files for ${colleague.email}`);
  otherCaseId = await open(`Second look at ${subject.name}`);
  await runAnalysis(t.database, caseId);
  const note = await analyst.post(`/investigations/${caseId}/notes`, {
    body: `Spoke with ${colleague.name} (${colleague.email}) about ${subject.name}.`,
  });
  expect(note.status, JSON.stringify(note.body)).toBe(201);
  const ids = await t.db
    .selectFrom('events')
    .select('id')
    .where('employee_id', '=', SUBJECT)
    .orderBy('time')
    .limit(3)
    .execute();
  const pin = await analyst.post(`/investigations/${caseId}/pins`, {
    eventIds: ids.map((row) => String(row.id)),
    note: `What ${subject.name} sent to ${colleague.name}`,
  });
  expect(pin.status, JSON.stringify(pin.body)).toBe(201);
}, 180_000);

afterAll(async () => {
  await t?.close();
  if (work) rmSync(work, { recursive: true, force: true });
});

describe('exports while nobody is revealed', () => {
  it('the PDF names nobody, and shows the pseudonyms', async () => {
    const text = pdfText(await download(caseId, 'report.pdf'));
    expect(exposed(text)).toEqual([]);
    // The cover's subject, the title and the note's colleague, by pseudonym.
    expect(text).toContain(subject.code);
    expect(text).toContain(colleague.code);
  });

  it('the HTML page names nobody, and shows the pseudonyms', async () => {
    const html = (await download(caseId, 'report.html')).toString('utf8');
    expect(exposed(html)).toEqual([]);
    expect(html).toContain(subject.pseudonym);
    expect(html).toContain(colleague.pseudonym);
  });

  it('no file of the ZIP names anybody, raw records included; the pseudonyms are consistent', async () => {
    const zip = await download(caseId, 'export.zip');
    const texts = exportTexts(zip);
    expect(texts.size).toBeGreaterThan(5);
    for (const [name, text] of texts) expect(exposed(text), name).toEqual([]);

    const timeline = texts.get('timeline/subject-events.csv')!;
    expect(timeline).toContain(`${subject.pseudonym} - roadmap 0.xlsx`);
    expect(timeline).toContain(t.app.pseudonyms.of(COLLEAGUE).email);

    const pins = JSON.parse(texts.get('evidence/pins.json')!);
    const content = JSON.stringify(pins.pins[0].content);
    // The raw records: address, name, account and "family, given" all read as the same person.
    expect(content).toContain(t.app.pseudonyms.of(SUBJECT).email);
    expect(content).toContain(t.app.pseudonyms.of(SUBJECT).handle);
    expect(content).toContain(colleague.pseudonym);
    expect(texts.get('report.pdf')).toContain(subject.code);

    const manifest = JSON.parse(texts.get('manifest.json')!);
    expect(manifest.identities).toMatchObject({ pseudonymized: true, revealedPeople: 0 });
    expect(manifest.identities.note).toMatch(/rawHashes/);
    // The title is text someone wrote: the people it names are withheld (issue 23).
    expect(manifest.title).toContain('[withheld]');
    expect(manifest.title).not.toContain(subject.pseudonym);
    // The manifest's hashes are of the redacted files as exported.
    const files = new Map(readZip(zip).map((e) => [e.name, e.data]));
    for (const file of manifest.files as Array<{ path: string; sha256: string }>)
      expect(createHash('sha256').update(files.get(file.path)!).digest('hex'), file.path).toBe(
        file.sha256,
      );
  });
});

describe('the subject timeline, redacted cell by cell', () => {
  const csv = async (span: { from: number; to: number }, redact: (text: string) => string) => {
    const chunks: Buffer[] = [];
    for await (const chunk of subjectEventsCsv(t.database, SUBJECT, span, redact))
      chunks.push(chunk);
    return Buffer.concat(chunks).toString('utf8');
  };

  it('reads as the whole file passed through the redactor, a name across two cells included', async () => {
    const directory = await t.app.identityDirectory();
    const policy = await t.app.identityPolicyFor(caseId);
    const redact = (text: string) => redactText(text, directory, policy);
    const plain = await csv(window, (text) => text);
    const zip = await download(caseId, 'export.zip');
    expect(exportTexts(zip).get('timeline/subject-events.csv')).toBe(redact(plain));
    expect(redact(plain)).not.toBe(plain);

    // The line alone, on a page where no other cell names anyone: the space that opens the
    // second cell makes the page pass the redactor whole.
    const alone = { from: crossCellTime, to: crossCellTime + 1 };
    const [first, last] = colleague.name.split(' ');
    const line = await csv(alone, (text) => text);
    expect(line).toContain(`,${last}, ${first},`);
    const redacted = await csv(alone, redact);
    expect(redacted).toBe(redact(line));
    expect(redacted).not.toContain(`${last}, ${first}`);
  });
});

describe('exports after a reveal of the subject for one case', () => {
  beforeAll(async () => {
    const now = Date.now();
    await t.db
      .insertInto('identity_reveals')
      .values({
        id: randomUUID(),
        investigation_id: caseId,
        employee_id: SUBJECT,
        purpose: 'Interview with HR',
        status: 'granted',
        requested_by: analyst.user!.id,
        requested_at: now,
        decided_by: analyst.user!.id,
        decided_at: now,
        decision_reason: null,
        expires_at: now + DAY,
        expiry_audited_at: null,
      })
      .execute();
  });

  it('the PDF names the subject and still hides the colleague', async () => {
    const text = pdfText(await download(caseId, 'report.pdf'));
    expect(text).toContain(subject.name);
    expect(exposed(text, [SUBJECT])).toEqual([]);
    expect(text).toContain(colleague.code);
  });

  it('the ZIP names the subject everywhere and nobody else', async () => {
    const texts = exportTexts(await download(caseId, 'export.zip'));
    for (const [name, text] of texts) expect(exposed(text, [SUBJECT]), name).toEqual([]);
    const timeline = texts.get('timeline/subject-events.csv')!;
    expect(timeline).toContain(`${subject.name} - roadmap 0.xlsx`);
    expect(timeline).toContain(t.app.pseudonyms.of(COLLEAGUE).email);
    const content = JSON.stringify(JSON.parse(texts.get('evidence/pins.json')!).pins[0].content);
    expect(content).toContain(subject.email);
    expect(content).toContain(colleague.pseudonym);
    expect(texts.get('report.pdf')).toContain(subject.name);
    const manifest = JSON.parse(texts.get('manifest.json')!);
    expect(manifest.identities).toMatchObject({ pseudonymized: true, revealedPeople: 1 });
  });

  it('another case about the same subject still shows the pseudonym', async () => {
    const text = pdfText(await download(otherCaseId, 'report.pdf'));
    expect(exposed(text)).toEqual([]);
    expect(text).toContain(subject.code);
    const html = (await download(otherCaseId, 'report.html')).toString('utf8');
    expect(exposed(html)).toEqual([]);
  });
});

describe('exports while an admin has switched pseudonymization off', () => {
  it('name everyone as recorded, and the manifest says so', async () => {
    const saved = await getPrivacySettings(t.db);
    await savePrivacySettings(
      t.db,
      { ...saved, pseudonymize: false },
      analyst.user!.id,
      Date.now(),
    );
    try {
      const texts = exportTexts(await download(otherCaseId, 'export.zip'));
      expect(texts.get('timeline/subject-events.csv')).toContain(colleague.email);
      expect(texts.get('report.pdf')).toContain(subject.name);
      const manifest = JSON.parse(texts.get('manifest.json')!);
      expect(manifest.identities).toMatchObject({ pseudonymized: false });
      expect(manifest.title).toContain(subject.name);
    } finally {
      await savePrivacySettings(t.db, saved, analyst.user!.id, Date.now());
    }
  });
});
