import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { Manifest } from '../../../src/server/demo/generator/index';
import { analyse, loadDataset, openCase } from '../incidents/support';
import { startTestApp } from '../support/test-app';
import type { ApiClient, TestApp } from '../support/test-app';
import { auditOf } from './case-support';
import { csvRecords, readZip } from './zip-reader';

/**
 * The report to hand over: the PDF opens and every page renders, the HTML page holds the
 * sections and escapes what people wrote, the ZIP's manifest vouches for every file in it, the
 * timeline CSV holds every event of the subject in the window, and every export is audited.
 */

const PDFTOPPM = '/usr/bin/pdftoppm';
const HOSTILE = '<script>alert("pwned")</script>';

let t: TestApp;
let analyst: ApiClient;
let manifest: Manifest;
let caseId: string;
let subjectId: string;
let window: { start: number; end: number };
let work: string;

/** A binary reply as the browser receives it. */
async function download(client: ApiClient, file: string) {
  const reply = await t.app.inject({
    method: 'GET',
    url: `/api/app/investigations/${caseId}/${file}`,
    headers: { host: 'vigil.test', cookie: client.cookie ?? '' },
  });
  return { status: reply.statusCode, headers: reply.headers, body: reply.rawPayload };
}

beforeAll(async () => {
  t = await startTestApp();
  analyst = await t.signInAs('analyst');
  manifest = await loadDataset(t);
  const departing = manifest.scenarios.find((s) => s.scenario === 'departing-exfiltration')!;
  subjectId = departing.employeeId;
  const opened = await openCase(analyst, subjectId, manifest, `Departing engineer ${HOSTILE}`);
  caseId = opened.id;
  window = { start: opened.windowStart, end: opened.windowEnd };
  await analyse(t, caseId);
  const note = await analyst.post(`/investigations/${caseId}/notes`, {
    body: `Copied the **roadmap** to USB. ${HOSTILE} = formula?`,
  });
  expect(note.status, JSON.stringify(note.body)).toBe(201);
  const usb = await t.db
    .selectFrom('events')
    .select('id')
    .where('employee_id', '=', subjectId)
    .where('activity', '=', 'usb_write')
    .orderBy('time')
    .limit(2)
    .execute();
  const pin = await analyst.post(`/investigations/${caseId}/pins`, {
    eventIds: usb.map((row) => String(row.id)),
    note: 'The copies to USB',
  });
  expect(pin.status, JSON.stringify(pin.body)).toBe(201);
  work = mkdtempSync(path.join(tmpdir(), 'vigil-report-test-'));
}, 180_000);
afterAll(async () => {
  await t?.close();
  if (work) rmSync(work, { recursive: true, force: true });
});

describe('GET /investigations/{id}/report.pdf', () => {
  it('is a PDF whose every page renders', async (context) => {
    const reply = await download(analyst, 'report.pdf');
    expect(reply.status, reply.body.toString('utf8').slice(0, 300)).toBe(200);
    expect(reply.headers['content-type']).toBe('application/pdf');
    expect(reply.headers['content-disposition']).toContain(`vigil-case-${caseId}-report.pdf`);
    expect(reply.body.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    if (!existsSync(PDFTOPPM))
      context.skip(`${PDFTOPPM} is missing (apt-get install poppler-utils): pages not rendered.`);
    const file = path.join(work, 'report.pdf');
    writeFileSync(file, reply.body);
    const info = execFileSync('/usr/bin/pdfinfo', [file], { encoding: 'utf8' });
    const pages = Number(/Pages:\s+(\d+)/.exec(info)?.[1]);
    expect(pages).toBeGreaterThanOrEqual(4);
    // pdftoppm exits non-zero on a page it cannot render; each page becomes one PNG.
    execFileSync(PDFTOPPM, ['-png', '-r', '30', file, path.join(work, 'page')]);
    const images = readdirSync(work).filter(
      (name) => name.startsWith('page') && name.endsWith('.png'),
    );
    expect(images).toHaveLength(pages);
    const text = execFileSync('/usr/bin/pdftotext', [file, '-'], { encoding: 'utf8' });
    for (const heading of [
      'Risk score',
      'Summary',
      'Incidents',
      'Key findings by evidence page',
      'Pinned evidence',
      'Case notes',
      'Case history',
    ])
      expect(text).toContain(heading);
    expect(text).toContain('Copied the **roadmap** to USB.');
  });
});

describe('GET /investigations/{id}/report.html', () => {
  it('holds every section on one self-contained page and escapes what people wrote', async () => {
    const reply = await download(analyst, 'report.html');
    expect(reply.status).toBe(200);
    expect(reply.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(reply.headers['content-security-policy']).toContain("default-src 'none'");
    const html = reply.body.toString('utf8');
    for (const id of ['summary', 'incidents', 'findings', 'pins', 'notes', 'checklist', 'history'])
      expect(html).toContain(`<section id="${id}">`);
    // The title and the note carry a script tag: it shows as text and never as markup.
    expect(html).not.toMatch(/<script/i);
    expect(html).toContain('&lt;script&gt;alert(&quot;pwned&quot;)&lt;/script&gt;');
    expect(html).toContain('Copied the **roadmap** to USB.');
    // Nothing is fetched: no src or href to anywhere, charts are inline SVG.
    expect(html).not.toMatch(/\s(src|href)=/i);
    expect(html).toContain('<svg class="chart"');
    // The pin's hash, as the pins API gives it.
    const pins = (await analyst.get(`/investigations/${caseId}/pins`)).body.pins;
    expect(html).toContain(pins[0].contentSha256);
  });
});

describe('the sections of a report', () => {
  it('follow the case’s template: one without pins prints none, and its checklist', async () => {
    const templates = (await analyst.get('/templates')).body.templates as Array<{
      id: string;
      name: string;
      reportSections: string[];
      steps: Array<{ label: string }>;
    }>;
    const template = templates.find((tpl) => !tpl.reportSections.includes('pins'))!;
    expect(template, 'a shipped template leaves pins out').toBeDefined();
    const created = await analyst.post('/investigations', {
      title: 'From a template',
      subjectEmployeeId: subjectId,
      templateId: template.id,
      windowStart: window.start,
      windowEnd: window.end,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const reply = await t.app.inject({
      method: 'GET',
      url: `/api/app/investigations/${created.body.id}/report.html`,
      headers: { host: 'vigil.test', cookie: analyst.cookie ?? '' },
    });
    expect(reply.statusCode).toBe(200);
    const sections = [...reply.body.matchAll(/<section id="([a-z]+)">/g)].map((m) => m[1]);
    expect(sections).toEqual(template.reportSections);
    const escaped = template.steps[0]!.label.replace(/&/g, '&amp;')
      .replace(/</g, '&lt;')
      .replace(/>/g, '&gt;')
      .replace(/"/g, '&quot;')
      .replace(/'/g, '&#39;');
    expect(reply.body).toContain(escaped);
  });
});

describe('GET /investigations/{id}/export.zip', () => {
  let files: Map<string, Buffer>;
  let manifestFile: Buffer;

  it('lists every other file in its manifest with a SHA-256 and size that match its bytes', async () => {
    const reply = await download(analyst, 'export.zip');
    expect(reply.status, reply.body.toString('utf8').slice(0, 300)).toBe(200);
    expect(reply.headers['content-type']).toBe('application/zip');
    const entries = readZip(reply.body);
    files = new Map(entries.map((e) => [e.name, e.data]));
    manifestFile = files.get('manifest.json')!;
    const manifestJson = JSON.parse(manifestFile.toString('utf8'));
    expect(manifestJson).toMatchObject({
      investigationId: caseId,
      generatedBy: { email: analyst.user!.email },
    });
    expect(Number.isNaN(Date.parse(manifestJson.generatedAt))).toBe(false);
    const listed = manifestJson.files as Array<{ path: string; sha256: string; size: number }>;
    expect(listed.map((f) => f.path).sort()).toEqual(
      entries
        .map((e) => e.name)
        .filter((n) => n !== 'manifest.json')
        .sort(),
    );
    for (const file of listed) {
      const bytes = files.get(file.path)!;
      expect(createHash('sha256').update(bytes).digest('hex'), file.path).toBe(file.sha256);
      expect(bytes.length, file.path).toBe(file.size);
    }
    expect(files.get('report.pdf')!.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect([...files.keys()].filter((n) => n.startsWith('findings/')).length).toBeGreaterThan(10);
  });

  it('holds every event of the subject in the window, one CSV row each', async () => {
    const expected = await t.db
      .selectFrom('events')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('employee_id', '=', subjectId)
      .where('time', '>=', window.start)
      .where('time', '<', window.end)
      .executeTakeFirstOrThrow();
    const records = csvRecords(files.get('timeline/subject-events.csv')!.toString('utf8'));
    expect(records[0]![0]).toBe('Event');
    expect(records.length - 1).toBe(Number(expected.n));
    expect(Number(expected.n)).toBeGreaterThan(100);
    const ids = new Set(records.slice(1).map((r) => r[0]));
    expect(ids.size).toBe(Number(expected.n));
    const incidents = csvRecords(files.get('timeline/incident-events.csv')!.toString('utf8'));
    expect(incidents.length).toBeGreaterThan(1);
  });

  it('keeps the pinned evidence with its raw records and hashes', () => {
    const pins = JSON.parse(files.get('evidence/pins.json')!.toString('utf8'));
    expect(pins.pins).toHaveLength(1);
    const [pin] = pins.pins;
    expect(pin.contentSha256).toMatch(/^[0-9a-f]{64}$/);
    expect(pin.rawHashes).toHaveLength(2);
    expect(JSON.stringify(pin.content)).toContain('raw');
  });

  it('is audited with its kind, and the zip with the SHA-256 of its manifest', async () => {
    const entries = await auditOf(t, 'case.export', caseId);
    const kinds = entries.map((e) => e.details?.kind);
    expect(kinds).toEqual(expect.arrayContaining(['pdf', 'html', 'zip']));
    const zip = entries.filter((e) => e.details?.kind === 'zip').at(-1)!;
    expect(zip.actor_email).toBe(analyst.user!.email);
    expect(zip.details!.manifestSha256).toBe(
      createHash('sha256').update(manifestFile).digest('hex'),
    );
  });
});

describe('who may export', () => {
  it('needs evidence.read (an auditor reads the record, not the evidence)', async () => {
    const auditor = await t.signInAs('auditor');
    const reply = await download(auditor, 'report.pdf');
    expect(reply.status).toBe(403);
  });

  it('answers the brief’s 404 for a case the caller cannot see', async () => {
    const outsider = await t.signInAs('investigator');
    const reply = await download(outsider, 'export.zip');
    expect(reply.status).toBe(404);
    expect(JSON.parse(reply.body.toString('utf8')).message).toBe(
      `Investigation report ${caseId} not found`,
    );
  });
});
