import { createHash } from 'node:crypto';
import fs from 'node:fs';

import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';

import { personAs } from './support/people';
import { adminApi, press, signIn, tabTo } from './support/vigil';
import { readZip } from '../api/case-record/zip-reader';

const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

/** The demo's departing-employee case (src/server/demo/demo-data.ts): its subject has USB writes. */
const DEPARTING = 'Departing employee: files to USB and personal mail';

test.use({ viewport: { width: 1440, height: 900 } });

/** Runs a palette entry by typing its words and pressing Enter once it is the first choice. */
async function fromPalette(page: Page, words: string, option: RegExp): Promise<void> {
  await press(page, 'Control+k');
  await page.keyboard.type(words);
  const palette = page.locator('[data-overlay="palette"]');
  await expect(palette.getByRole('option').first()).toHaveAccessibleName(option);
  await press(page, 'Enter');
}

/** Picks an entry on a command's next palette page by typing part of it. */
async function choose(page: Page, words: string, option: RegExp): Promise<void> {
  const palette = page.locator('[data-overlay="palette"]');
  await expect(palette.getByRole('option').first()).toBeVisible();
  await page.keyboard.type(words);
  await expect(palette.getByRole('option').first()).toHaveAccessibleName(option);
  await press(page, 'Enter');
}

test('the case record by keys: a case from a template, a step ticked, a note, a pinned event, closed with an outcome, the report and the ZIP exported', async ({
  page,
}) => {
  test.setTimeout(120_000);
  // Setup through the API as the admin, before the investigator signs in (the cookie jar is
  // shared): who the demo's departing employee is. An investigator sees only their own cases.
  const api = await adminApi(page.request);
  const cases = (await (await api.get('/investigations?limit=500')).json()) as {
    investigations: Array<{ title: string; subject: { id: string } }>;
  };
  const subjectId = cases.investigations.find((c) => c.title === DEPARTING)!.subject.id;

  await signIn(page, 'investigator');
  // People show as pseudonyms: the subject is found by the one the investigator sees.
  const subject = await personAs(page, subjectId);
  expect(subject.identity).toBe('pseudonymized');
  const title = `Case record journey ${Date.now()}`;

  // 1. A case from a template: the palette, the template, the subject by pseudonym, a title.
  await fromPalette(page, 'from template', /New Investigation from Template/);
  await choose(page, 'Departing', /Departing employee data theft/);
  const dialog = page.getByRole('dialog', {
    name: 'New investigation: Departing employee data theft',
  });
  await expect(dialog.getByLabel('Find the subject')).toBeFocused();
  await page.keyboard.type(subject.pseudonym);
  await expect(dialog.getByLabel('Subject', { exact: true })).toHaveValue(subjectId);
  await press(page, 'Tab Tab');
  await expect(dialog.getByLabel('Title')).toBeFocused();
  await page.keyboard.type(title);
  await press(page, 'Enter');
  await expect(page.getByRole('heading', { name: title })).toBeVisible();
  await expect(page.getByText(`Subject: ${subject.pseudonym}`)).toBeVisible();

  // 2. Tick the checklist's first step with x.
  const card = page.getByRole('region', { name: 'Checklist' });
  await expect(card).toContainText('0 of 10 done');
  const steps = card.getByRole('listbox');
  await tabTo(page, steps, { max: 60 });
  await press(page, 'x');
  await expect(card).toContainText('1 of 10 done');
  await expect(steps.getByRole('option', { selected: true })).toHaveCount(1);

  // 3. i n: a note, sent with Ctrl+Enter; the case history shows it.
  const history = page.getByRole('list', { name: 'Case history, newest first' });
  await press(page, 'i n');
  const composer = page.getByRole('dialog', { name: 'Write a note' });
  await expect(composer.getByLabel('Note')).toBeFocused();
  await page.keyboard.type('Files went to **USB** two days after the resignation.');
  await press(page, 'Control+Enter');
  await expect(composer).toBeHidden();
  await expect(history.getByRole('article').first().locator('strong')).toHaveText('USB');

  // 4. Pin an event: e d opens the devices page, Tab walks to its USB writes, p pins the
  // one under the cursor with a note.
  await press(page, 'e d');
  await expect(page).toHaveURL(/\/evidence-locker\/devices$/);
  const writes = page.getByRole('grid', { name: 'Removable media writes' });
  await expect(writes.getByRole('row').nth(1)).toBeVisible({ timeout: 30_000 });
  await tabTo(page, writes, { max: 60 });
  await press(page, 'p');
  const pin = page.getByRole('dialog', { name: 'Pin to evidence' });
  await expect(pin).toBeVisible();
  const pinNote = `Copied to USB (${Date.now()})`;
  await page.keyboard.type(pinNote);
  await press(page, 'Control+Enter');
  await expect(pin).toBeHidden();
  await expect(page.getByText('Pinned to evidence')).toBeVisible();
  // The locker lists it with the SHA-256 the server took of what it captured.
  await press(page, 'g e');
  const pinned = page.getByRole('grid', { name: 'Pinned evidence' });
  const pinRow = pinned.getByRole('row', { name: new RegExp(pinNote.replace(/[()]/g, '\\$&')) });
  await expect(pinRow).toBeVisible();
  await expect(pinRow.getByLabel(/^(HMAC-)?SHA-256 [0-9a-f]{64}$/)).toBeVisible();

  // 5. i c: close with an outcome and a reason.
  await press(page, 'g o');
  await expect(page.getByRole('heading', { name: title })).toBeVisible();
  await press(page, 'i c');
  const close = page.getByRole('dialog', { name: 'Close investigation' });
  await expect(close.getByLabel('Outcome')).toBeFocused();
  await press(page, 'ArrowDown');
  await expect(close.getByLabel('Outcome')).toHaveValue('confirmed_violation');
  await press(page, 'Tab');
  await expect(close.getByLabel('Reason')).toBeFocused();
  await page.keyboard.type('Customer files copied to USB before leaving.');
  await press(page, 'Control+Enter');
  await expect(close).toBeHidden();
  await expect(
    page.getByRole('region', { name: /Closed: Confirmed policy violation/ }),
  ).toContainText('Customer files copied to USB before leaving.');

  // 6. Export report from the palette: the PDF is made on the server and downloaded.
  const download = page.waitForEvent('download', { timeout: 60_000 });
  await fromPalette(page, 'Export report', /Export Report/);
  await choose(page, 'PDF', /Report as PDF/);
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^vigil-case-.+-report\.pdf$/);
  const bytes = fs.readFileSync(await file.path());
  expect(bytes.length).toBeGreaterThan(0);
  expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  await expect(page.getByText(/^Saved vigil-case-.+-report\.pdf$/)).toBeVisible();

  // 7. The whole case as a ZIP: it opens, and its manifest's SHA-256 and size match each file.
  const zipDownload = page.waitForEvent('download', { timeout: 60_000 });
  await fromPalette(page, 'Export report', /Export Report/);
  await choose(page, 'ZIP', /Case as ZIP/);
  const zipFile = await zipDownload;
  expect(zipFile.suggestedFilename()).toMatch(/\.zip$/);
  const entries = readZip(fs.readFileSync(await zipFile.path()));
  const manifest = JSON.parse(entries.find((e) => e.name === 'manifest.json')!.data.toString()) as {
    files: Array<{ path: string; sha256: string; size: number }>;
  };
  expect(manifest.files.map((f) => f.path)).toEqual(
    entries.map((e) => e.name).filter((name) => name !== 'manifest.json'),
  );
  for (const file of manifest.files) {
    const data = entries.find((e) => e.name === file.path)!.data;
    expect({ path: file.path, size: data.length, sha256: sha256(data) }).toEqual(file);
  }
  const timeline = entries.find((e) => e.name === 'timeline/subject-events.csv')!;
  expect(timeline.data.toString().split('\r\n').length).toBeGreaterThan(100);
});
