import fs from 'node:fs';

import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';

import { adminApi, press, seedInvestigation, signIn } from './support/vigil';

test.use({ viewport: { width: 1440, height: 1000 } });

const SHOTS = process.env.VIGIL_SHOTS_DIR;

async function shot(page: Page, name: string) {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

/** The cells of an RFC 4180 CSV as the export writes it (CRLF, quoted fields). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      i++;
    } else field += c;
  }
  return rows;
}

test('an auditor finds the reads of a case by keys, opens one and exports the view as CSV', async ({
  page,
}) => {
  // Setup through the API: a case, and its findings read three times by the admin.
  const started = new Date(Date.now() - 1000).toISOString();
  const subject = 'E10011';
  const target = await seedInvestigation(page.request, `Audited case ${Date.now()}`, subject);
  const api = await adminApi(page.request);
  for (let i = 0; i < 3; i++)
    expect((await api.get(`/investigations/${target.id}/findings/working-hours`)).ok()).toBe(true);

  await signIn(page, 'auditor');
  // The palette reaches the screen by its name.
  await press(page, 'Control+k');
  await page.keyboard.type('Audit log');
  await expect(page.getByRole('option', { name: /Audit log/ }).first()).toBeVisible();
  await press(page, 'Enter');
  await expect(page.getByRole('heading', { name: 'Audit log' })).toBeVisible();
  await expect(page).toHaveURL(/\/app\/admin\/audit$/);
  const grid = page.getByRole('grid', { name: 'Audit log' });
  await expect(grid.getByRole('row').nth(1)).toBeVisible();

  // f: the filters (user, person, case, action, from, before); Enter applies them all and
  // hands the keys back to the rows.
  await press(page, 'f');
  await expect(page.getByLabel('Filter by user')).toBeFocused();
  await press(page, 'Tab Tab');
  await expect(page.getByLabel('Filter by case')).toBeFocused();
  await page.keyboard.type(target.id);
  await press(page, 'Tab');
  await expect(page.getByLabel('Filter by action')).toBeFocused();
  await page.keyboard.type('evidence.read');
  await press(page, 'Enter');
  await expect(page).toHaveURL(/action=evidence\.read/);
  const actions = grid.getByRole('gridcell', { name: 'evidence.read' });
  await expect(actions).toHaveCount(3);
  await expect(grid.getByRole('gridcell', { name: 'auth.login' })).toHaveCount(0);
  await shot(page, 'audit-log');

  // Enter opens the entry under the cursor: its details as JSON.
  await press(page, 'Enter');
  const entry = page.getByRole('dialog', { name: /Audit entry \d+/ });
  await expect(entry).toContainText('evidence.read');
  await expect(entry.getByLabel('Details as JSON')).toContainText('"page": "working-hours"');
  await expect(entry.getByLabel('Details as JSON')).toContainText(
    `"subjectEmployeeId": "${subject}"`,
  );
  await shot(page, 'audit-entry');
  await press(page, 'Escape');
  await expect(entry).toBeHidden();

  // e: the filtered view as CSV, every row of it.
  const download = page.waitForEvent('download');
  await press(page, 'e');
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^vigil-audit-\d{4}-\d{2}-\d{2}\.csv$/);
  const [header, ...rows] = parseCsv(fs.readFileSync(await file.path(), 'utf8'));
  expect(header).toEqual([
    'Id',
    'Time (UTC)',
    'User id',
    'User email',
    'Action',
    'Target type',
    'Target id',
    'Details',
    'IP',
    'User agent',
  ]);
  expect(rows).toHaveLength(3);
  for (const row of rows) {
    expect(row[4]).toBe('evidence.read');
    expect(row[6]).toBe(target.id);
    expect(JSON.parse(row[7]!)).toMatchObject({
      page: 'working-hours',
      subjectEmployeeId: subject,
    });
  }

  // With a person filter, who viewed them and how often.
  await press(page, 'f Tab');
  await expect(page.getByLabel('Filter by person')).toBeFocused();
  await page.keyboard.type(subject);
  // From the start of this journey: reads of earlier runs against the same server stay out.
  await press(page, 'Tab Tab Tab');
  await expect(page.getByLabel('Filter by from')).toBeFocused();
  await page.keyboard.type(started);
  await press(page, 'Enter');
  const views = page.getByRole('region', { name: 'Who viewed this person' });
  const adminReads = views.locator('tbody tr', { hasText: 'admin@vigil.local' });
  await expect(adminReads.locator('td').nth(1)).toHaveText('findings');
  await expect(adminReads.locator('td').nth(2)).toHaveText('3');
  await shot(page, 'audit-person-views');
});
